"""C = A B for 256x256 float32 matrices with tiles: each block computes a
32x32 tile of C, accumulating the products of 32x32 tiles of A and B over K
(bench/tile_matmul/README.md)."""
import warp as wp

TILE = 32
K = 256


@wp.kernel
def gemm(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c: wp.array2d(dtype=float)):
    i, j, lane = wp.tid()
    acc = wp.tile_zeros(shape=(TILE, TILE), dtype=float)
    for k in range(K // TILE):
        ta = wp.tile_load(a, shape=(TILE, TILE), offset=(i * TILE, k * TILE))
        tb = wp.tile_load(b, shape=(TILE, TILE), offset=(k * TILE, j * TILE))
        wp.tile_matmul(ta, tb, acc)
    wp.tile_store(c, acc, offset=(i * TILE, j * TILE))
