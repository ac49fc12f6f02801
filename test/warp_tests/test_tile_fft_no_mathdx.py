"""warp-lang 1.19.0's warp/tests/tile/test_tile_fft_no_mathdx.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's.  The float32 (vec2f) transforms differ from Warp's by float32
rounding (another order of the butterflies' sums; the float64 ones agree to
1e-9): they are compared to 1e-4 absolute, a few 1e-6 of the largest
output (about 30)."""
TARGET = "warp/tests/tile/test_tile_fft_no_mathdx.py"

TESTS = [
    # test_tile_fft_2d_vec2d_cpu
    dict(kernel='tile_fft_kernel_vec2d', dim=1, block_dim=32, args=dict(gx=('uniform', 0.0, 1.0)), shapes=dict(gx=(64, 64), gy=(64, 64))),
    # test_tile_fft_2d_vec2f_cpu
    dict(kernel='tile_fft_kernel_vec2f', dim=1, block_dim=32, args=dict(gx=('uniform', 0.0, 1.0)), shapes=dict(gx=(64, 64), gy=(64, 64)), atol=1e-4),
    # test_tile_fft_3d_vec2d_cpu
    dict(kernel='tile_fft_3d_kernel_vec2d', dim=1, block_dim=32, args=dict(gx=('uniform', 0.0, 1.0)), shapes=dict(gx=(2, 4, 64), gy=(2, 4, 64))),
    # test_tile_fft_3d_vec2f_cpu
    dict(kernel='tile_fft_3d_kernel_vec2f', dim=1, block_dim=32, args=dict(gx=('uniform', 0.0, 1.0)), shapes=dict(gx=(2, 4, 64), gy=(2, 4, 64)), atol=1e-4),
    # test_tile_ifft_2d_vec2d_cpu
    dict(kernel='tile_ifft_kernel_vec2d', dim=1, block_dim=32, args=dict(gx=('uniform', 0.0, 1.0)), shapes=dict(gx=(64, 64), gy=(64, 64))),
    # test_tile_ifft_2d_vec2f_cpu
    dict(kernel='tile_ifft_kernel_vec2f', dim=1, block_dim=32, args=dict(gx=('uniform', 0.0, 1.0)), shapes=dict(gx=(64, 64), gy=(64, 64)), atol=1e-4),
    # test_tile_ifft_3d_vec2d_cpu
    dict(kernel='tile_ifft_3d_kernel_vec2d', dim=1, block_dim=32, args=dict(gx=('uniform', 0.0, 1.0)), shapes=dict(gx=(2, 4, 64), gy=(2, 4, 64))),
    # test_tile_ifft_3d_vec2f_cpu
    dict(kernel='tile_ifft_3d_kernel_vec2f', dim=1, block_dim=32, args=dict(gx=('uniform', 0.0, 1.0)), shapes=dict(gx=(2, 4, 64), gy=(2, 4, 64)), atol=1e-4),
]
XFAIL = {}
UNTESTED = {}
