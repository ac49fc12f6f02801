"""Geometry queries: intersect_tri_tri (Moller's test; float32 and float64,
random triangles that overlap about half the time, coplanar pairs that go
through its 2D fallback, touching and far-apart pairs) and
closest_point_edge_edge (s, t, distance; general position, segments
degenerate to points below epsilon, parallel segments, clamped ends)."""
import warp as wp


@wp.kernel
def tri_tri(p: wp.array2d(dtype=wp.vec3), hit: wp.array(dtype=int)):
    i = wp.tid()
    hit[i] = wp.intersect_tri_tri(p[i, 0], p[i, 1], p[i, 2], p[i, 3], p[i, 4], p[i, 5])


@wp.kernel
def tri_tri_d(p: wp.array2d(dtype=wp.vec3d), hit: wp.array(dtype=int)):
    i = wp.tid()
    hit[i] = wp.intersect_tri_tri(p[i, 0], p[i, 1], p[i, 2], p[i, 3], p[i, 4], p[i, 5])


@wp.kernel
def tri_tri_coplanar(p: wp.array2d(dtype=wp.vec3), axis: int, hit: wp.array(dtype=int), hit_d: wp.array(dtype=int)):
    # both triangles in the plane normal to `axis` (some vertices shared)
    i = wp.tid()
    a = p[i, 0]
    a[axis] = 0.25
    b = p[i, 1]
    b[axis] = 0.25
    c = p[i, 2]
    c[axis] = 0.25
    d = p[i, 3]
    d[axis] = 0.25
    e = p[i, 4]
    e[axis] = 0.25
    f = p[i, 5] * 0.2
    f[axis] = 0.25
    if i % 7 == 0:
        d = a
    hit[i] = wp.intersect_tri_tri(a, b, c, d, e, f) + 2 * wp.intersect_tri_tri(f, e, d, c, b, a)
    hit_d[i] = wp.intersect_tri_tri(wp.vec3d(a), wp.vec3d(b), wp.vec3d(c), wp.vec3d(d), wp.vec3d(e), wp.vec3d(f))


@wp.kernel
def edge_edge(p: wp.array2d(dtype=wp.vec3), eps: float, out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    p1 = p[i, 0]
    q1 = p[i, 1]
    p2 = p[i, 2]
    q2 = p[i, 3]
    k = i % 6
    if k == 1:
        q1 = p1 + wp.vec3(1.0e-4, 0.0, 0.0)  # first edge a point
    elif k == 2:
        q2 = p2  # second edge a point
    elif k == 3:
        q1 = p1
        q2 = p2  # both points
    elif k == 4:
        q2 = p2 + (q1 - p1) * 2.0  # parallel
    out[i] = wp.closest_point_edge_edge(p1, q1, p2, q2, eps)


TESTS = [
    dict(kernel="tri_tri", dim=2000, args=dict(p=("uniform", -1, 1)), shapes=dict(p=(2000, 6)), outputs=["hit"]),
    dict(kernel="tri_tri_d", dim=2000, args=dict(p=("uniform", -1, 1)), shapes=dict(p=(2000, 6)), outputs=["hit"]),
    dict(name="tri_tri_touching", kernel="tri_tri", dim=500, args=dict(p=("choice", [-1.0, 0.0, 0.5, 1.0])),
         shapes=dict(p=(500, 6)), outputs=["hit"]),
    dict(kernel="tri_tri_coplanar", dim=600, args=dict(p=("uniform", -1, 1), axis=0), shapes=dict(p=(600, 6)),
         outputs=["hit", "hit_d"]),
    dict(name="tri_tri_coplanar_y", kernel="tri_tri_coplanar", dim=600, args=dict(p=("uniform", -1, 1), axis=1),
         shapes=dict(p=(600, 6)), outputs=["hit", "hit_d"]),
    dict(name="tri_tri_coplanar_z", kernel="tri_tri_coplanar", dim=600, args=dict(p=("uniform", -1, 1), axis=2),
         shapes=dict(p=(600, 6)), outputs=["hit", "hit_d"]),
    dict(kernel="edge_edge", dim=600, args=dict(p=("uniform", -2, 2), eps=1.0e-6), shapes=dict(p=(600, 4)),
         outputs=["out"], rtol=1e-5, atol=1e-5),
    dict(name="edge_edge_eps", kernel="edge_edge", dim=600, args=dict(p=("uniform", -2, 2), eps=1.0e-3),
         shapes=dict(p=(600, 4)), outputs=["out"], rtol=1e-5, atol=1e-5),
]
