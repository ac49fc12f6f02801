"""warp-lang 1.19.0's warp/tests/test_func.py: its module-level kernels with
the arguments its own tests launch them with (see test/e2e/README.md,
"warp-lang's own tests").  Kernels without parameters run as the file's
add_kernel_test entries run them (dim=1; their wp.expect_* checks must
hold).  The file's other kernels are closures made inside its tests."""
import warp as wp

TARGET = "warp/tests/test_func.py"

TESTS = [
    dict(kernel=k, dim=1, outputs=[])
    for k in ("test_overload_func", "test_override_func", "test_func_defaults", "test_builtin_shadowing",
              "user_func_with_defaults_kernel", "test_user_func_return_multiple_values",
              "test_return_annotation_none")
] + [
    dict(kernel="test_return_kernel", dim=100),  # test_return_func
    # test_user_func_overload_resolution: a vec3 and a float instance
    dict(name="overload_resolution_vec3", kernel="user_func_overload_resolution_kernel", dim=3,
         overload=[wp.array(dtype=wp.vec3)] * 2, args=dict(a=[[1.0] * 3, [2.0] * 3, [3.0] * 3],
                                                          b=[[2.0] * 3, [3.0] * 3, [4.0] * 3])),
    dict(name="overload_resolution_float", kernel="user_func_overload_resolution_kernel", dim=1,
         overload=[wp.array(dtype=float)] * 2, args=dict(a=[5.0], b=[6.0])),
    # test_grad: x = arange(10), y = ones, the rest zeros, dim 10
    dict(kernel="grad_kernel", dim=10, args=dict(x="arange", y="ones"),
         outputs=["grad_x", "grad_atan2_y", "grad_atan2_x", "z"]),
    # test_grad_in_func_grad: x = [1, 2, 3, 4, 5], y zeros, dim 5 (the
    # forward; the custom gradient's wp.grad(wp.sqrt) runs in the backward)
    dict(kernel="safe_sqrt_kernel", dim=5, args=dict(x=[1.0, 2.0, 3.0, 4.0, 5.0]), outputs=["y"]),
]

XFAIL = {}
UNTESTED = {}
