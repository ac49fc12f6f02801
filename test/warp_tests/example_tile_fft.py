"""warp-lang 1.19.0's warp/examples/tile/example_tile_fft.py: fft_tiled
(tile_fft then tile_ifft of a 1x32 tile of complex float64 numbers, in
place) on the example's input (ones, imaginary parts zero) and on random
complex numbers, launched as the example launches it (grid 1x1,
block_dim 8)."""
TARGET = "warp/examples/tile/example_tile_fft.py"

TESTS = [
    dict(name="fft_tiled_ones", kernel="fft_tiled", dim=(1, 1), block_dim=8,
         args=dict(x=("values", [1.0, 0.0] * 32), y=("full", 3.0)), shapes=dict(x=(1, 32), y=(1, 32))),
    dict(name="fft_tiled_random", kernel="fft_tiled", dim=(1, 1), block_dim=8,
         args=dict(x=("normal", 0.0, 1.0)), shapes=dict(x=(1, 32), y=(1, 32))),
]
