"""warp-lang 1.19.0's warp/examples/tile/example_tile_block_cholesky.py:
its one module-level kernel, assign_int_kernel, as the graph-capture test
launches it (the blocked Cholesky kernels are made by functions, for each
block size, and are not module-level)."""
TARGET = "warp/examples/tile/example_tile_block_cholesky.py"

TESTS = [
    dict(kernel="assign_int_kernel", dim=1, args=dict(value=37), shapes=dict(arr=(4,))),
]
