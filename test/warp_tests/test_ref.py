"""warp-lang 1.19.0's warp/tests/test_ref.py (wp.ref[T], wp.address_of): its
module-level kernels with the arguments its own tests launch them with;
every array each compares (see test/e2e/README.md, "warp-lang's own tests").
Kernels with a backward pass run forward only here (the file's tape checks
are grad tests' business)."""

TARGET = "warp/tests/test_ref.py"

X = [1.0, 2.0, 3.0]  # the x / arr input of most of the file's tests


def run(kernel, dim, shapes=None, **fills):
    """One launch: `shapes` sizes the zero-filled arrays, `fills` gives values."""
    return dict(kernel=kernel, dim=dim, args=fills, shapes=dict(shapes or {}))


TESTS = [
    run("kernel_increment_local", 1, dict(result=(1,))),
    run("kernel_add_to_array_element", 3, arr=X),
    run("kernel_increment_struct_field", 1, dict(result=(1,))),
    run("kernel_double_via_ref", 1, dict(result=(1,))),
    run("kernel_ref_forwarding", 1, dict(result=(1,))),
    run("kernel_ref_tuple_unpack", 1, dict(out=(2,))),
    run("kernel_ref_tuple_unpack_swap", 1, dict(out=(2,))),
    run("kernel_ref_tuple_unpack_mixed_targets", 1, dict(out=(6,))),
    run("kernel_array_tuple_unpack_adjoint", 2, a=[2.0, 3.0], b=[4.0, 5.0]),
    run("kernel_native_ref_param", 1, dict(result=(2,))),
    run("kernel_native_ref_adjoint_local", 3, x=X),
    run("kernel_native_ref_adjoint_array", 3, x=X),
    run("kernel_native_ref_adjoint_array_2d_direct", 3, dict(dst=(3, 1)), x=X),
    run("kernel_native_ref_adjoint_struct_field", 3, x=X),
    run("kernel_ref_mutates_struct_array_field", 3),
    run("kernel_ref_mutates_nested_struct_array_field", 3),
    run("kernel_ref_mutates_composite_struct_array_fields", 3, dict(out=(6,))),
    run("kernel_ref_augassign_composite_subscripts", 1, dict(out=(4,))),
    run("kernel_ref_parameter_nested_field_forwarding", 3, x=X),
    run("kernel_ref_copy_from_component_is_local", 1, dict(out=(2,))),
    run("kernel_ref_mutates_negative_subscripts", 1, dict(out=(4,))),
    run("kernel_native_ref_adjoint_components", 3, dict(out=(12,)), x=X),
    run("kernel_native_ref_adjoint_struct_array_components", 3, dict(out=(6,)), x=X),
    run("kernel_native_ref_adjoint_nested_struct_array_field", 3, x=X),
    run("kernel_ref_parameter_struct_field_forwarding", 3, x=X),
    run("kernel_address_of_local", 1, dict(result=(1,))),
    run("kernel_address_of_array_element", 3, arr=X),
    run("kernel_address_of_struct_field", 1, dict(result=(1,))),
    run("kernel_address_of_vector_component", 1, dict(result=(1,))),
    run("kernel_address_of_nested_struct_array_field", 3),
    run("kernel_by_value_unchanged", 1, dict(result=(2,))),  # TestRef.test_by_value_unchanged
    run("kernel_ref_mutates_quat_component", 1, dict(out=(4,))),
    run("kernel_ref_mutates_struct_array_quat_component", 3),
    run("kernel_ref_copy_from_quat_component_is_local", 1, dict(out=(2,))),
    run("kernel_ref_mutates_quat_subscript", 1, dict(out=(4,))),
    run("kernel_ref_mutates_transform_position_component", 1, dict(out=(3,))),
    run("kernel_ref_mutates_struct_array_transform_position", 3),
    run("kernel_ref_copy_from_transform_position_is_local", 1, dict(out=(2,))),
    # test_ref_array_view_adjoint
    run("kernel_ref_array_view_value", 2, dict(values=(2, 2), out=(2,)), values=[[2.0, 3.0], [4.0, 5.0]]),
    # test_native_ref_param_adjoint_array_slice
    run("kernel_native_ref_adjoint_array_slice", 3, dict(dst=(3, 1), out=(3,)), x=X),
    # test_native_ref_param_adjoint_array_nested_slice
    run("kernel_native_ref_adjoint_array_nested_slice", 3, dict(dst=(3, 1), out=(3,)), x=X),
]

XFAIL = {}
UNTESTED = {}
