"""Möller-Trumbore ray/triangle intersection against a small triangle
soup, per-ray nearest hit with barycentrics, face normal via cross and
normalize; results as hit distance, triangle index and (u, v)."""
import warp as wp


@wp.func
def intersect(o: wp.vec3, d: wp.vec3, a: wp.vec3, b: wp.vec3, c: wp.vec3) -> wp.vec3:
    e1 = b - a
    e2 = c - a
    p = wp.cross(d, e2)
    det = wp.dot(e1, p)
    if wp.abs(det) < 1.0e-8:
        return wp.vec3(-1.0, 0.0, 0.0)
    inv = 1.0 / det
    s = o - a
    u = wp.dot(s, p) * inv
    if u < 0.0 or u > 1.0:
        return wp.vec3(-1.0, 0.0, 0.0)
    q = wp.cross(s, e1)
    v = wp.dot(d, q) * inv
    if v < 0.0 or u + v > 1.0:
        return wp.vec3(-1.0, 0.0, 0.0)
    t = wp.dot(e2, q) * inv
    return wp.vec3(t, u, v)


@wp.kernel
def trace(orig: wp.array(dtype=wp.vec3), dirs: wp.array(dtype=wp.vec3), verts: wp.array(dtype=wp.vec3),
          t_out: wp.array(dtype=float), tri_out: wp.array(dtype=int), uv: wp.array(dtype=wp.vec2),
          nrm: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    o = orig[i]
    d = wp.normalize(dirs[i])
    best = float(1.0e10)
    best_tri = int(-1)
    best_uv = wp.vec2()
    ntri = verts.shape[0] / 3
    for t in range(ntri):
        r = intersect(o, d, verts[3 * t], verts[3 * t + 1], verts[3 * t + 2])
        if r[0] > 0.0 and r[0] < best:
            best = r[0]
            best_tri = t
            best_uv = wp.vec2(r[1], r[2])
    t_out[i] = best
    tri_out[i] = best_tri
    uv[i] = best_uv
    if best_tri >= 0:
        a = verts[3 * best_tri]
        nrm[i] = wp.normalize(wp.cross(verts[3 * best_tri + 1] - a, verts[3 * best_tri + 2] - a))


TESTS = [
    dict(kernel="trace", dim=2000,
         args=dict(orig=("uniform", -0.2, 0.2), dirs=("uniform", -1, 1), verts=("uniform", -2, 2)),
         shapes=dict(verts=(60,)), outputs=["t_out", "tri_out", "uv", "nrm"], rtol=1e-4, atol=1e-5),
]
