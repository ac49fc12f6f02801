"""warp-lang 1.19.0's warp/tests/tile/test_tile_reduce.py: its module-level
kernels, launched as the file's own tests launch them on the CPU (grid,
block_dim, array shapes, inputs from the same ranges or the same values),
every array compared with warp-lang's."""
TARGET = "warp/tests/tile/test_tile_reduce.py"

TESTS = [
    # test_tile_reduce_simt: wp.launch(dim=261, block_dim=64); a plain launch of 261 threads
    # here (warp-lang's and warpc's default block width, two blocks, the second partial)
    dict(kernel='tile_reduce_simt_kernel', dim=261, args=dict(), shapes=dict(output=(1,))),
    # test_tile_max_strided_loop_handles_short_input: launch_tiled(dim=[1]) with the default block_dim
    dict(kernel='tile_strided_loop_kernel', dim=1, block_dim=256, args=dict(arr=('uniform', 0.0, 1.0)), shapes=dict(arr=(5,), max_val=(1,))),
    # test_tile_reduce_matrix: wp.launch(dim=64, block_dim=64), a plain launch of 64 here
    dict(kernel='test_tile_reduce_matrix_kernel', dim=64, args=dict(), shapes=dict(y=(1,))),
    # test_tile_reduce_vector: wp.launch(dim=8, block_dim=64), a partial block; a plain launch of 8 here
    dict(kernel='test_tile_reduce_vector_kernel', dim=8, args=dict(), shapes=dict(out=(1,))),
    # test_tile_reduce_sum_bfloat16 / _float16: 1..8 summed exactly
    dict(kernel="tile_sum_bfloat16_kernel", dim=1, block_dim=32, args=dict(input=("values", [1, 2, 3, 4, 5, 6, 7, 8])),
         shapes=dict(input=(8,), output=(1,))),
    dict(kernel="tile_sum_float16_kernel", dim=1, block_dim=32, args=dict(input=("values", [1, 2, 3, 4, 5, 6, 7, 8])),
         shapes=dict(input=(8,), output=(1,))),
    # test_tile_reduce_custom_struct_argmax (its reduce kernel is made inside a function)
    dict(kernel="initialize_key_value", dim=(4, 64), args=dict(values=("uniform", 0.0, 1.0))),
    # test_tile_sum_axis_large_gradient: skipped on the CPU by the file (it asks the device for shared memory)
    dict(kernel="tile_sum_axis0_large_gradient_kernel", dim=1, block_dim=32, args=dict(x="ones"), shapes=dict(x=(2, 4608), y=(4608,))),
    # test_tile_sum_axis_large_cpu_gradient: launch_tiled(dim=[1], block_dim=32) of x = ones((2, 14000)) (a
    # shared tile of 112000 bytes); its gradient: test/grad/tile_large.py
    dict(kernel="tile_sum_axis0_large_cpu_gradient_kernel", dim=1, block_dim=32, args=dict(x="ones"),
         shapes=dict(x=(2, 14000), y=(14000,))),
    # test_tile_reduce_sum
    dict(kernel='tile_sum_kernel', dim=56, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(56, 192), output=(56,))),
    # test_tile_reduce_narrow_int
    dict(kernel='tile_narrow_int_kernel', dim=1, block_dim=32, args=dict(input=('values', [1, 2, 3, 4, 5, 6, 7, 8])), shapes=dict(input=(8,), store_out=(8,), sum_out=(1,))),
    # test_tile_sum_to_shared
    dict(kernel='tile_sum_to_shared_kernel', dim=1, block_dim=64, args=dict(input=('uniform', 0.04, 0.98)), shapes=dict(input=(1, 64), output=(1,))),
    # test_tile_reduce_min
    dict(kernel='tile_min_kernel', dim=56, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(56, 64), output=(56,))),
    # test_tile_reduce_min
    dict(kernel='tile_min_kernel_edge_case', dim=1, block_dim=64, args=dict(x=('values', [2, 2, 3, 4, 1, 6, 7, 3, 9])), shapes=dict(x=(3, 3), y=(1,))),
    # test_tile_reduce_argmin
    dict(kernel='tile_argmin_kernel', dim=56, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(56, 64), output=(56,))),
    # test_tile_reduce_argmin
    dict(kernel='tile_argmin_kernel_edge_case', dim=1, block_dim=64, args=dict(x=('values', [2, 2, 3, 4, 1, 6, 7, 3, 9])), shapes=dict(x=(3, 3), y=(1,))),
    # test_tile_reduce_max
    dict(kernel='tile_max_kernel', dim=56, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(56, 64), output=(56,))),
    # test_tile_reduce_argmax
    dict(kernel='tile_argmax_kernel', dim=56, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(56, 64), output=(56,))),
    # test_tile_scan_partial_block
    dict(kernel='tile_scan_partial_block_kernel', dim=96, args=dict(add_input=('int', 1, 100), min_input=('int', 100, 200)), shapes=dict(add_input=(2, 128), min_input=(2, 128), inclusive_output=(2, 128), exclusive_output=(2, 128), max_output=(2, 128), min_output=(2, 128))),
    # test_tile_reduce_grouped_sum
    dict(kernel='tile_grouped_sum_kernel', dim=56, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(56, 8, 4), output=(56,))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_1d_gradient_kernel', dim=1, block_dim=32, args=dict(x=('values', [1, 2, 3, 4, 5, 6, 7, 8])), shapes=dict(x=(8,), y=(1,))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis0_gradient_kernel', dim=1, block_dim=32, args=dict(x=('values', [1, 2, 3, 4, 5, 6])), shapes=dict(x=(2, 3), y=(3,))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis1_gradient_kernel', dim=1, block_dim=32, args=dict(x=('values', [1, 2, 3, 4, 5, 6])), shapes=dict(x=(3, 2), y=(3,))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_3d_axis0_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 24)), shapes=dict(x=(2, 3, 4), y=(3, 4))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_3d_axis1_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 24)), shapes=dict(x=(2, 3, 4), y=(2, 4))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_3d_axis2_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 24)), shapes=dict(x=(2, 3, 4), y=(2, 3))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_4d_axis0_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 120)), shapes=dict(x=(2, 3, 4, 5), y=(3, 4, 5))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_4d_axis1_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 120)), shapes=dict(x=(2, 3, 4, 5), y=(2, 4, 5))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_4d_axis2_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 120)), shapes=dict(x=(2, 3, 4, 5), y=(2, 3, 5))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_4d_axis3_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 120)), shapes=dict(x=(2, 3, 4, 5), y=(2, 3, 4))),
    # test_tile_sum_axis_broadcast_gradient
    dict(kernel='tile_sum_axis_broadcast_gradient_kernel', dim=1, block_dim=32, args=dict(x=('values', [1, 2, 3])), shapes=dict(x=(3, 1), y=(4,))),
    # test_tile_reduce_axis_lengths_up_to_32
    dict(kernel='tile_reduce_axis_tier1_sum_axis0_kernel', dim=1, block_dim=64, args=dict(x='ones'), shapes=dict(x=(32, 64), y=(64,))),
    # test_tile_reduce_axis_lengths_up_to_32
    dict(kernel='tile_reduce_axis_tier1_prod_axis1_kernel', dim=1, block_dim=64, args=dict(x=('uniform', 1.0, 1.1)), shapes=dict(x=(32, 8), y=(32,))),
    # test_tile_reduce_axis_lengths_up_to_32
    dict(kernel='tile_reduce_axis_tier1_sum_axis2_kernel', dim=1, block_dim=64, args=dict(x='ones'), shapes=dict(x=(8, 8, 16), y=(8, 8))),
    # test_tile_reduce_axis_lengths_33_to_256
    dict(kernel='tile_reduce_axis_tier2_sum_axis0_kernel', dim=1, block_dim=64, args=dict(x='ones'), shapes=dict(x=(200, 32), y=(32,))),
    # test_tile_reduce_axis_lengths_33_to_256
    dict(kernel='tile_reduce_axis_tier2_prod_axis1_kernel', dim=1, block_dim=64, args=dict(x=('uniform', 1.0, 1.05)), shapes=dict(x=(16, 64), y=(16,))),
    # test_tile_reduce_axis_tier2_3d
    dict(kernel='tile_reduce_axis_tier2_sum_axis2_kernel', dim=1, block_dim=32, args=dict(x='ones'), shapes=dict(x=(8, 8, 128), y=(8, 8))),
    # test_tile_reduce_axis_tier2_3d
    dict(kernel='tile_reduce_axis_tier2_sum_axis2_kernel', name='tile_reduce_axis_tier2_sum_axis2_kernel_1', dim=1, block_dim=64, args=dict(x='ones'), shapes=dict(x=(8, 8, 128), y=(8, 8))),
    # test_tile_reduce_axis_partial_warp_block
    dict(kernel='tile_reduce_axis_tier2_partial_warp_kernel', dim=1, block_dim=4, args=dict(x='ones'), shapes=dict(x=(100, 8), y=(8,))),
    # test_tile_reduce_axis_partial_warp_block
    dict(kernel='tile_reduce_axis_tier2_partial_warp_kernel', name='tile_reduce_axis_tier2_partial_warp_kernel_1', dim=1, block_dim=8, args=dict(x='ones'), shapes=dict(x=(100, 8), y=(8,))),
    # test_tile_reduce_axis_partial_warp_block
    dict(kernel='tile_reduce_axis_tier2_partial_warp_kernel', name='tile_reduce_axis_tier2_partial_warp_kernel_2', dim=1, block_dim=16, args=dict(x='ones'), shapes=dict(x=(100, 8), y=(8,))),
    # test_tile_reduce_axis_lengths_over_256
    dict(kernel='tile_reduce_axis_tier3_sum_axis0_kernel', dim=1, block_dim=64, args=dict(x='ones'), shapes=dict(x=(400, 16), y=(16,))),
    # test_tile_reduce_axis_lengths_over_256
    dict(kernel='tile_reduce_axis_tier3_prod_axis1_kernel', dim=1, block_dim=64, args=dict(x=('uniform', 1.0, 1.01)), shapes=dict(x=(8, 300), y=(8,))),
    # test_tile_reduce_axis_lengths_over_256
    dict(kernel='tile_reduce_axis_tier3_sum_axis2_kernel', dim=1, block_dim=64, args=dict(x='ones'), shapes=dict(x=(4, 4, 384), y=(4, 4))),
    # test_tile_reduce_axis_partial_block
    dict(kernel='tile_reduce_axis_partial_block_kernel', dim=32, args=dict(positive=('uniform', 1.0, 1.03), negative=('uniform', -1.03, -1.0)), shapes=dict(positive=(32, 8), negative=(32, 8), sum_output=(8,), product_output=(8,), min_output=(8,), max_output=(8,))),
    # test_tile_reduce_axis_empty_partial_slices
    dict(kernel='tile_reduce_axis_empty_partial_slices_kernel', dim=32, args=dict(values='ones'), shapes=dict(values=(32, 8))),
    # test_tile_reduce_axis_empty_custom_slices: the file expects its launch to fail with
    # wp.config.enable_cpu_blocks (a @wp.func has no identity for the idle lanes); Warp's
    # default CPU backend (a block is one thread) runs it; here with values of its range
    dict(kernel='tile_reduce_axis_empty_custom_slices_kernel', dim=32, args=dict(values=('uniform', 0.5, 1.5)), shapes=dict(values=(32, 8))),
]
XFAIL = {
}
UNTESTED = {}

