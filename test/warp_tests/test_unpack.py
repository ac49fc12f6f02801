"""warp-lang 1.19.0"s warp/tests/test_unpack.py (see test/e2e/README.md,
"warp-lang"s own tests").  warpc rejects every module-level kernel of it
for now (starred arguments, `*v` in a call): each is in XFAIL with warpc"s diagnostic.  When
one compiles this spec fails: give the kernel its tests in TESTS, with the
arguments the file"s own tests launch it with."""

TARGET = "warp/tests/test_unpack.py"

TESTS = []

XFAIL = {
    "test_unpack_array_slice_kernel": "starred arguments are not supported in Warp kernels",
    "test_unpack_vec_kernel": "starred arguments are not supported in Warp kernels",
    "test_unpack_vec_with_extra_args_kernel": "starred arguments are not supported in Warp kernels",
    "test_unpack_multiple_vecs_kernel": "starred arguments are not supported in Warp kernels",
    "test_unpack_vector_slice_kernel": "starred arguments are not supported in Warp kernels",
    "test_unpack_vector_slice_negative_kernel": "starred arguments are not supported in Warp kernels",
    "test_unpack_kernel": "starred arguments are not supported in Warp kernels",
    "test_unpack_matrix_slice_kernel": "starred arguments are not supported in Warp kernels",
    "test_unpack_quat_to_vec4_kernel": "starred arguments are not supported in Warp kernels",
    "test_unpack_quat_to_quat_kernel": "starred arguments are not supported in Warp kernels",
    "test_unpack_quat_slice_kernel": "starred arguments are not supported in Warp kernels",
}
UNTESTED = {}
