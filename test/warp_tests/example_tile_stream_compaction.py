"""warp-lang 1.19.0's warp/examples/tile/example_tile_stream_compaction.py: its kernel does not
compile with warpc yet (XFAIL says why)."""
TARGET = "warp/examples/tile/example_tile_stream_compaction.py"

TESTS = []
XFAIL = {
    'stream_compaction_kernel': "tile builtin 'tile_from_thread' is not supported by warpc yet",
}
UNTESTED = {}
