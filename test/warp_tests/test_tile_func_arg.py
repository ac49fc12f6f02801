"""warp-lang 1.19.0's warp/tests/tile/test_tile_func_arg.py: tiles (shared
and register storage) passed to @wp.func.  Every kernel of the file is
defined inside its test function; the harness lifts each to module level
(test/tools/warp_tests.py, lift), and launches it as its test does on the
CPU: one block of 64 (block_dim=BLOCK_DIM), 4x4 float32 tiles
(TILE_M x TILE_N) filled with the test's values.  The gradient tests'
kernels run forward here (their loss is compared; the gradients are the
grad suite's)."""

TARGET = "warp/tests/tile/test_tile_func_arg.py"

M = dict(input=(4, 4), out=(4, 4))
MAB = dict(input_a=(4, 4), input_b=(4, 4), out=(4, 4))
L = dict(input=(4, 4), loss=(1,))
LAB = dict(input_a=(4, 4), input_b=(4, 4), loss=(1,))


def tiled(kernel, shapes, **args):
    return dict(kernel=kernel, dim=1, block_dim=64, args=args, shapes=shapes)


TESTS = [
    tiled("test_shared_tile_func_arg.compute", M, input=("full", 3.0)),
    tiled("test_register_tile_func_arg.compute", M, input=("full", 5.0)),
    tiled("test_pass_through_shared_tile.compute", M, input=("arange",)),
    tiled("test_mixed_storage_func_args.compute", MAB, input_a=("full", 2.0), input_b=("full", 3.0)),
    tiled("test_nested_func_calls.compute", M, input=("full", 4.0)),
    tiled("test_nested_func_calls_grad.compute", L, input=("full", 4.0)),
    tiled("test_shared_tile_func_grad.compute", L, input=("full", 3.0)),
    tiled("test_register_tile_func_grad.compute", L, input=("full", 3.0)),
    tiled("test_mixed_storage_func_grad.compute", LAB, input_a=("full", 2.0), input_b=("full", 3.0)),
    # the same kernels on inputs that tell the elements apart
    dict(tiled("test_mixed_storage_func_args.compute", MAB, input_a=("uniform", -1.0, 1.0),
               input_b=("uniform", -1.0, 1.0)), name="mixed_storage_uniform"),
    dict(tiled("test_nested_func_calls.compute", M, input=("uniform", -1.0, 1.0)), name="nested_calls_uniform"),
    # tiles written in place through a @wp.func parameter (by reference, as Warp)
    tiled("test_shared_tile_inplace_no_return.compute", M, input=("full", 3.0)),
    tiled("test_register_tile_inplace_no_return.compute", M, input=("full", 3.0)),
    tiled("test_inplace_modify_func_grad.compute", LAB, input_a=("full", 2.0), input_b=("full", 3.0)),
    dict(tiled("test_register_tile_inplace_no_return.compute", M, input=("uniform", -1.0, 1.0)),
         name="register_inplace_uniform"),
]

XFAIL = {}

_native = ("a @wp.func_native snippet in CUDA C++ (threadIdx, __syncthreads, tile_extract): the file runs "
           "it on CUDA devices only (get_cuda_test_devices)")
UNTESTED = {
    "test_native_func_shared_tile.compute": _native,
    "test_native_func_register_tile.compute": _native,
    "test_native_func_inplace_modify_tile.compute": _native,
}
