"""Module-level constants defined by arithmetic on other constants and on
Warp scalar constructors, as users write configuration blocks.

Note: arithmetic between Warp scalars in Python yields a Python number, so
wp.float64(1.0) / wp.float64(3.0) at module level is a plain float and the
constant is a float32 in kernels (THIRD32); wrap the result instead to keep a
float64 constant (THIRD).
"""
import math

import warp as wp

BLOCK = wp.constant(8)
GRID = wp.constant(BLOCK * 4)            # 32
CELLS = GRID * GRID                      # plain int arithmetic: 1024
INV_GRID = 1.0 / GRID                    # plain float: 0.03125
THIRD = wp.constant(wp.float64(1.0 / 3.0))
THIRD32 = wp.constant(wp.float64(1.0) / wp.float64(3.0))  # a float32 constant
TWO_PI = wp.constant(2.0 * math.pi)
HALF = wp.constant(wp.float32(0.5))
EPS64 = wp.constant(wp.float64(1.0e-12))
ORIGIN = wp.constant(wp.vec3(0.5, 0.5, 0.5) * 2.0)


@wp.kernel
def use(out: wp.array2d(dtype=float), idx: wp.array2d(dtype=int), d: wp.array(dtype=wp.float64),
        v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i, 0] = float(i) * INV_GRID
    out[i, 1] = wp.sin(TWO_PI * float(i) / float(GRID))
    out[i, 2] = HALF * float(i)
    out[i, 3] = THIRD32 * float(i)
    idx[i, 0] = (i * BLOCK) % CELLS
    idx[i, 1] = GRID - i
    d[i] = THIRD * wp.float64(i) + EPS64
    v[i] = ORIGIN * float(i)


TESTS = [
    dict(kernel="use", dim=40, shapes=dict(out=(40, 4), idx=(40, 2)), atol=1e-5),
]
