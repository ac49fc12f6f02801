"""Triangular tile solves with a zero on the diagonal, as warp-lang 1.19
computes them on the CPU (its test_tile_solve's singular matrices): a
zero pivot is skipped (x_i = the partial sum, not divided), so the
result stays finite; warpc divided by zero (inf, then NaN).
tile_lower_solve, tile_upper_solve (vector and matrix right-hand sides)
and tile_cholesky_solve of a factor with a zero on its diagonal."""
import numpy as np

import warp as wp


@wp.kernel
def singular(L: wp.array2d(dtype=float), U: wp.array2d(dtype=float), y: wp.array(dtype=float),
             Y: wp.array2d(dtype=float), xl: wp.array(dtype=float), xu: wp.array(dtype=float),
             XL: wp.array2d(dtype=float), xc: wp.array(dtype=float)):
    l = wp.tile_load(L, shape=(6, 6))
    u = wp.tile_load(U, shape=(6, 6))
    b = wp.tile_load(y, shape=6)
    B = wp.tile_load(Y, shape=(6, 3))
    wp.tile_store(xl, wp.tile_lower_solve(l, b))
    wp.tile_store(xu, wp.tile_upper_solve(u, b))
    wp.tile_store(XL, wp.tile_lower_solve(l, B))
    wp.tile_store(xc, wp.tile_cholesky_solve(l, b))


_rng = np.random.default_rng(7)
_L = np.tril(_rng.random((6, 6))) + np.eye(6)
_L[5, 5] = 0.0
_L[2, 2] = 0.0
_U = np.triu(_rng.random((6, 6))) + np.eye(6)
_U[5, 5] = 0.0
_U[0, 0] = 0.0

TESTS = [
    dict(kernel="singular", dim=1, block_dim=8,
         args=dict(L=("values", _L.tolist()), U=("values", _U.tolist()), y=("uniform", -1, 1), Y=("uniform", -1, 1)),
         shapes=dict(L=(6, 6), U=(6, 6), y=(6,), Y=(6, 3), xl=(6,), xu=(6,), XL=(6, 3), xc=(6,)),
         outputs=["xl", "xu", "XL", "xc"]),
]
