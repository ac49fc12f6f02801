"""min / max / clamp as warp-lang 1.19 computes them on the CPU: fmin/fmax
with a NaN operand losing to a number and ties going to the first operand
(min(+0.0, -0.0) is +0.0, 1.10.1 gave -0.0), clamp = min(max(lo, x), hi),
and argmin/argmax and min(v)/max(v) skipping NaN components (argmin of an
all-NaN vector is 0).  Gradients at ties and NaNs: test/grad/minmax_nan.py."""
import math

import warp as wp

NAN = math.nan


@wp.kernel
def scalars(a: wp.array(dtype=float), b: wp.array(dtype=float), out: wp.array2d(dtype=float),
            d: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    out[i, 0] = wp.min(x, y)
    out[i, 1] = wp.max(x, y)
    out[i, 2] = wp.clamp(x, y, 1.0)
    out[i, 3] = wp.clamp(0.5, x, y)
    # the sign of a zero result: copysign(1, r)
    out[i, 4] = wp.copysign(1.0, wp.min(x, y))
    out[i, 5] = wp.copysign(1.0, wp.max(x, y))
    d[i, 0] = wp.min(wp.float64(x), wp.float64(y))
    d[i, 1] = wp.max(wp.float64(x), wp.float64(y))


@wp.kernel
def vectors(v: wp.array(dtype=wp.vec3), w: wp.array(dtype=wp.vec3), out: wp.array2d(dtype=float),
            idx: wp.array2d(dtype=int), vo: wp.array2d(dtype=wp.vec3)):
    i = wp.tid()
    out[i, 0] = wp.min(v[i])
    out[i, 1] = wp.max(v[i])
    idx[i, 0] = int(wp.argmin(v[i]))
    idx[i, 1] = int(wp.argmax(v[i]))
    vo[i, 0] = wp.min(v[i], w[i])
    vo[i, 1] = wp.max(v[i], w[i])


A = [NAN, 1.0, NAN, 0.0, -0.0, 0.0, 2.0, -1.0, 3.0, NAN]
B = [1.0, NAN, NAN, -0.0, 0.0, 0.0, 2.0, 5.0, -2.0, -3.0]
V = [[NAN, 1.0, -1.0], [NAN, NAN, NAN], [2.0, NAN, 2.0], [0.0, -0.0, 1.0], [-0.0, 0.0, -1.0],
     [3.0, 1.0, 2.0]]
W = [[0.0, NAN, -2.0], [1.0, 2.0, NAN], [NAN, NAN, 1.0], [-0.0, 0.0, 1.0], [0.0, -0.0, -1.0],
     [1.0, 1.0, 5.0]]

TESTS = [
    dict(kernel="scalars", dim=10, args=dict(a=("values", A), b=("values", B)),
         shapes=dict(out=(10, 6), d=(10, 2)), outputs=["out", "d"], allow_nonfinite=True),
    dict(kernel="vectors", dim=6, args=dict(v=("values", V), w=("values", W)),
         shapes=dict(out=(6, 2), idx=(6, 2), vo=(6, 2)), outputs=["out", "idx", "vo"], allow_nonfinite=True),
]
