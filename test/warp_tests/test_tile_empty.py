"""warp-lang 1.19.0's warp/tests/tile/test_tile_empty.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
TARGET = "warp/tests/tile/test_tile_empty.py"

TESTS = [
    # test_tile_full_default_dtype
    dict(kernel="tile_full_default_dtype_kernel", dim=1, block_dim=64,
         shapes=dict(dst_float=(16,), dst_int=(16,), dst_vec=(16,), dst_converted=(16,))),
    # test_tile_empty_register_float_1d
    dict(kernel='tile_empty_register_float_1d_kernel', dim=1, block_dim=64, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])), shapes=dict(src=(16,), dst=(16,))),
    # test_tile_empty_shared_float_1d
    dict(kernel='tile_empty_shared_float_1d_kernel', dim=1, block_dim=64, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])), shapes=dict(src=(16,), dst=(16,))),
    # test_tile_empty_scalar_shape
    dict(kernel='tile_empty_scalar_shape_kernel', dim=1, block_dim=64, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])), shapes=dict(src=(16,), dst=(16,))),
    # test_tile_empty_register_float_2d
    dict(kernel='tile_empty_register_float_2d_kernel', dim=1, block_dim=64, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63])), shapes=dict(src=(8, 8), dst=(8, 8))),
    # test_tile_empty_int
    dict(kernel='tile_empty_register_int_kernel', dim=1, block_dim=64, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])), shapes=dict(src=(16,), dst=(16,))),
    # test_tile_empty_vec3
    dict(kernel='tile_empty_register_vec3_kernel', dim=1, block_dim=64, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47])), shapes=dict(src=(16,), dst=(16,))),
    # test_tile_empty_defaults
    dict(kernel='tile_empty_defaults_kernel', dim=1, block_dim=64, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])), shapes=dict(src=(16,), dst=(16,))),
    # test_tile_empty_register_backward
    dict(kernel='tile_empty_register_backward_kernel', dim=1, block_dim=64, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])), shapes=dict(src=(16,), dst=(16,))),
    # test_tile_empty_in_loop
    dict(kernel='tile_empty_in_loop_kernel', dim=1, block_dim=64, args=dict(iters=4, src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63])), shapes=dict(src=(64,), dst=(64,))),
    # test_tile_zeros_default_dtype
    dict(kernel='tile_zeros_default_dtype_kernel', dim=1, block_dim=64, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])), shapes=dict(src=(16,), dst=(16,))),
]
XFAIL = {}
UNTESTED = {
}
