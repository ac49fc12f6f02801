"""warp-lang 1.19.0's warp/tests/tile/test_tile_composite_row.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
TARGET = "warp/tests/tile/test_tile_composite_row.py"

TESTS = [
    # test_tile_assign_adjoint_clear_sync_cpu
    dict(kernel='tile_permuted_overwrite_adj_sync_kernel', dim=64, args=dict(inp=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]), src=('values', [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163])), shapes=dict(delay=(1,))),
    # test_tile_mat22_full_write_overwrite_backward_cpu
    dict(kernel='tile_mat22_full_write_overwrite_adj_kernel', dim=8, args=dict(inp=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]), src_mats='ones')),
    # test_tile_mat22_row_read_4d_cpu
    dict(kernel='tile_mat22_row_read_4d_kernel', dim=(2, 2, 2, 2), args=dict(inp=('values', [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]))),
    # test_tile_mat22_row_read_backward_cpu
    dict(kernel='tile_mat22_row_read_adj_kernel', dim=8, args=dict(inp=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]))),
    # test_tile_mat22_row_write_4d_cpu
    dict(kernel='tile_mat22_row_write_4d_kernel', dim=(2, 2, 2, 2), args=dict()),
    # test_tile_mat22_row_write_backward_cpu
    dict(kernel='tile_mat22_row_write_adj_kernel', dim=8, args=dict(src_rows='ones')),
    # test_tile_mat22_row_write_overwrite_backward_cpu
    dict(kernel='tile_mat22_row_write_overwrite_adj_kernel', dim=8, args=dict(inp=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]), src_rows='ones')),
    # test_tile_mat22_scalar_write_overwrite_backward_cpu
    dict(kernel='tile_mat22_scalar_write_overwrite_adj_kernel', dim=8, args=dict(inp=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]), src_values='ones')),
    # test_tile_mat33_negative_row_read_1d_cpu
    dict(kernel='tile_mat33_negative_row_read_1d_kernel', dim=8, args=dict(inp=('int', 1, 9))),
    # test_tile_mat33_negative_row_write_1d_cpu
    dict(kernel='tile_mat33_negative_row_write_1d_kernel', dim=8, args=dict()),
    # test_tile_mat33_row_read_1d_cpu
    dict(kernel='tile_mat33_row_read_1d_kernel', dim=8, args=dict(inp=('int', 1, 9))),
    # test_tile_mat33_row_read_2d_cpu
    dict(kernel='tile_mat33_row_read_2d_kernel', dim=(2, 2), args=dict(inp=('values', [1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9]))),
    # test_tile_mat33_row_read_3d_cpu
    dict(kernel='tile_mat33_row_read_3d_kernel', dim=(2, 2, 2), args=dict(inp=('int', 1, 9))),
    # test_tile_mat33_row_write_1d_cpu
    dict(kernel='tile_mat33_row_write_1d_kernel', dim=8, args=dict()),
    # test_tile_mat33_row_write_2d_cpu
    dict(kernel='tile_mat33_row_write_2d_kernel', dim=(2, 2), args=dict()),
    # test_tile_mat33_row_write_3d_cpu
    dict(kernel='tile_mat33_row_write_3d_kernel', dim=(2, 2, 2), args=dict()),
]
XFAIL = {}
UNTESTED = {}
