"""warp-lang 1.19.0's warp/tests/tile/test_tile_load_vectorized.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
TARGET = "warp/tests/tile/test_tile_load_vectorized.py"

TESTS = [
    # test_tile_load_3d_shared_vectorized_cpu
    dict(kernel='shared_3d_vectorized_kernel', dim=(2, 2, 2), block_dim=128, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(8, 8, 16), output=(8, 8, 16))),
    # test_tile_load_aligned_param_2d_cpu
    dict(kernel='aligned_param_2d_kernel', dim=(4, 4), block_dim=128, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(128, 128), output=(128, 128))),
    # test_tile_load_coalesced_mat33_cpu
    dict(kernel='coalesced_mat33_kernel', dim=4, block_dim=128, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(64,), output=(64,))),
    # test_tile_load_partial_outer_dim_cpu
    dict(kernel='partial_tile_outer_dim_kernel', dim=2, block_dim=128, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(50, 32), output=(64, 32))),
    # test_tile_load_vec3_vectorized_cpu
    dict(kernel='vec3_vectorized_kernel', dim=(4, 2), block_dim=128, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(16, 16), output=(16, 16))),
]
XFAIL = {}
UNTESTED = {}
