"""Continuous collision detection: a moving sphere against a set of
planes (time of impact by solving the linear distance equation), and
against static spheres (quadratic in t with discriminant test); the
earliest hit time and the contact normal per moving sphere."""
import warp as wp


@wp.kernel
def toi(c0: wp.array(dtype=wp.vec3), vel: wp.array(dtype=wp.vec3), r: float, plane_n: wp.array(dtype=wp.vec3),
        plane_d: wp.array(dtype=float), obst: wp.array(dtype=wp.vec4), t_hit: wp.array(dtype=float),
        normal: wp.array(dtype=wp.vec3), what: wp.array(dtype=int)):
    i = wp.tid()
    p = c0[i]
    v = vel[i]
    best = float(1.0)
    n_best = wp.vec3()
    kind = int(-1)
    for k in range(plane_n.shape[0]):
        n = wp.normalize(plane_n[k])
        dist = wp.dot(n, p) - plane_d[k] - r
        vn = wp.dot(n, v)
        if dist >= 0.0 and vn < 0.0:
            t = -dist / vn
            if t < best:
                best = t
                n_best = n
                kind = k
    for k in range(obst.shape[0]):
        o = obst[k]
        oc = p - wp.vec3(o[0], o[1], o[2])
        rr = r + o[3]
        a = wp.dot(v, v)
        b = wp.dot(oc, v)
        c = wp.dot(oc, oc) - rr * rr
        disc = b * b - a * c
        if c > 0.0 and b < 0.0 and disc >= 0.0:
            t = (-b - wp.sqrt(disc)) / a
            if t < best:
                best = t
                n_best = wp.normalize(oc + v * t)
                kind = 100 + k
    t_hit[i] = best
    normal[i] = n_best
    what[i] = kind


TESTS = [
    dict(kernel="toi", dim=2000,
         args=dict(c0=("uniform", -1, 1), vel=("uniform", -3, 3), r=0.1,
                   plane_n=[[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [-1.0, 0.0, 0.0], [0.3, 0.3, 1.0]],
                   plane_d=[-2.0, -2.0, -2.0, -2.5],
                   obst=[[0.5, 0.5, 0.5, 0.2], [-0.5, 0.0, 1.5, 0.4], [1.5, -1.0, 0.0, 0.3]]),
         shapes=dict(plane_n=(4,), plane_d=(4,), obst=(3,)), outputs=["t_hit", "normal", "what"],
         rtol=1e-5, atol=1e-5),
]
