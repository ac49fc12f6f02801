"""warp-lang 1.19.0's warp/tests/test_constant_precision.py: its module-level
kernels with the arguments its own tests launch them with (see
test/e2e/README.md, "warp-lang's own tests")."""

TARGET = "warp/tests/test_constant_precision.py"


def one(kernel, n, **args):
    """A dim=1 launch writing `result` (n elements, zeros before)."""
    return dict(kernel=kernel, dim=1, args=args, shapes=dict(result=(n,)), outputs=["result"])


TESTS = [
    one("test_vec3d_precision_kernel", 1),
    one("test_vec3d_element_by_element_kernel", 3),
    one("test_vec3_precision_kernel", 1),
    one("test_vec3h_float_literals_kernel", 1),
    one("test_vec3h_int_literals_kernel", 1),
    one("test_mat22d_precision_kernel", 1),
    one("test_quatd_precision_kernel", 1),
    one("test_transformd_precision_kernel", 1),
    one("test_vec3d_int_literals_kernel", 1),
    one("test_vec3_int_literals_kernel", 1),
    one("test_int_literal_float64_constructor_kernel", 3),
    one("test_vec3d_fill_kernel", 1),
    one("test_warp_constant_constructor_kernel", 3),
    one("test_vec3h_mixed_literal_variable_kernel", 3, h=2.0),
    one("test_vec3d_mixed_literal_variable_kernel", 3, d=2.00000005),
    one("test_quatd_mixed_literal_variable_kernel", 1, d=1.0),
    one("test_vec3d_negative_literals_kernel", 3),
    one("test_typed_constructor_accepts_literals_kernel", 1),
    dict(kernel="test_constant_reuse_after_constructor_kernel", dim=1,
         shapes=dict(values=(2,), counts=(2,)), outputs=["values", "counts"]),
    one("test_vector_dtype_float_is_float32_kernel", 1),
]

XFAIL = {}
UNTESTED = {}
