"""warp-lang 1.19.0's warp/tests/tile/test_tile_shared_memory.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
TARGET = "warp/tests/tile/test_tile_shared_memory.py"

TESTS = [
    # test_tile_static_shared_memory_query (CUDA-only in the file)
    dict(kernel="static_query_kernel", dim=1, block_dim=64, shapes=dict(out=(32, 32))),
]
XFAIL = {
    'tile_shared_mem_oversize_kernel': 'wp.tile_zeros(): a tile holds at most 16384 elements in warpc',
}
UNTESTED = {}
