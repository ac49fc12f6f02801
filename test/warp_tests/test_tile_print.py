"""warp-lang 1.19.0's warp/tests/tile/test_tile_print.py: its two kernels,
launched as the file's tests launch them on the CPU.  They only print:
what they print is compared with warp-lang's output by
test/cli/tile_print.sh (the harness compares arrays, not stdout)."""
TARGET = "warp/tests/tile/test_tile_print.py"

TESTS = [
    # test_register_tile_cpu_blocks: launch_tiled(dim=1, block_dim=4) of x = 1..8
    dict(kernel='print_register_tile', dim=1, block_dim=4, args=dict(x=('values', [1, 2, 3, 4, 5, 6, 7, 8])),
         shapes=dict(x=(8,)), outputs=[]),
    # test_shared_and_register_tile_print_executes: launch_tiled(dim=1, block_dim=64)
    dict(kernel='print_shared_and_register_tiles', dim=1, block_dim=64, args=dict(), outputs=[]),
]
XFAIL = {}
UNTESTED = {}
