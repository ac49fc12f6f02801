"""warp-lang 1.19.0's warp/tests/tile/test_tile_load.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
TARGET = "warp/tests/tile/test_tile_load.py"

TESTS = [
    # test_tile_load_1d_cpu
    dict(kernel='tile_load_1d_kernel', dim=1, block_dim=64, args=dict(input=('values', [0.7739560604095459, 0.43887844681739807, 0.8585979342460632, 0.6973680257797241, 0.09417735040187836, 0.9756223559379578, 0.7611396908760071, 0.7860643267631531, 0.12811362743377686, 0.4503859281539917, 0.3707980215549469, 0.926764965057373, 0.6438651084899902, 0.822761595249176, 0.44341421127319336, 0.2272387146949768])), shapes=dict(input=(16,), out_full=(16,), out_padded=(16,), out_sliced=(16,), out_offset=(16,))),
    # test_tile_load_1d_sliced_scalar_cpu
    dict(kernel='tile_load_1d_sliced_scalar_kernel', dim=1, block_dim=64, args=dict(input=('uniform', 0.09, 0.98)), shapes=dict(input=(17,), out_full=(17,), out_sliced=(17,))),
    # test_tile_load_2d_cpu
    dict(kernel='tile_load_2d_kernel', dim=1, block_dim=64, args=dict(input=('uniform', 0.0, 0.98)), shapes=dict(input=(16, 8), out_full=(16, 8), out_padded=(16, 8), out_sliced=(16, 8), out_offset=(16, 8))),
    # test_tile_load_2d_sliced_scalar_cpu
    dict(kernel='tile_load_2d_sliced_scalar_kernel', dim=1, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(17, 17), out_full=(17, 17), out_sliced=(17, 17))),
    # test_tile_load_3d_cpu
    dict(kernel='tile_load_3d_kernel', dim=1, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(16, 8, 8), out_full=(16, 8, 8), out_padded=(16, 8, 8), out_sliced=(16, 8, 8), out_offset=(16, 8, 8))),
    # test_tile_load_3d_sliced_scalar_cpu
    dict(kernel='tile_load_3d_sliced_scalar_kernel', dim=1, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(7, 7, 7), out_full=(7, 7, 7), out_sliced=(7, 7, 7))),
    # test_tile_load_4d_cpu
    dict(kernel='tile_load_4d_kernel', dim=1, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(16, 8, 8, 6), out_full=(16, 8, 8, 6), out_padded=(16, 8, 8, 6), out_sliced=(16, 8, 8, 6), out_offset=(16, 8, 8, 6))),
    # test_tile_load_aligned_offset_unaligned_size_cpu
    dict(kernel='test_tile_load_aligned_offset_unaligned_size_kernel', dim=1, block_dim=64, args=dict(input=('uniform', 0.0, 0.98)), shapes=dict(input=(8, 16), output=(8, 16))),
    # test_tile_load_aligned_small_cpu
    dict(kernel='tile_load_aligned_small_kernel', dim=1, block_dim=64, args=dict(input=('uniform', 0.0, 0.98)), shapes=dict(input=(16, 8), output=(16, 8))),
    # test_tile_load_fortran_cpu
    dict(kernel='tile_load_fortran_kernel', dim=(7, 5), block_dim=64, args=dict(A=('uniform', 0.0, 1.0), B=('uniform', 0.0, 1.0)), shapes=dict(A=(112, 40), B=(112, 40))),
    # test_tile_load_scoped_cpu
    dict(kernel='test_tile_load_scoped_kernel', dim=1, block_dim=64, args=dict(A='ones', B='ones'), shapes=dict(A=(64, 64), B=(64, 64))),
    # test_tile_load_stride_unaligned_cpu
    dict(kernel='test_tile_load_stride_unaligned_kernel', dim=(1, 1), block_dim=64, args=dict(input=('int', 0, 2)), shapes=dict(input=(5, 5), output=(5, 5))),
    # test_tile_load_unaligned_cpu
    dict(kernel='tile_load_unaligned_kernel', dim=1, block_dim=64, args=dict(input=('uniform', 0.0, 0.98)), shapes=dict(input=(17, 9), output=(17, 9))),
    # test_tile_store_1d_sliced_scalar_cpu
    dict(kernel='tile_store_1d_sliced_scalar_kernel', dim=1, block_dim=64, args=dict(input=('uniform', 0.09, 0.98)), shapes=dict(input=(17,), output=(34,))),
    # test_tile_store_2d_sliced_scalar_cpu
    dict(kernel='tile_store_2d_sliced_scalar_kernel', dim=1, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(17, 17), output=(34, 34))),
]
XFAIL = {}
UNTESTED = {}
