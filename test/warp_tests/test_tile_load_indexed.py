"""warp-lang 1.19.0's warp/tests/tile/test_tile_load_indexed.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
TARGET = "warp/tests/tile/test_tile_load_indexed.py"

TESTS = [
    # test_tile_atomic_add_indexed_cpu
    dict(kernel='tile_atomic_add_indexed', dim=(2, 2), block_dim=32, args=dict(x=('int', 0, 511)), shapes=dict(x=(32, 16), y=(32, 16))),
    # test_tile_load_indexed_cpu
    dict(kernel='tile_load_indexed', dim=(2, 2), block_dim=32, args=dict(x=('int', 0, 511)), shapes=dict(x=(32, 16), y=(16, 16), z=(32, 8))),
    # test_tile_load_indexed_non_owning_cpu
    dict(kernel='tile_load_indexed_non_owning', dim=1, block_dim=32, args=dict(a=('values', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]), b=('values', [111.55798, 4.5601e-41, 6.9955414e-35, 3.0646e-41, float("nan"), float("nan"), 3.6e-44, 0.0])), shapes=dict(a=(16,), b=(8,))),
    # test_tile_load_indexed_oob_cpu
    dict(kernel='tile_load_indexed_oob_kernel', dim=1, block_dim=32, args=dict(src=('values', [1, 2, 3, 4, 5, 6, 7, 8]), idx=('values', [0, -1, 2, 4])), shapes=dict(src=(4, 2), idx=(4,), out=(4, 2))),
    # test_tile_store_indexed_cpu
    dict(kernel='tile_store_indexed', dim=(2, 2), block_dim=32, args=dict(x=('int', 0, 511)), shapes=dict(x=(32, 16), y=(64, 16), z=(32, 32))),
]
XFAIL = {}
UNTESTED = {}
