"""warp-lang 1.19.0's warp/examples/tile/example_tile_cholesky.py: cholesky
(tile_cholesky of a 32x32 float64 matrix, then tile_cholesky_solve) on
the example's inputs (ones plus 5 on the diagonal, the right-hand side
0..31) and on a random symmetric positive definite matrix, grid 1x1,
block_dim 128 as the example launches it.  Its dtype is the alias the
example binds with `np_type, wp_type = np.float64, wp.float64`."""
import numpy as np

TARGET = "warp/examples/tile/example_tile_cholesky.py"

_m = np.random.default_rng(5).standard_normal((32, 32))
TESTS = [
    dict(name="cholesky_example", kernel="cholesky", dim=(1, 1), block_dim=128,
         args=dict(A=("values", (np.ones((32, 32)) + 5 * np.eye(32)).tolist()), X="arange"),
         shapes=dict(A=(32, 32), L=(32, 32), X=(32,), Y=(32,))),
    dict(name="cholesky_random_spd", kernel="cholesky", dim=(1, 1), block_dim=128,
         args=dict(A=("values", (_m @ _m.T + 32 * np.eye(32)).tolist()), X=("uniform", -1.0, 1.0)),
         shapes=dict(A=(32, 32), L=(32, 32), X=(32,), Y=(32,))),
]
