"""tile_matmul(a, b, out, beta=0.0) overwrites out with alpha a b without
reading it, as warp-lang 1.19 does (its test_tile_matmul's
test_tile_matmul_beta_zero_ignores_out): an out holding inf or NaN gives
a finite product.  warpc computed 0 * out and wrote NaN.  beta = 0.5 still
reads out."""
import warp as wp


@wp.kernel
def beta_zero(A: wp.array2d(dtype=float), B: wp.array2d(dtype=float), C: wp.array2d(dtype=float), beta: float):
    a = wp.tile_load(A, shape=(4, 3))
    b = wp.tile_load(B, shape=(3, 5))
    c = wp.tile_load(C, shape=(4, 5))
    wp.tile_matmul(a, b, c, alpha=2.0, beta=beta)
    wp.tile_store(C, c)


TESTS = [
    dict(name="inf", kernel="beta_zero", dim=1, block_dim=8,
         args=dict(A=("uniform", -1, 1), B=("uniform", -1, 1), C=("full", float("inf")), beta=0.0),
         shapes=dict(A=(4, 3), B=(3, 5), C=(4, 5)), outputs=["C"]),
    dict(name="nan", kernel="beta_zero", dim=1, block_dim=8,
         args=dict(A=("uniform", -1, 1), B=("uniform", -1, 1), C=("full", float("nan")), beta=0.0),
         shapes=dict(A=(4, 3), B=(3, 5), C=(4, 5)), outputs=["C"]),
    dict(name="half", kernel="beta_zero", dim=1, block_dim=8,
         args=dict(A=("uniform", -1, 1), B=("uniform", -1, 1), C=("uniform", -1, 1), beta=0.5),
         shapes=dict(A=(4, 3), B=(3, 5), C=(4, 5)), outputs=["C"]),
]
