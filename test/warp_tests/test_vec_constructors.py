"""warp-lang 1.19.0's warp/tests/test_vec_constructors.py: its module-level
kernels, launched as its add_kernel_test entries launch them (dim=1, no
arguments; their wp.expect_eq checks must hold) (see test/e2e/README.md,
"warp-lang's own tests").  The file's other kernels are made inside its test
functions (closures), not module-level."""

TARGET = "warp/tests/test_vec_constructors.py"

TESTS = [
    dict(kernel=k, dim=1, outputs=[])
    for k in ("test_vector_constructors_value_func", "test_vector_constructors_explicit_precision",
              "test_vector_constructors_default_precision", "test_vector_constructors_constant_length")
]

XFAIL = {}
UNTESTED = {}
