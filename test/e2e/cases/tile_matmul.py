"""tile_matmul: the product of (M, K) and (K, N) tiles for several shapes
(square, tall, wide, a row times a column, K = 1), with alpha, the
accumulating form out = alpha a b + beta out, and float64, against
warp-lang's wp.launch_tiled on the CPU."""
import warp as wp


@wp.kernel
def gemm(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c: wp.array2d(dtype=float)):
    i, j = wp.tid()
    ta = wp.tile_load(a, shape=(4, 6), offset=(i * 4, 0))
    tb = wp.tile_load(b, shape=(6, 3), offset=(0, j * 3))
    wp.tile_store(c, wp.tile_matmul(ta, tb), offset=(i * 4, j * 3))


@wp.kernel
def gemm_acc(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c: wp.array2d(dtype=float)):
    i, j, lane = wp.tid()
    acc = wp.tile_zeros(shape=(5, 2), dtype=float)
    for k in range(3):
        ta = wp.tile_load(a, shape=(5, 4), offset=(i * 5, k * 4))
        tb = wp.tile_load(b, shape=(4, 2), offset=(k * 4, j * 2))
        wp.tile_matmul(ta, tb, acc)
    wp.tile_store(c, acc, offset=(i * 5, j * 2))


@wp.kernel
def scaled(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c: wp.array2d(dtype=float),
           d: wp.array2d(dtype=float), e: wp.array2d(dtype=float)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(3, 3))
    tb = wp.tile_load(b, shape=(3, 3))
    wp.tile_store(c, wp.tile_matmul(ta, tb, alpha=0.5))
    out = wp.tile_load(d, shape=(3, 3))
    wp.tile_matmul(ta, tb, out, alpha=2.0, beta=-1.5)
    wp.tile_store(d, out)
    row = wp.tile_load(a, shape=(1, 3))
    col = wp.tile_load(b, shape=(3, 1))
    wp.tile_store(e, wp.tile_matmul(row, col))
    k1 = wp.tile_matmul(col, row)
    wp.tile_store(e, k1, offset=(1, 0))


@wp.kernel
def gemm64(a: wp.array2d(dtype=wp.float64), b: wp.array2d(dtype=wp.float64), c: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(8, 8))
    tb = wp.tile_load(b, shape=(8, 8))
    wp.tile_store(c, wp.tile_matmul(ta, wp.tile_transpose(tb)))


TESTS = [
    dict(name="gemm", kernel="gemm", dim=(2, 3), block_dim=32,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)), shapes=dict(a=(8, 6), b=(6, 9), c=(8, 9)),
         outputs=["c"]),
    dict(name="gemm_acc", kernel="gemm_acc", dim=(2, 2), block_dim=16,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)), shapes=dict(a=(10, 12), b=(12, 4), c=(10, 4)),
         outputs=["c"]),
    dict(name="scaled", kernel="scaled", dim=1, block_dim=8,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), d=("uniform", -1, 1)),
         shapes=dict(a=(3, 3), b=(3, 3), c=(3, 3), d=(3, 3), e=(4, 3)), outputs=["c", "d", "e"]),
    dict(name="gemm64", kernel="gemm64", dim=1, block_dim=64,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)), shapes=dict(a=(8, 8), b=(8, 8), c=(8, 8)),
         outputs=["c"]),
]
