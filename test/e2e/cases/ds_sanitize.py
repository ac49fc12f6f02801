"""Sanitizing simulation data that may contain inf and NaN: isfinite /
isinf / isnan on scalars, vectors, matrices and quaternions; bad entries
replaced by zero and counted per kind with integer atomics; the cleaned
data is finite so the comparison is ordinary."""
import warp as wp


@wp.kernel
def clean(x: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat22), q: wp.array(dtype=wp.quat),
          xo: wp.array(dtype=float), vo: wp.array(dtype=wp.vec3), flags: wp.array2d(dtype=int),
          counts: wp.array(dtype=int)):
    i = wp.tid()
    s = x[i]
    if wp.isnan(s):
        wp.atomic_add(counts, 0, 1)
        s = 0.0
    elif wp.isinf(s):
        wp.atomic_add(counts, 1, 1)
        s = wp.sign(s) * 1.0e6
    xo[i] = s
    vv = v[i]
    if not wp.isfinite(vv):
        wp.atomic_add(counts, 2, 1)
        vv = wp.vec3()
    vo[i] = vv
    flags[i, 0] = int(wp.isnan(v[i])) + 2 * int(wp.isinf(v[i]))
    flags[i, 1] = int(wp.isfinite(m[i])) + 2 * int(wp.isnan(m[i])) + 4 * int(wp.isinf(m[i]))
    flags[i, 2] = int(wp.isfinite(q[i])) + 2 * int(wp.isnan(q[i])) + 4 * int(wp.isinf(q[i]))


INF = float("inf")
NAN = float("nan")
XS = [1.0, NAN, -INF, 2.5, INF, 0.0, -3.0, NAN] * 8
VS = [[1.0, 2.0, 3.0], [NAN, 0.0, 1.0], [0.0, INF, 1.0], [0.5, 0.5, -INF]] * 16
MS = [[[1.0, 2.0], [3.0, 4.0]], [[NAN, 0.0], [0.0, 1.0]], [[0.0, -INF], [1.0, 1.0]], [[1.0, 1.0], [1.0, 1.0]]] * 16
QS = [[0.0, 0.0, 0.0, 1.0], [INF, 0.0, 0.0, 1.0], [0.0, NAN, 0.0, 1.0], [0.1, 0.2, 0.3, 0.9]] * 16
TESTS = [
    dict(kernel="clean", dim=64, args=dict(x=XS, v=VS, m=MS, q=QS), shapes=dict(flags=(64, 3), counts=(3,)),
         outputs=["xo", "vo", "flags", "counts"]),
]
