"""warp-lang 1.19.0's warp/tests/tile/test_tile_construction.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
import warp as wp

TARGET = "warp/tests/tile/test_tile_construction.py"

TESTS = [
    # test_tile_preserves_and_expands_value_types: wp.launch(dim=64, block_dim=64); plain
    # launches of 64 threads here (the spec format's block_dim makes a tiled launch,
    # where a single wp.tid() is the block index)
    dict(kernel='test_tile_tile_preserve_type_kernel', name='test_tile_tile_preserve_type_kernel_float', dim=64, args=dict(x='ones'), shapes=dict(x=(1,), y=(64,)), overload=dict(x=wp.array(dtype=float), y=wp.array(dtype=float))),
    dict(kernel='test_tile_tile_preserve_type_kernel', name='test_tile_tile_preserve_type_kernel_vec3', dim=64, args=dict(x='ones'), shapes=dict(x=(1,), y=(64,)), overload=dict(x=wp.array(dtype=wp.vec3), y=wp.array(dtype=wp.vec3))),
    dict(kernel='test_tile_tile_preserve_type_kernel', name='test_tile_tile_preserve_type_kernel_quat', dim=64, args=dict(x='ones'), shapes=dict(x=(1,), y=(64,)), overload=dict(x=wp.array(dtype=wp.quat), y=wp.array(dtype=wp.quat))),
    dict(kernel='test_tile_tile_preserve_type_kernel', name='test_tile_tile_preserve_type_kernel_mat33', dim=64, args=dict(x='ones'), shapes=dict(x=(1,), y=(64,)), overload=dict(x=wp.array(dtype=wp.mat33), y=wp.array(dtype=wp.mat33))),
    dict(kernel='test_tile_tile_scalar_expansion_kernel', dim=64, args=dict(x='ones'), shapes=dict(x=(1,), y=(64,))),
    dict(kernel='test_tile_tile_vec_expansion_kernel', dim=64, args=dict(x='ones'), shapes=dict(x=(1,), y=(3, 64))),
    dict(kernel='test_tile_tile_mat_expansion_kernel', dim=64, args=dict(x='ones'), shapes=dict(x=(1,), y=(3, 3, 64))),
    # test_tile_untile: wp.launch(dim=64, block_dim=64), plain launches of 64 here; inputs
    # drawn at random rather than the file's ones so that a lane mix-up shows
    dict(kernel='test_tile_untile_preserve_type_kernel', name='test_tile_untile_preserve_type_kernel_float', dim=64, args=dict(x=('uniform', -1.0, 1.0)), shapes=dict(x=(64,), y=(64,)), overload=dict(x=wp.array(dtype=float), y=wp.array(dtype=float))),
    dict(kernel='test_tile_untile_preserve_type_kernel', name='test_tile_untile_preserve_type_kernel_vec3', dim=64, args=dict(x=('uniform', -1.0, 1.0)), shapes=dict(x=(64,), y=(64,)), overload=dict(x=wp.array(dtype=wp.vec3), y=wp.array(dtype=wp.vec3))),
    dict(kernel='test_tile_untile_preserve_type_kernel', name='test_tile_untile_preserve_type_kernel_quat', dim=64, args=dict(x=('uniform', -1.0, 1.0)), shapes=dict(x=(64,), y=(64,)), overload=dict(x=wp.array(dtype=wp.quat), y=wp.array(dtype=wp.quat))),
    dict(kernel='test_tile_untile_preserve_type_kernel', name='test_tile_untile_preserve_type_kernel_mat33', dim=64, args=dict(x=('uniform', -1.0, 1.0)), shapes=dict(x=(64,), y=(64,)), overload=dict(x=wp.array(dtype=wp.mat33), y=wp.array(dtype=wp.mat33))),
    dict(kernel='test_tile_untile_kernel', name='test_tile_untile_kernel_float', dim=64, args=dict(x=('uniform', -1.0, 1.0)), shapes=dict(x=(64,), y=(64,)), overload=dict(x=wp.array(dtype=float), y=wp.array(dtype=float))),
    dict(kernel='test_tile_untile_kernel', name='test_tile_untile_kernel_vec3', dim=64, args=dict(x=('uniform', -1.0, 1.0)), shapes=dict(x=(64,), y=(64,)), overload=dict(x=wp.array(dtype=wp.vec3), y=wp.array(dtype=wp.vec3))),
    dict(kernel='test_tile_untile_kernel', name='test_tile_untile_kernel_mat33', dim=64, args=dict(x=('uniform', -1.0, 1.0)), shapes=dict(x=(64,), y=(64,)), overload=dict(x=wp.array(dtype=wp.mat33), y=wp.array(dtype=wp.mat33))),
    # test_tile_untile_scalar: wp.launch(dim=261, block_dim=64), an unaligned grid; a plain launch of 261 here
    dict(kernel='tile_untile_scalar_kernel', dim=261, args=dict()),
    # test_tile_untile_vector
    dict(kernel='test_untile_vector_kernel', dim=64, args=dict(input=('uniform', -2.0, 2.0)), shapes=dict(input=(64,), output=(64,))),
    # test_tile_construction
    dict(kernel='test_tile_construction_kernel', dim=1, block_dim=64, args=dict(), shapes=dict(out_zeros=(8,), out_ones=(8,), out_arange=(8,), out_full_twos=(8,), out_full_vecs=(8,), out_full_mats=(8,), out_full_structs_register=(8,), out_full_structs_shared=(8,), out_zeros_struct_with_array=(8,))),
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
XFAIL = {}
UNTESTED = {}

# --- kernels inside the test functions (lifted by the harness) ---
# the file's *_rejected tests: warp-lang rejects each of these tile_arange
# kernels when it builds it (its test checks the message); warpc must too
_big = "wp.tile_arange(): the tile would have more than 262144 elements (warpc's limit)"
XFAIL.update({
    "test_tile_arange_zero_step_rejected.kernel_fn": "wp.tile_arange(): the step is zero",
    "test_tile_arange_empty_range_rejected.empty_kernel": "wp.tile_arange(): the range is empty",
    "test_tile_arange_empty_range_rejected.inverted_kernel": "wp.tile_arange(): the range is empty",
    "test_tile_arange_empty_range_rejected.negative_step_kernel": "wp.tile_arange(): the range is empty",
    "test_tile_arange_argument_count_rejected.kernel_fn": "wp.tile_arange() takes 1 to 3 positional arguments",
    "test_tile_arange_non_constant_rejected.kernel_fn": "the bounds of wp.tile_arange() must be compile-time numbers",
    "test_tile_arange_wide_integer_bound_rejected.rejected_kernel":
        "integer literal too large: 1180591620717411303424 does not fit in 64 bits",
    "test_tile_arange_non_numeric_dtype_rejected.vector_kernel": "wp.tile_arange() makes tiles of scalars",
    "test_tile_arange_float32_underflow_step_rejected.kernel_fn": "wp.tile_arange(): the step is zero",
    # Warp: "stop=1099511627776 is out of range" (of int32)
    "test_tile_arange_unrepresentable_rejected.out_of_range_kernel": _big,
    "test_tile_arange_unrepresentable_rejected.fractional_kernel":
        "wp.tile_arange(): a bound of an integer range must be an integer",
    # Warp: "stop=1e+300 is out of range" (of float32)
    "test_tile_arange_unrepresentable_rejected.overflowing_float_kernel": _big,
    # Warp: "spans more elements than can be counted"
    "test_tile_arange_uncountable_range_rejected.kernel_fn": _big,
})
# warp-lang rejects it ("tile_arange() requires a numeric scalar dtype");
# warpc compiles wp.tile_arange(0, 6, dtype=wp.bool) (reported)
UNTESTED.update({
    "test_tile_arange_non_numeric_dtype_rejected.bool_kernel": "mismatch: warp-lang rejects wp.tile_arange(0, 6, "
        "dtype=wp.bool) (a numeric scalar dtype is required); warpc compiles it",
})
