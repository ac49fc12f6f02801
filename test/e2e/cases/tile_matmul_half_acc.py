"""tile_matmul into a float16 accumulator, as warp-lang 1.19 computes it
on the CPU (its test_tile_matmul's float16 tile_gemm and the float16
alignment cases): each product and each partial sum rounded to float16
(Warp's half arithmetic, in float32 and rounded back), then alpha times
the sum plus beta times out, each rounded; operands of other float dtypes
are converted to float16 first.  Also the product form tile_matmul(a, b)
of float16 tiles.  warpc refused float16 accumulators."""
import warp as wp


@wp.kernel
def half_acc(A: wp.array2d(dtype=wp.float16), B: wp.array2d(dtype=wp.float16), F: wp.array2d(dtype=float),
             C: wp.array2d(dtype=wp.float16), D: wp.array2d(dtype=wp.float16), P: wp.array2d(dtype=wp.float16)):
    a = wp.tile_load(A, shape=(4, 8))
    b = wp.tile_load(B, shape=(8, 3))
    c = wp.tile_zeros(shape=(4, 3), dtype=wp.float16)
    for k in range(2):
        wp.tile_matmul(a, b, c)
    wp.tile_store(C, c)
    d = wp.tile_load(D, shape=(4, 3))
    wp.tile_matmul(wp.tile_load(F, shape=(4, 8)), b, d, alpha=0.5, beta=-1.25)
    wp.tile_store(D, d)
    wp.tile_store(P, wp.tile_matmul(a, b))


TESTS = [
    dict(kernel="half_acc", dim=1, block_dim=8,
         args=dict(A=("uniform", -1, 1), B=("uniform", -1, 1), F=("uniform", -1, 1), D=("uniform", -1, 1)),
         shapes=dict(A=(4, 8), B=(8, 3), F=(4, 8), C=(4, 3), D=(4, 3), P=(4, 3)), outputs=["C", "D", "P"],
         tol=dict(C=(0.0, 0.0), D=(0.0, 0.0), P=(0.0, 0.0))),
]
