"""warp-lang 1.19.0's warp/tests/tile/test_tile_stack.py: its module-level
kernels, launched as the file's own tests launch them on the CPU (grid 1 or
the file's tile count, block_dim=64, outputs filled as the file fills them),
every array compared with warp-lang's."""
TARGET = "warp/tests/tile/test_tile_stack.py"

B = 64  # the file's TILE_DIM
TESTS = [
    # test_push_all_lanes
    dict(kernel='push_all_kernel', dim=1, block_dim=B, args=dict(out=('full', -1)), shapes=dict(out=(B,))),
    # test_push_partial
    dict(kernel='push_partial_kernel', dim=1, block_dim=B, args=dict(), shapes=dict(out_count=(B,))),
    # test_overflow_clamps_at_capacity
    dict(kernel='overflow_kernel', dim=1, block_dim=B, args=dict(out_idx=('full', -2)), shapes=dict(out_idx=(B,), out_count=(B,))),
    # test_pop_empty
    dict(kernel='pop_empty_kernel', dim=1, block_dim=B, args=dict(), shapes=dict(out_ok=(B,), out_val=(B,))),
    # test_push_pop_clear_cycle
    dict(kernel='push_pop_clear_cycle_kernel', dim=1, block_dim=B, args=dict(), shapes=dict(out_count=(B,))),
    # test_pop_more_than_pushed
    dict(kernel='pop_more_than_pushed_kernel', dim=1, block_dim=B, args=dict(), shapes=dict(out_ok1=(B,), out_ok2=(B,))),
    # test_counts_are_independent_per_tile
    dict(kernel='multi_tile_kernel', dim=4, block_dim=B, args=dict(), shapes=dict(out_counts=(4,))),
    # test_has_value_false_returns_minus_one
    dict(kernel='has_value_false_kernel', dim=1, block_dim=B, args=dict(), shapes=dict(out_idx=(B,))),
    # test_clear_resets_count
    dict(kernel='clear_resets_count_kernel', dim=1, block_dim=B, args=dict(out_count=('full', -1)), shapes=dict(out_count=(B,))),
    # test_preserves_float_values
    dict(kernel='float_dtype_kernel', dim=1, block_dim=B, args=dict(out=('full', -1.0)), shapes=dict(out=(B,))),
    # test_overflow_data_integrity
    dict(kernel='overflow_data_integrity_kernel', dim=1, block_dim=B, args=dict(out_vals=('full', -1)), shapes=dict(out_vals=(B,), out_ok=(B,))),
    # test_vec3_dtype
    dict(kernel='vec3_dtype_kernel', dim=1, block_dim=B, args=dict(), shapes=dict(out=(B,))),
    # test_float16_dtype
    dict(kernel='float16_dtype_kernel', dim=1, block_dim=B, args=dict(), shapes=dict(out=(B,), out_ok=(B,))),
    # test_count_after_push
    dict(kernel='count_after_push_kernel', dim=1, block_dim=B, args=dict(), shapes=dict(out_count=(B,))),
    # test_stacks_are_independent
    dict(kernel='two_stacks_kernel', dim=1, block_dim=B, args=dict(out_ints=('full', -1), out_floats=('full', -1.0)), shapes=dict(out_ints=(B,), out_floats=(B,))),
    # test_pop_slot_compact
    dict(kernel='pop_slot_compact_kernel', dim=1, block_dim=B, args=dict(out_slot=('full', -2)), shapes=dict(out_slot=(B,))),
    # test_func_tile_stack_arg: the stack passed to a @wp.func by reference
    dict(kernel='func_tile_stack_kernel', dim=1, block_dim=B, args=dict(out=('full', -1)), shapes=dict(out=(B,))),
    # test_sparse_survivor_stack: wp.launch(dim=59, block_dim=32); a plain launch of 59 here
    # (the spec format's block_dim makes a tiled launch, where a single wp.tid() is the block index)
    dict(kernel='sparse_survivor_stack_kernel', dim=59, args=dict(out_count=('full', -1))),
]
XFAIL = {}
UNTESTED = {}
