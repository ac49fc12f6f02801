"""warp-lang 1.19.0's warp/tests/tile/test_tile_view.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
import warp as wp

TARGET = "warp/tests/tile/test_tile_view.py"

TESTS = [
    # test_tile_view_row_copy_forward_and_backward
    dict(kernel='test_tile_view_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(16, 32))),
    # test_tile_view_map_assign_column
    dict(kernel='test_tile_view_map_assign_column_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0), col_idx=7), shapes=dict(src=(16, 32), dst=(16, 32))),
    # test_tile_view_offset
    dict(kernel='test_tile_view_offset_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(16, 32))),
    # test_tile_view_shared_assign_column_backward
    dict(kernel='test_tile_view_shared_assign_column_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0), col_idx=5), shapes=dict(src=(16, 32), dst=(16, 32))),
    # test_tile_assign_broadcast_backward
    dict(kernel='test_tile_assign_broadcast_rows_kernel', dim=1, block_dim=32, args=dict(src=('values', [1, 2, 3, 4, 5, 6, 7, 8])), shapes=dict(src=(1, 8), dst=(16, 8))),
    # test_tile_assign_broadcast_backward
    dict(kernel='test_tile_assign_broadcast_cols_kernel', dim=1, block_dim=32, args=dict(src=('values', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])), shapes=dict(src=(16, 1), dst=(16, 32))),
    # test_tile_assign_broadcast_mixed_dtype
    dict(kernel='test_tile_assign_broadcast_mixed_dtype_kernel', dim=1, block_dim=32, args=dict(src=('values', [1.1, 2.2, -3.3])), shapes=dict(src=(1, 3), dst=(2, 3)), overload=[wp.array2d(dtype=wp.float64), wp.array2d(dtype=wp.float32)]),
    # test_tile_assign_broadcast_mixed_dtype
    dict(kernel='test_tile_assign_broadcast_mixed_dtype_kernel', name='test_tile_assign_broadcast_mixed_dtype_kernel_1', dim=1, block_dim=32, args=dict(src=('values', [1.1, 2.2, -3.3])), shapes=dict(src=(1, 3), dst=(2, 3)), overload=[wp.array2d(dtype=wp.float32), wp.array2d(dtype=wp.float64)]),
    # test_tile_view_non_dense_store
    dict(kernel='tile_view_non_dense_store_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(16, 8))),
    # test_tile_slice_rows
    dict(kernel='tile_slice_rows_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(8, 32))),
    # test_tile_slice_cols
    dict(kernel='tile_slice_cols_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(16, 16))),
    # test_tile_slice_strided
    dict(kernel='tile_slice_strided_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(8, 16))),
    # test_tile_slice_reverse
    dict(kernel='tile_slice_reverse_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(16, 32))),
    # test_tile_slice_row_collapse
    dict(kernel='tile_slice_row_collapse_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(32,))),
    # test_tile_advanced_index
    dict(kernel='tile_advanced_index_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(8, 32))),
    # test_tile_advanced_inline_index_chain
    dict(kernel='tile_advanced_inline_index_chain_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(32,))),
    # test_tile_advanced_index_duplicate_grad
    dict(kernel='tile_advanced_index_dup_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0), idx=('values', [0, 0, 3, 3, 5, 5, 7, 7])), shapes=dict(src=(16, 32), idx=(8,), dst=(8, 32))),
    # test_tile_slice_neg_index
    dict(kernel='tile_slice_neg_index_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(32,))),
    # test_tile_slice_neg_step_oob_start
    dict(kernel='tile_slice_neg_step_oob_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(16, 32))),
    # test_tile_slice_neg_stop
    dict(kernel='tile_slice_neg_stop_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(8, 32))),
    # test_tile_runtime_ref_index
    dict(kernel='tile_runtime_ref_partial_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0), indices=('full', 5)), shapes=dict(src=(16, 32), indices=(1,), dst=(32,))),
    # test_tile_runtime_ref_index
    dict(kernel='tile_runtime_ref_bare_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0), indices=('full', 5)), shapes=dict(src=(16, 32), indices=(1,), dst=(32,))),
    # test_tile_runtime_ref_index
    dict(kernel='tile_runtime_ref_explicit_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0), indices=('full', 5)), shapes=dict(src=(16, 32), indices=(1,), dst=(32,))),
    # test_tile_runtime_neg_index
    dict(kernel='tile_runtime_neg_index_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0), offset=-1), shapes=dict(src=(16, 32), dst=(32,))),
    # test_tile_runtime_neg_index
    dict(kernel='tile_runtime_neg_index_kernel', name='tile_runtime_neg_index_kernel_1', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0), offset=-16), shapes=dict(src=(16, 32), dst=(32,))),
    # test_tile_gather_neg_index
    dict(kernel='tile_gather_neg_index_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0), idx=('values', [-1, 0, -16, 3])), shapes=dict(src=(16, 32), idx=(4,), dst=(4, 32))),
    # test_tile_chained_subscript
    dict(kernel='tile_chain_slice_kernel', dim=1, block_dim=32, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63])), shapes=dict(src=(64,), dst=(32,))),
    # test_tile_chained_subscript
    dict(kernel='tile_chain_three_kernel', dim=1, block_dim=32, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63])), shapes=dict(src=(64,), dst=(32,))),
    # test_tile_chained_subscript
    dict(kernel='tile_chain_slice_gather_kernel', dim=1, block_dim=32, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]), idx=('values', [0, 5, 5, 9])), shapes=dict(src=(64,), idx=(4,), dst=(4,))),
    # test_tile_chained_subscript
    dict(kernel='tile_chain_gather_slice_kernel', dim=1, block_dim=32, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]), idx=('values', [0, 5, 5, 9])), shapes=dict(src=(64,), idx=(4,), dst=(4,))),
    # test_tile_chained_partial_int_subscript
    dict(kernel='tile_chain_row_gather_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0), idx=('values', [1, 3, 3, -1])), shapes=dict(src=(16, 32), idx=(4,), dst=(4,))),
    # test_tile_chained_partial_int_subscript
    dict(kernel='tile_chain_row_slice_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(4,))),
    # test_tile_inline_index_expression
    dict(kernel='tile_inline_index_expression_kernel', dim=1, block_dim=32, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63])), shapes=dict(src=(8, 8), dst=(8,))),
    # test_tile_inline_index_expression
    dict(kernel='tile_local_index_expression_kernel', dim=1, block_dim=32, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63])), shapes=dict(src=(8, 8), dst=(8,))),
    # test_tile_chain_int_element
    dict(kernel='tile_chain_int_element_kernel', dim=1, block_dim=32, args=dict(src=('values', [0.08925092, 0.773956, 0.6545715, 0.43887842, 0.43301523, 0.8585979, 0.085945606, 0.697368, 0.20146948, 0.094177306, 0.52647895, 0.9756223, 0.73575234, 0.7611397, 0.71747726, 0.78606427, 0.51322657, 0.12811363, 0.8397482, 0.45038593, 0.5003519, 0.370798, 0.1825496, 0.92676497, 0.78156745, 0.6438651, 0.40241432, 0.8227616, 0.5454291, 0.44341415, 0.45045954, 0.22723871, 0.092135906, 0.55458474, 0.8878898])), shapes=dict(src=(5, 7), dst=(1,))),
    # test_tile_assign_1d
    dict(kernel='test_tile_assign_1d_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(16, 32))),
    # test_tile_assign_2d (and _cpu_blocks)
    dict(kernel='test_tile_assign_2d_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32, 8), dst=(16, 32, 8))),
    # test_tile_slice_assign
    dict(kernel='tile_slice_assign_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), dst=(16, 32))),
    # test_tile_slice_assign_grad
    dict(kernel='tile_slice_assign_grad_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0), val=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), val=(4, 32), dst=(16, 32))),
    # test_tile_slice_assign_overlap
    dict(kernel='tile_slice_assign_overlap_kernel', dim=1, block_dim=32, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63])), shapes=dict(src=(64,), dst=(64,))),
    # test_tile_row_assign
    dict(kernel='tile_row_assign_kernel', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 1.0), row_src=('uniform', 0.0, 1.0)), shapes=dict(src=(16, 32), row_src=(32,), dst=(16, 32))),
    # test_tile_view_explicit_slice
    dict(kernel='tile_view_explicit_slice_kernel', dim=1, block_dim=32, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63])), shapes=dict(src=(64,), dst=(63,))),
    # test_tile_view_explicit_slice
    dict(kernel='tile_view_explicit_slice_neg_start_kernel', dim=1, block_dim=32, args=dict(src=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63])), shapes=dict(src=(64,), dst=(3,))),
]
XFAIL = {
}
UNTESTED = {
}

# --- kernels inside the test functions (lifted by the harness) ---
# the XFAIL kernels' tests, to move into TESTS when warpc compiles them
TESTS += [
    # test_tile_inline_user_function_index: a @wp.func returning a view as its declared tile
    dict(kernel="test_tile_inline_user_function_index.inline_kernel", dim=1, block_dim=32,
         args=dict(src=("arange",)), shapes=dict(src=(8, 8), dst=(8,))),
    dict(kernel="test_tile_inline_user_function_index.local_kernel", dim=1, block_dim=32,
         args=dict(src=("arange",)), shapes=dict(src=(8, 8), dst=(8,))),
]
# the file's *_rejected tests: warp-lang rejects each of these kernels when
# it builds it (its test checks the message); warpc rejects them too, for
# the reason warp-lang gives
XFAIL.update({
    "test_tile_advanced_index_float_rejected.kernel_fn":
        "a tile is indexed by a 1-d tile of integers, not 'tile(dtype=float32, shape=(8,))'",
    "test_tile_advanced_index_non_full_slice_rejected.kernel_fn":
        "indexing a tile with an integer index tile requires ':' on all other axes (t[indices, :], t[:, indices])",
    "test_tile_slice_scalar_assign_rejected.kernel_fn":
        "tile view assignment requires a tile of matching shape on the right-hand side (t[a:b, :] = src, t[0] = row), not a 'float32'",
    "test_tile_slice_augassign_rejected.kernel_fn":
        'compound assignment to a tile view (t[a:b, :] += x, t[i] += x) is not supported, as in Warp: read the view, update it and assign it back',
    "test_tile_row_augassign_rejected.kernel_fn":
        'compound assignment to a tile view (t[a:b, :] += x, t[i] += x) is not supported, as in Warp: read the view, update it and assign it back',
    "test_tile_slice_assign_shape_mismatch.kernel_fn":
        "tile view assignment shape mismatch: the view is 'view of tile(dtype=float32, shape=(4, 32))', the value 'tile(dtype=float32, shape=(5, 32))'",
    "test_tile_index_out_of_bounds.kernel_fn": "tile index 100 is out of bounds for axis 0 with size 16",
    "test_tile_slice_empty_rejected.kernel_fn": "this slice of a tile is empty",
    "test_tile_slice_float_index_rejected.kernel_fn": "a tile index must be an integer, not 'float32'",
    "test_tile_view_float_offset_rejected.kernel_fn": "an offset must be an integer",
    "test_tile_reshape_strided_view_rejected.kernel_fn": "wp.tile_reshape() needs a contiguous tile, not a strided view",
    "test_tile_view_shape_with_slice_rejected.kernel_fn":
        "wp.tile_view() takes no 'shape' together with a slice offset (as in Warp): the slices give the shape",
    "test_tile_slice_sentinel_bounds_empty_rejected.max_start_kernel": "this slice of a tile is empty",
    "test_tile_slice_sentinel_bounds_empty_rejected.min_stop_kernel": "this slice of a tile is empty",
    "test_tile_view_runtime_slice_bound_rejected.kernel_fn":
        'a slice bound or step of a tile must be a compile-time integer',
})
# warp-lang rejects these ("out of bounds"); warpc compiles them (reported):
#   t = wp.tile_ones(shape=(16, 32), dtype=float); row = wp.tile_view(t, offset=(-1,))
UNTESTED.update({
    "test_tile_view_offset_oob_rejected.neg_kernel": "mismatch: warp-lang rejects wp.tile_view(t, offset=(-1,)) "
                                                     "(offset out of bounds); warpc compiles it",
    "test_tile_view_offset_oob_rejected.pos_kernel": "mismatch: warp-lang rejects wp.tile_view(t, offset=(TILE_M,)) "
                                                     "(one past the last row: out of bounds); warpc compiles it",
})
