"""tile_matmul of tiles of different float dtypes, as warp-lang 1.19
takes them (its example_tile_matmul: float32 times float16 into a
float64 accumulator; test_tile_matmul's float16 times float32 into
float64): every element of a and b is converted to the accumulator's
dtype, the sums are in that dtype; the product form tile_matmul(a, b)
has a's dtype.  warpc took one dtype for a and b (or float16 operands
into a wider accumulator) and refused the rest."""
import warp as wp


@wp.kernel
def mixed(A32: wp.array2d(dtype=float), B16: wp.array2d(dtype=wp.float16), A16: wp.array2d(dtype=wp.float16),
          B32: wp.array2d(dtype=float), A64: wp.array2d(dtype=wp.float64),
          C64: wp.array2d(dtype=wp.float64), D64: wp.array2d(dtype=wp.float64), E32: wp.array2d(dtype=float),
          P64: wp.array2d(dtype=wp.float64)):
    a32 = wp.tile_load(A32, shape=(4, 6))
    b16 = wp.tile_load(B16, shape=(6, 3))
    a16 = wp.tile_load(A16, shape=(4, 6))
    b32 = wp.tile_load(B32, shape=(6, 3))
    a64 = wp.tile_load(A64, shape=(4, 6))
    c = wp.tile_zeros(shape=(4, 3), dtype=wp.float64)
    wp.tile_matmul(a32, b16, c)
    wp.tile_store(C64, c)
    d = wp.tile_load(D64, shape=(4, 3))
    wp.tile_matmul(a16, b32, d, alpha=0.5, beta=-1.3)
    wp.tile_store(D64, d)
    e = wp.tile_zeros(shape=(4, 3), dtype=float)
    wp.tile_matmul(a64, b32, e)
    wp.tile_store(E32, e)
    wp.tile_store(P64, wp.tile_matmul(a64, b32))


TESTS = [
    dict(kernel="mixed", dim=1, block_dim=8,
         args=dict(A32=("uniform", -1, 1), B16=("uniform", -1, 1), A16=("uniform", -1, 1), B32=("uniform", -1, 1),
                   A64=("uniform", -1, 1), D64=("uniform", -1, 1)),
         shapes=dict(A32=(4, 6), B16=(6, 3), A16=(4, 6), B32=(6, 3), A64=(4, 6), C64=(4, 3), D64=(4, 3),
                     E32=(4, 3), P64=(4, 3)),
         outputs=["C64", "D64", "E32", "P64"]),
]
