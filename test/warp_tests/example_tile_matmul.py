"""warp-lang 1.19.0's warp/examples/tile/example_tile_matmul.py: tile_gemm
(float32 A times float16 B summed into a float64 accumulator tile by
tile_matmul, 8x8 by 8x4 tiles over K) on the example's shapes (M = 8*7,
K = 8*6, N = 4*5), grid (M/8, N/4), block_dim 64 as the example launches
it, inputs drawn from the example's range [0, 1)."""
TARGET = "warp/examples/tile/example_tile_matmul.py"

M, K, N = 56, 48, 20
TESTS = [
    dict(kernel="tile_gemm", dim=(M // 8, N // 4), block_dim=64,
         args=dict(A=("uniform", 0.0, 1.0), B=("uniform", 0.0, 1.0)),
         shapes=dict(A=(M, K), B=(K, N), C=(M, N))),
]
