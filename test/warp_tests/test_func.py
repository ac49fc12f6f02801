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
]

# test_grad: x = arange(10), y = ones, the rest zeros, dim 10;
# test_grad_in_func_grad: x = [1, 2, 3, 4, 5], y zeros, dim 5
XFAIL = {
    "grad_kernel": "'grad' is not a Warp builtin or type warpc knows",
    "safe_sqrt_kernel": "wp.grad() takes a @wp.func, e.g. wp.grad(f)(x)",
}
UNTESTED = {}