# --- kernels inside the test functions (lifted by the harness) ---
# The factories' kernels, one instance per tile length the file's tests make
# (BIND: tile_dim, dtype), launched as those tests launch them (grid of
# batch rows, block_dim 64 or the single-warp 32); the scans' batch of 56
# rows of 1234 is cut to 8 rows (the rows are independent blocks).
import numpy as _np
import warp as wp

_f32 = _np.finfo(_np.float32)
_NAN_ROWS_N = 300


def _nan_rows():
    # test_tile_scan_min_max_inclusive_nan's rows: NaN runs ending before, on
    # and after each 32/64/256 boundary, a sparse-NaN row, and a row of
    # NaN/inf/+-1 (drawn with a generator of its own: the values differ, the
    # NaN pattern is the test's)
    rng = _np.random.default_rng(42)
    n = _NAN_ROWS_N

    def run(a, b):
        row = rng.uniform(-100.0, 100.0, n).astype(_np.float32)
        row[a:b] = _np.nan
        return row

    rows = [_np.full(n, _np.nan, dtype=_np.float32)]
    for k in (1, 31, 32, 33, 63, 64, 65, 255, 256, 257, n - 1):
        rows += [run(0, k), run(k, n), run(1, k)]
    sparse = rng.uniform(-100.0, 100.0, n).astype(_np.float32)
    sparse[rng.random(n) < 0.2] = _np.nan
    rows.append(sparse)
    rows.append(rng.choice(_np.array([_np.nan, -_np.inf, _np.inf, -1.0, 1.0], dtype=_np.float32), n))
    return _np.stack(rows)


