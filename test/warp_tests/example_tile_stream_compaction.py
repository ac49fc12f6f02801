"""warp-lang 1.19.0's warp/examples/tile/example_tile_stream_compaction.py:
its kernel launched as the example launches it (block_dim=32, every other
element valid, data = 10 * index), compared with warp-lang on the CPU.  The
example itself runs only on CUDA; warp-lang's CPU backend still runs the
kernel, and that is the oracle.  With several blocks the blocks reserve
their output ranges with an atomic_add in whatever order they run (warpc
spreads blocks over its thread pool), so the 4-block launch compares only
the count; the 1-block launch compares the compacted output too."""
TARGET = "warp/examples/tile/example_tile_stream_compaction.py"

VALID = [1 - (k % 2) for k in range(128)]
TESTS = [
    dict(kernel='stream_compaction_kernel', name='stream_compaction_kernel_1block', dim=1, block_dim=32,
         args=dict(is_valid=('values', VALID[:32]), data=('arange', 0.0, 10.0)),
         shapes=dict(is_valid=(32,), data=(32,), num_output=(1,), output=(32,))),
    dict(kernel='stream_compaction_kernel', name='stream_compaction_kernel_4blocks', dim=4, block_dim=32,
         args=dict(is_valid=('values', VALID), data=('arange', 0.0, 10.0)),
         shapes=dict(is_valid=(128,), data=(128,), num_output=(1,), output=(128,)),
         outputs=['num_output']),
]
XFAIL = {}
UNTESTED = {}
