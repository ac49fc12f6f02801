"""A type alias bound by a module-level tuple assignment, as warp-lang
1.19's examples/tile/example_tile_cholesky.py writes it:
`np_type, wp_type = np.float64, wp.float64`, then wp_type in array
annotations, as a tile dtype and as a constructor.  warpc said "unknown
type 'wp_type'" (it took only `wp_type = wp.float64`); the constants
bound the same way (A, B = 3, 4.5) already worked."""
import numpy as np

import warp as wp

np_type, wp_type = np.float64, wp.float64
A, B = 3, 4.5


@wp.kernel
def alias_tuple(a: wp.array(dtype=wp_type), o: wp.array(dtype=wp_type), t: wp.array(dtype=wp_type)):
    i, j = wp.tid()
    x = wp.tile_load(a, shape=8)
    y = wp.tile_map(wp.mul, x, wp.tile_full(8, wp_type(A), dtype=wp_type))
    wp.tile_store(t, y + wp.tile_ones(8, dtype=wp_type) * wp_type(B))
    o[i] = a[i] * wp_type(A)


TESTS = [
    dict(kernel="alias_tuple", dim=1, block_dim=8, args=dict(a=("uniform", -1, 1)),
         shapes=dict(a=(8,), o=(8,), t=(8,))),
]
