"""Module-level constants defined by arithmetic on other constants and on
Warp scalar constructors, as users write configuration blocks."""
import math

import warp as wp

BLOCK = wp.constant(8)
GRID = wp.constant(BLOCK * 4)            # 32
CELLS = GRID * GRID                      # plain int arithmetic: 1024
INV_GRID = 1.0 / GRID                    # plain float: 0.03125
THIRD = wp.constant(wp.float64(1.0) / wp.float64(3.0))
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
    idx[i, 0] = (i * BLOCK) % CELLS
    idx[i, 1] = GRID - i
    d[i] = THIRD * wp.float64(i) + EPS64
    v[i] = ORIGIN * float(i)


TESTS = [
    dict(kernel="use", dim=40, shapes=dict(out=(40, 3), idx=(40, 2)), atol=1e-5),
]
