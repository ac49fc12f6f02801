"""warp-lang 1.19.0's warp/tests/tile/test_tile_large_offsets.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's.  The file's tests place tiles past 2 GiB of one allocation
(views into a 2.25 GiB buffer); the harness keeps arrays under 1M
elements, so the uint8 and int32 cases keep the file's offsets (524288
rows of a 524291-element array) and the float32 and mat33 ones take rows
near 65536 and 50000 instead of past 2^31 bytes (the same code paths, not
the 64-bit offsets)."""
TARGET = "warp/tests/tile/test_tile_large_offsets.py"

TESTS = [
    # test_shared_large_offset_loads_and_stores
    dict(kernel='load_shared_1d_stride_step_wrap', dim=1, block_dim=32, args=dict(src=('int', 0, 99), dst=('values', [240, 80, 30]), offset=524288), shapes=dict(src=(524291,), dst=(3,))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='load_shared_2d_scalar_iterator', dim=1, block_dim=32, args=dict(src=('int', 0, 99), dst=('values', [96, 29, 95]), row=524288), shapes=dict(src=(524291, 1), dst=(3, 1))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='load_shared_2d_vectorized_dense', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 5.0), row=65536), shapes=dict(src=(70001, 4), dst=(1, 4))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='load_shared_2d_vectorized_dense_aligned', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 5.0), row=65536), shapes=dict(src=(70001, 4), dst=(1, 4))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='load_shared_2d_coalesced_large_element', dim=1, block_dim=32, args=dict(src=('uniform', 0.0, 5.0), row=50000), shapes=dict(src=(50001, 1), dst=(1, 1))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='load_indexed_axis0_large_stride', dim=1, block_dim=32, args=dict(src=('int', 0, 99), row=524288), shapes=dict(src=(524291, 1), dst=(3, 1))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='load_indexed_axis1_large_base', dim=1, block_dim=32, args=dict(src=('int', 0, 99), row=524288), shapes=dict(src=(1, 524291), dst=(1, 3))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='store_shared_1d_stride_step_wrap', dim=1, block_dim=32, args=dict(src=('values', [122, 133, 144]), dst=('int', 0, 99), offset=524288), shapes=dict(src=(3,), dst=(524291,))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='store_shared_2d_scalar_iterator', dim=1, block_dim=32, args=dict(src=('values', [155, 166, 177]), dst=('int', 0, 144), row=524288), shapes=dict(src=(3, 1), dst=(524291, 1))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='store_shared_2d_vectorized_dense', dim=1, block_dim=32, args=dict(src=('values', [6.25, 7.5, 8.75, 10.0]), dst=('uniform', 0.0, 5.0), row=67000), shapes=dict(src=(1, 4), dst=(70001, 4))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='store_shared_2d_vectorized_dense_aligned', dim=1, block_dim=32, args=dict(src=('values', [12.25, 13.5, 14.75, 16.0]), dst=('uniform', 0.0, 10.0), row=70000), shapes=dict(src=(1, 4), dst=(70001, 4))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='store_shared_2d_coalesced_large_element', dim=1, block_dim=32, args=dict(src=('values', [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5]), dst=('uniform', 0.0, 16.0), row=50000), shapes=dict(src=(1, 1), dst=(50001, 1))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='store_indexed_axis0_large_stride', dim=1, block_dim=32, args=dict(src=('values', [155, 166, 177]), dst=('int', 0, 177), row=524288), shapes=dict(src=(3, 1), dst=(524291, 1))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='store_indexed_axis1_large_stride', dim=1, block_dim=32, args=dict(src=('values', [188, 199, 211]), dst=('int', 0, 177), row=524288), shapes=dict(src=(1, 3), dst=(1, 524291))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='atomic_add_indexed_axis0_large_stride', dim=1, block_dim=32, args=dict(src=('values', [1, 2, 3]), dst=('int', 0, 30), row=524288), shapes=dict(src=(3, 1), dst=(524291, 1))),
    # test_shared_large_offset_loads_and_stores
    dict(kernel='atomic_add_indexed_axis1_large_stride', dim=1, block_dim=32, args=dict(src=('values', [1, 2, 3]), dst=('int', 0, 30), row=524288), shapes=dict(src=(1, 3), dst=(1, 524291))),
]
XFAIL = {}
UNTESTED = {}
