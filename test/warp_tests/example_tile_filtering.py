"""warp-lang 1.19.0's warp/examples/tile/example_tile_filtering.py:
conv_tiled (tile_fft of a noisy sine, a tile_map multiplying by a
frequency mask, tile_ifft) on the example's inputs: 512 samples of
sin(t) + 0.5 * uniform noise as the real parts, the mask that keeps
frequencies |f| <= 0.05, grid 1x1, block_dim 128."""
import numpy as np

TARGET = "warp/examples/tile/example_tile_filtering.py"

N = 512
_rng = np.random.default_rng(42)
_t = np.linspace(0, 2 * np.pi, N, dtype=np.float64)
_x = np.zeros((1, N, 2))
_x[0, :, 0] = np.sin(_t) + 0.5 * _rng.random(N, dtype=np.float64)
_f = np.zeros((1, N, 2))
_f[0, :, 0] = (np.abs(np.fft.fftfreq(N)) <= 0.05).astype(np.float64)

TESTS = [
    dict(kernel="conv_tiled", dim=(1, 1), block_dim=128,
         args=dict(x=("values", _x.tolist()), y=("values", _f.tolist())),
         shapes=dict(x=(1, N), y=(1, N), z=(1, N))),
]
