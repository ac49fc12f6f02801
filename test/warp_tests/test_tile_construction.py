"""warp-lang 1.19.0's warp/tests/tile/test_tile_construction.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
TARGET = "warp/tests/tile/test_tile_construction.py"

TESTS = [
    # test_tile_arange_exact_integer_length_cpu
    dict(kernel='tile_arange_exact_integer_length_kernel', dim=1, block_dim=64, args=dict(out=('full', -1.0), boundary=('full', -1.0)), shapes=dict(out=(4,), boundary=(4,))),
    # test_tile_arange_float32_finite_span_cpu
    dict(kernel='tile_arange_float32_finite_span_kernel', dim=1, block_dim=64, args=dict(out=('full', -1.0)), shapes=dict(out=(3,))),
    # test_tile_arange_float32_quantized_cpu
    dict(kernel='tile_arange_float32_quantized_kernel', dim=1, block_dim=64, args=dict(literal_out=('full', -1.0), constant_out=('full', -1.0)), shapes=dict(literal_out=(4,), constant_out=(4,))),
    # test_tile_arange_float32_substep_range_cpu
    dict(kernel='tile_arange_float32_substep_range_kernel', dim=1, block_dim=64, args=dict(out=('full', -1.0)), shapes=dict(out=(1,))),
    # test_tile_arange_int64_to_float32_cpu
    dict(kernel='tile_arange_int64_to_float32_kernel', dim=1, block_dim=64, args=dict(out=('full', -1.0)), shapes=dict(out=(3,))),
    # test_tile_arange_integer_constants_cpu
    dict(kernel='tile_arange_integer_constant_kernel', dim=1, block_dim=64, args=dict(out32=('full', -1.0), out64=('full', -1.0)), shapes=dict(out32=(5,), out64=(3,))),
    # test_tile_arange_integral_float_bounds_cpu
    dict(kernel='tile_arange_integral_float_bounds_kernel', dim=1, block_dim=64, args=dict(out=('full', -1.0)), shapes=dict(out=(12,))),
    # test_tile_arange_local_constant_reuse_cpu
    dict(kernel='tile_arange_local_constant_reuse_kernel', dim=1, block_dim=64, args=dict(values=('values', [0.0, 0.0, 5.9e-44]), loaded=('values', [7, 8, 9]), count=('values', [1473282226, 5])), shapes=dict(values=(3,), loaded=(3,), count=(2,))),
    # test_tile_arange_partial_step_cpu
    dict(kernel='tile_arange_partial_step_int_kernel', dim=1, block_dim=64, args=dict(out=('full', -1.0)), shapes=dict(out=(4, 6))),
    # test_tile_arange_partial_step_cpu
    dict(kernel='tile_arange_partial_step_float_kernel', dim=1, block_dim=64, args=dict(out=('full', -1.0)), shapes=dict(out=(4, 9))),
    # test_tile_arange_start_stop_step_forms_cpu
    dict(kernel='tile_arange_kernel', dim=1, block_dim=64, args=dict(), shapes=dict(out=(5, 17))),
    # test_tile_arange_wide_integer_bound_rejected_cpu
    dict(kernel='tile_arange_wide_float_bounds_kernel', dim=1, block_dim=64, args=dict(out=('full', -1.0)), shapes=dict(out=(64,))),
    # test_tile_ones_cpu
    dict(kernel='tile_ones_kernel', dim=1, block_dim=64, args=dict(), shapes=dict(out=(1,))),
]
XFAIL = {
    'test_tile_tile_preserve_type_kernel': "tile builtin 'tile' is not supported by warpc yet",
    'test_tile_tile_scalar_expansion_kernel': "tile builtin 'tile' is not supported by warpc yet",
    'test_tile_tile_vec_expansion_kernel': "tile builtin 'tile' is not supported by warpc yet",
    'test_tile_tile_mat_expansion_kernel': "tile builtin 'tile' is not supported by warpc yet",
    'test_tile_untile_preserve_type_kernel': "tile builtin 'untile' is not supported by warpc yet",
    'test_tile_untile_kernel': "tile builtin 'untile' is not supported by warpc yet",
    'tile_untile_scalar_kernel': "tile builtin 'untile' is not supported by warpc yet",
    'test_untile_vector_kernel': "tile builtin 'untile' is not supported by warpc yet",
    'test_tile_construction_kernel': "wp.tile_store(): tiles of struct 'TestStructWithArray' are not supported by warpc yet",
}
UNTESTED = {}
