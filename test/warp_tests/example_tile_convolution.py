"""warp-lang 1.19.0's warp/examples/tile/example_tile_convolution.py:
conv_tiled (tile_fft, a tile_map of a @wp.func scaling by a module-level
vec2d, tile_ifft) on the example's input, a 1x128 tile of complex float64
numbers drawn from a standard normal, grid 1x1, block_dim 64."""
TARGET = "warp/examples/tile/example_tile_convolution.py"

TESTS = [
    dict(kernel="conv_tiled", dim=(1, 1), block_dim=64, args=dict(x=("normal", 0.0, 1.0)),
         shapes=dict(x=(1, 128), y=(1, 128))),
]
