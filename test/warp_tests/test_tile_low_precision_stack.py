"""warp-lang 1.19.0's warp/tests/tile/test_tile_low_precision_stack.py: its
module-level kernels, launched as the file's own test launches them (its
test runs on CUDA only; here on the CPU: grid 1, block_dim 64, TILE_M = 8
structs; the two 16-bit copy kernels, which the file compiles but never
launches, with the same sizes), every array compared with warp-lang's."""
TARGET = "warp/tests/tile/test_tile_low_precision_stack.py"

TESTS = [
    dict(kernel="tile_float16_vector_kernel", dim=1, block_dim=64,
         args=dict(input=dict(value=("uniform", -4.0, 4.0))), shapes=dict(input=(8,), output=(8,))),
    dict(kernel="tile_bfloat16_vector_kernel", dim=1, block_dim=64,
         args=dict(input=dict(value=("uniform", -4.0, 4.0))), shapes=dict(input=(8,), output=(8,))),
    # test_tile_low_precision_module_stack's forward pass
    dict(kernel="tile_map_struct_grad_kernel", dim=1, block_dim=64,
         args=dict(input=dict(x=("uniform", 0.0, 8.0), y=("uniform", 0.0, 10.0))),
         shapes=dict(input=(8,), loss=(1,))),
]
XFAIL = {}
UNTESTED = {}
