"""warp-lang 1.19.0's warp/tests/tile/test_tile_block_dim_mismatch.py: a
regression test of indexing a thread tile (wp.tile of a scalar) by the
logical lane, run in a subprocess with warp.config.enable_cpu_blocks, so
that a CPU block of block_dim=8 runs 8 cooperative threads.  warpc models
Warp's default CPU backend, where a block is one thread (man page: the
tile of wp.tile(x) has one element on the CPU): the file's launch, dim
(2, 8) with lanes 0..7, reads values[lane] outside that one-element tile
for lanes 1..7 there (warp-lang with the default config returns 0 for
them: undefined), so the spec launches the kernel (lifted from
_run_block_dim_mismatch, with its local block_dim = 8) over the lanes that
exist, dim (2, 1): out[0] and out[8] are 42, the rest keeps its value (7)."""

TARGET = "warp/tests/tile/test_tile_block_dim_mismatch.py"

TESTS = [
    dict(kernel="_run_block_dim_mismatch.kernel", dim=(2, 1), args=dict(out=("full", 7)), shapes=dict(out=(16,))),
]
