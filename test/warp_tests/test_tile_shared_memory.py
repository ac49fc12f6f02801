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
# tile_shared_mem_oversize_kernel: warp-lang's CPU kernel stops on it ("exceeds the 256 KiB arena",
# test_tile_shared_mem_cpu_limit); warpc refuses it at compile time, for the same limit
XFAIL = {
    'tile_shared_mem_oversize_kernel': "a 'tile(dtype=float32, shape=(65537,))' is 262148 bytes: a tile holds at most 256 KiB in warpc (as warp-lang's CPU backend, whose block stops with \"Warp CPU tile shared-memory allocation exceeds the 256 KiB arena\")",
}
UNTESTED = {}
