"""warp-lang 1.19.0's warp/tests/tile/test_tile_oob.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
TARGET = "warp/tests/tile/test_tile_oob.py"

TESTS = []
XFAIL = {
    'register_tile_oob_kernel': "warpc supports @wp.func_native parameters of scalar and vector types and arrays of them only; 't' is a 'tile(dtype=int32, shape=(1,))'",
}
UNTESTED = {
    'shared_tile_oob_kernel': "reads a tile out of its bounds on purpose: the file checks, in a subprocess, that Warp's debug build reports it (no value to compare)",
    'shared_tile_oob_tiled_kernel': "reads a tile out of its bounds on purpose: the file checks, in a subprocess, that Warp's debug build reports it (no value to compare)",
    'shared_tile_negative_oob_kernel': "reads a tile out of its bounds on purpose: the file checks, in a subprocess, that Warp's debug build reports it (no value to compare)",
    'shared_tile_2d_oob_kernel': "reads a tile out of its bounds on purpose: the file checks, in a subprocess, that Warp's debug build reports it (no value to compare)",
}