_NAN_ROWS = _nan_rows()


def _scan(kernel, lo=0.0, hi=1.0):
    return dict(kernel=kernel, dim=8, block_dim=64, args=dict(input=("uniform", lo, hi)),
                shapes=dict(input=(8, 1234), output=(8, 1234)))


def _minmax(tag, rows, block_dim=64, name=None):
    d = dict(kernel=f"create_tile_scan_min_max_inclusive_kernel.tile_scan_min_max_inclusive_kernel[{tag}]",
             dim=len(rows), block_dim=block_dim, args=dict(input=("values", rows)), allow_nonfinite=True,
             shapes=dict(input=(len(rows), len(rows[0])), max_output=(len(rows), len(rows[0])),
                         min_output=(len(rows), len(rows[0]))), outputs=["max_output", "min_output"])
    if name:
        d["name"] = name
    return d


def _kv(n):
    return dict(kernel=f"create_tile_reduce_custom_struct_kernel.tile_reduce_custom_struct_kernel[{n}]", dim=56,
                block_dim=n, args=dict(values=dict(key=("values", [j for _ in range(56) for j in range(n)]),
                                                   value=("uniform", 0.0, 1.0))),
                shapes=dict(values=(56, n), res=(56,)))


_I32, _U32 = _np.iinfo(_np.int32), _np.iinfo(_np.uint32)
TESTS += [
    # test_tile_reduce_product (block_dim 64) and _single_warp (32): random [0, 1)
    dict(kernel="create_tile_reduce_custom_kernel.tile_reduce_custom_kernel[64]", dim=56, block_dim=64,
         args=dict(input=("uniform", 0.0, 1.0)), shapes=dict(input=(56, 64), output=(56,))),
    dict(kernel="create_tile_reduce_custom_kernel.tile_reduce_custom_kernel[32]", dim=56, block_dim=32,
         args=dict(input=("uniform", 0.0, 1.0)), shapes=dict(input=(56, 32), output=(56,))),
    _scan("create_tile_scan_inclusive_kernel.tile_scan_inclusive_kernel"),
    _scan("create_tile_scan_exclusive_kernel.tile_scan_exclusive_kernel"),
    _scan("create_tile_scan_max_inclusive_kernel.tile_scan_max_inclusive_kernel", -100.0, 100.0),
    _scan("create_tile_scan_min_inclusive_kernel.tile_scan_min_inclusive_kernel", -100.0, 100.0),
    # test_tile_scan_min_max_inclusive_float_extremes: rows of f32 min, max, -inf, inf (67 long)
    _minmax("f32_67", [[float(v)] * 67 for v in (_f32.min, _f32.max, -_np.inf, _np.inf)]),
    # test_tile_scan_min_max_inclusive_integer_extremes: min, max, random rows
    _minmax("i32_67", [[int(_I32.min)] * 67, [int(_I32.max)] * 67,
                       _np.random.default_rng(42).integers(_I32.min, _I32.max, 67, endpoint=True).tolist()]),
    _minmax("u32_67", [[0] * 67, [int(_U32.max)] * 67,
                       _np.random.default_rng(42).integers(0, _U32.max, 67, dtype=_np.uint32,
                                                           endpoint=True).tolist()]),
]
# test_tile_reduce_custom_struct_argmax (block_dim 64) and _single_warp (32),
# keys the column index, values random [0, 1) as initialize_key_value makes them
TESTS += [_kv(64), _kv(32)]
BIND = {
    "create_tile_reduce_custom_kernel.tile_reduce_custom_kernel[64]": dict(tile_dim=64),
    "create_tile_reduce_custom_kernel.tile_reduce_custom_kernel[32]": dict(tile_dim=32),
    "create_tile_scan_inclusive_kernel.tile_scan_inclusive_kernel": dict(tile_dim=1234),
    "create_tile_scan_exclusive_kernel.tile_scan_exclusive_kernel": dict(tile_dim=1234),
    "create_tile_scan_max_inclusive_kernel.tile_scan_max_inclusive_kernel": dict(tile_dim=1234),
    "create_tile_scan_min_inclusive_kernel.tile_scan_min_inclusive_kernel": dict(tile_dim=1234),
    "create_tile_scan_min_max_inclusive_kernel.tile_scan_min_max_inclusive_kernel[f32_67]":
        dict(dtype=wp.float32, tile_dim=67),
    "create_tile_scan_min_max_inclusive_kernel.tile_scan_min_max_inclusive_kernel[i32_67]":
        dict(dtype=wp.int32, tile_dim=67),
    "create_tile_scan_min_max_inclusive_kernel.tile_scan_min_max_inclusive_kernel[u32_67]":
        dict(dtype=wp.uint32, tile_dim=67),
    "create_tile_reduce_custom_struct_kernel.tile_reduce_custom_struct_kernel[64]": dict(tile_dim=64),
    "create_tile_reduce_custom_struct_kernel.tile_reduce_custom_struct_kernel[32]": dict(tile_dim=32),
}
XFAIL.update({
    # test_tile_atomic_add_unsupported_dtype: warp-lang rejects it when it
    # builds it ("tile_atomic_add ... only supports"); warpc too
    "test_tile_atomic_add_unsupported_dtype.atomic_add_bool_kernel": "wp.tile_atomic_add(): no atomic add on 'bool'",
})
# warp-lang rejects it (CUDA has no int8 atomicAdd, and Warp checks it on
# every device); warpc compiles it (reported)
UNTESTED.update({
    "test_tile_atomic_add_unsupported_dtype.atomic_add_int8_kernel": "mismatch: warp-lang rejects "
        "wp.tile_atomic_add() of an int8 tile (\"tile_atomic_add ... only supports\"); warpc compiles it",
})
# test_tile_scan_min_max_inclusive_nan (300 long): the scans skip NaN
# elements as C's fmax/fmin do, as warp-lang's (e2e.tile_scan_nan)
TESTS.append(_minmax("f32_300", _NAN_ROWS.tolist(), name="scan_min_max_nan"))
BIND["create_tile_scan_min_max_inclusive_kernel.tile_scan_min_max_inclusive_kernel[f32_300]"] = dict(
    dtype=wp.float32, tile_dim=300)
