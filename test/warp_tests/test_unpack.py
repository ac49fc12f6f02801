"""warp-lang 1.19.0's warp/tests/test_unpack.py (see test/e2e/README.md,
"warp-lang's own tests").  Every module-level kernel compiles and runs:
starred arguments of vectors, matrices and quaternions and of their
constant slices, and of a 1-D array slice with constant bounds.  The
kernels check their own values with wp.expect_eq (outputs=[]: no failed
expect message may appear); the array one gets the array its test launches
it with, (1, 2, ..., 9).  The file's error tests (non-constant, missing,
negative bounds, a scalar) are kernels made inside test functions, not
module-level; test/diag/starred_misuse.py holds their diagnostics."""

TARGET = "warp/tests/test_unpack.py"

_NOARG = ["test_unpack_vec_kernel", "test_unpack_vec_with_extra_args_kernel", "test_unpack_multiple_vecs_kernel",
          "test_unpack_vector_slice_kernel", "test_unpack_vector_slice_negative_kernel", "test_unpack_kernel",
          "test_unpack_matrix_slice_kernel", "test_unpack_quat_to_vec4_kernel", "test_unpack_quat_to_quat_kernel",
          "test_unpack_quat_slice_kernel"]

TESTS = [
    dict(kernel="test_unpack_array_slice_kernel", dim=1, shapes=dict(arr=(9,)), args=dict(arr=("arange", 1)),
         outputs=["arr"]),
] + [dict(kernel=k, dim=1, outputs=[]) for k in _NOARG]

XFAIL = {}
UNTESTED = {}
