"""warp-lang 1.19.0's warp/tests/tile/test_tile_stack.py: none of its
module-level kernels compiles with warpc yet (XFAIL gives each one's
diagnostic), so that a kernel that starts to compile fails this spec
until it gets a test."""
TARGET = "warp/tests/tile/test_tile_stack.py"

TESTS = []
XFAIL = {
    'push_all_kernel': "tile builtin 'tile_stack_pop' is not supported by warpc yet",
    'push_partial_kernel': "tile builtin 'tile_stack_count' is not supported by warpc yet",
    'overflow_kernel': "tile builtin 'tile_stack_count' is not supported by warpc yet",
    'pop_empty_kernel': "tile builtin 'tile_stack_pop' is not supported by warpc yet",
    'push_pop_clear_cycle_kernel': "tile builtin 'tile_stack_count' is not supported by warpc yet",
    'pop_more_than_pushed_kernel': "tile builtin 'tile_stack_pop' is not supported by warpc yet",
    'multi_tile_kernel': "tile builtin 'tile_stack_count' is not supported by warpc yet",
    'has_value_false_kernel': "tile builtin 'tile_stack_push' is not supported by warpc yet",
    'clear_resets_count_kernel': "tile builtin 'tile_stack_count' is not supported by warpc yet",
    'float_dtype_kernel': "tile builtin 'tile_stack_pop' is not supported by warpc yet",
    'overflow_data_integrity_kernel': "tile builtin 'tile_stack_pop' is not supported by warpc yet",
    'vec3_dtype_kernel': "tile builtin 'tile_stack_pop' is not supported by warpc yet",
    'float16_dtype_kernel': "tile builtin 'tile_stack_pop' is not supported by warpc yet",
    'count_after_push_kernel': "tile builtin 'tile_stack_count' is not supported by warpc yet",
    'two_stacks_kernel': "tile builtin 'tile_stack_pop' is not supported by warpc yet",
    'pop_slot_compact_kernel': "tile builtin 'tile_stack_pop' is not supported by warpc yet",
    'func_tile_stack_kernel': "tile builtin 'tile_stack_pop' is not supported by warpc yet",
    'sparse_survivor_stack_kernel': "tile builtin 'tile_stack_count' is not supported by warpc yet",
}
UNTESTED = {}
