"""Module-level constants defined by arithmetic on other constants and on
Warp scalar constructors, as users write configuration blocks.

Arithmetic between Warp scalars at module level is Warp's own (warp-lang
1.19.0; 1.10.1 gave a Python number): wp.float64(1.0) / wp.float64(3.0) is a
float64 computed in double (THIRD64), wp.float16 arithmetic rounds to half
(H3), integer wp.int64 `/` truncates and `%` keeps the dividend's sign
(Q64, R64); float32 and int32 results are Python numbers again (F32, I32).
"""
import math

import warp as wp

BLOCK = wp.constant(8)
GRID = wp.constant(BLOCK * 4)            # 32
CELLS = GRID * GRID                      # plain int arithmetic: 1024
INV_GRID = 1.0 / GRID                    # plain float: 0.03125
THIRD = wp.constant(wp.float64(1.0 / 3.0))
THIRD64 = wp.constant(wp.float64(1.0) / wp.float64(3.0))  # a float64 constant
H3 = wp.constant(wp.float16(0.1) + wp.float16(0.2))       # float16(0.300048828125)
Q64 = wp.constant(wp.int64(-7) / wp.int64(2))             # int64(-3)
R64 = wp.constant(wp.int64(-7) % wp.int64(2))             # int64(-1)
NEG64 = -wp.float64(0.1)                                  # float64
F32 = wp.float32(1.0) / wp.float32(3.0)                   # Python float: float32 in kernels
I32 = wp.int32(-7) / wp.int32(2)                          # Python int -3
U8 = wp.uint8(3) - wp.uint8(5)                            # uint8(254)
TWO_PI = wp.constant(2.0 * math.pi)
HALF = wp.constant(wp.float32(0.5))
EPS64 = wp.constant(wp.float64(1.0e-12))
ORIGIN = wp.constant(wp.vec3(0.5, 0.5, 0.5) * 2.0)


@wp.kernel
def use(out: wp.array2d(dtype=float), idx: wp.array2d(dtype=int), d: wp.array(dtype=wp.float64),
        v: wp.array(dtype=wp.vec3), d3: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    out[i, 0] = float(i) * INV_GRID
    out[i, 1] = wp.sin(TWO_PI * float(i) / float(GRID))
    out[i, 2] = HALF * float(i)
    out[i, 3] = F32 * float(i)
    idx[i, 0] = (i * BLOCK) % CELLS
    idx[i, 1] = GRID - i
    d[i] = THIRD * wp.float64(i) + EPS64
    d3[i, 0] = THIRD64 * wp.float64(i) + NEG64
    d3[i, 1] = wp.float64(H3 * wp.float16(i))
    d3[i, 2] = wp.float64(Q64 * wp.int64(i) + R64)
    d3[i, 3] = wp.float64(I32 * i) + wp.float64(U8)
    v[i] = ORIGIN * float(i)


TESTS = [
    dict(kernel="use", dim=40, shapes=dict(out=(40, 4), idx=(40, 2), d3=(40, 4)), atol=1e-5),
]
