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

# --- kernels inside the test functions (lifted by the harness) ---
# Most of the file's tests run on CUDA devices only (get_cuda_test_devices);
# their kernels still run on warp-lang's CPU backend, so each is launched as
# its test launches it (grid, block_dim, shapes, values) and compared there.
# On the CPU a block is one thread (lane j = 0), as in warp-lang's default
# CPU backend.  The message tests size their tile from the device
# (max_shared_memory_per_block, 101376 bytes on sm_86/sm_89): BIND gives
# that device's TILE_N.


def _tiled(kernel, shapes, block_dim, dim=1, name=None, **args):
    d = dict(kernel=kernel, dim=dim, block_dim=block_dim, args=args, shapes=shapes)
    if name:
        d["name"] = name
    return d


_SMEM_MAX = 101376
TESTS += [
    _tiled("test_tile_shared_mem_size.compute", dict(out=(32, 32)), 256),
    _tiled("test_tile_shared_memory_supports_64_kib_allocation.compute", dict(out=(64, 128)), 256),
    _tiled("test_tile_shared_mem_backward_overflow_message.compute",
           dict(inp=(int(_SMEM_MAX * 0.6) // 4,), out=(int(_SMEM_MAX * 0.6) // 4,)), 64, inp=("full", 1.0)),
    _tiled("test_tile_shared_mem_graph.compute", dict(out=(32, 32)), 256),
    _tiled("test_tile_function_allocations_use_peak_shared_memory.compute", dict(out=(64, 64)), 256),
    _tiled("test_tile_shared_non_aligned.compute", dict(out=(1, 3)), 256),
    # indices drawn from 0..2 as the test's rng.integers(0, 3); vecs the basis
    _tiled("test_tile_shared_vec_accumulation.compute", dict(indices=(768,), vecs=(3,), output=(3, 3)), 256, dim=3,
           indices=("int", 0, 2), vecs=("values", [[1, 0, 0], [0, 1, 0], [0, 0, 1]])),
    _tiled("test_tile_shared_manual_reduction_add.compute", dict(x=(1024,), y=(4,)), 256, dim=4, x=("arange",)),
    _tiled("test_tile_shared_manual_reduction_sub.compute", dict(x=(1024,), y=(4,)), 256, dim=4, x=("arange",)),
    _tiled("test_tile_scatter_add_distinct_indices.compute", dict(out=(64,)), 64),
    _tiled("test_tile_scatter_add_conflicting.compute", dict(out=(1,)), 64),
    _tiled("test_tile_scatter_add_partial.compute", dict(out=(64,)), 64),
    _tiled("test_tile_scatter_add_2d.compute", dict(out=(8, 8)), 64),
    _tiled("test_tile_scatter_add_grad_distinct_indices.compute", dict(inp=(64,), out=(64,)), 64, inp=("full", 1.0)),
    _tiled("test_tile_scatter_add_grad_partial.compute", dict(inp=(64,), out=(64,)), 64, inp=("full", 1.0)),
    _tiled("test_tile_scatter_add_grad_conflicting.compute", dict(inp=(64,), out=(1,)), 64, inp=("full", 1.0)),
    _tiled("test_tile_scatter_add_non_atomic_1d.compute", dict(out=(64,)), 64),
    _tiled("test_tile_scatter_add_non_atomic_2d.compute", dict(out=(4, 16)), 64),
    _tiled("test_tile_scatter_add_non_atomic_grad.compute", dict(inp=(64,), out=(64,)), 64, inp=("full", 1.0)),
    _tiled("test_tile_shared_coalesced_mat33.compute", dict(inp=(8,), out=(8,)), 64, inp=("arange",)),
    _tiled("test_tile_shared_coalesced_mat44.compute", dict(inp=(4,), out=(4,)), 64, inp=("arange",)),
    _tiled("test_tile_register_from_shared_reassign.compute",
           dict(src=(8,), overwritten=(8,), reassigned=(8,), direct=(8,)), 64,
           src=("arange", 1.0), overwritten=("arange", 101.0), iters=2),
    _tiled("test_tile_register_from_shared_reassign.compute",
           dict(src=(8,), overwritten=(8,), reassigned=(8,), direct=(8,)), 64, name="register_from_shared_iters0",
           src=("arange", 1.0), overwritten=("arange", 101.0), iters=0),
    _tiled("test_tile_scatter_masked_distinct_indices.compute", dict(out=(64,)), 64),
    _tiled("test_tile_scatter_masked_partial.compute", dict(out=(64,)), 64),
    _tiled("test_tile_scatter_masked_cross_thread.compute", dict(out=(64,)), 64),
    _tiled("test_tile_scatter_masked_2d.compute", dict(out=(8, 8)), 64),
    _tiled("test_tile_scatter_masked_3d.compute", dict(out=(4, 4, 4)), 64),
    _tiled("test_tile_scatter_masked_4d.compute", dict(out=(2, 2, 2, 4)), 32),
    _tiled("test_tile_scatter_masked_grad_distinct_indices.compute", dict(inp=(64,), out=(64,)), 64, inp=("full", 1.0)),
    _tiled("test_tile_scatter_masked_grad_partial.compute", dict(inp=(64,), out=(64,)), 64, inp=("full", 1.0)),
    _tiled("test_tile_scatter_masked_grad_cross_thread.compute", dict(inp=(64,), out=(64,)), 64, inp=("full", 1.0)),
    # their tiles are in the @wp.func scale2x only, and warpc emits no _tiled
    # launcher for such a kernel (reported): launched with wp.launch over the
    # 4 blocks, which is the same on the CPU (a block is one thread)
    dict(kernel="test_tile_custom_grad_extra_shared.run", dim=4, shapes=dict(x=(16, 4), y=(16, 4)),
         args=dict(x=("uniform", -1.0, 1.0))),
    dict(kernel="test_tile_custom_grad_shared_forward.run", dim=4, shapes=dict(x=(16, 4), y=(16, 4)),
         args=dict(x=("uniform", -1.0, 1.0))),
]
_TN = _SMEM_MAX // 4
# the file's launch-message tests: a tile of the device's shared memory
# (tiles up to 256 KiB compile in warpc; on the CPU they run as warp-lang's)
TESTS += [_tiled(f"test_tile_shared_mem_{k}.compute", dict(out=(_TN,)), 64)
          for k in ("overflow_message", "unknown_static_message", "launch_error_without_shortfall",
                    "occupancy_query_message")]
TESTS.append(_tiled("test_tile_shared_mem_deterministic_launch_message.compute",
                    dict(out=(_TN,), dest=(1,), acc=(1,)), 64))
BIND = {
    "test_tile_shared_mem_overflow_message.compute": dict(TILE_N=_TN),
    "test_tile_shared_mem_backward_overflow_message.compute": dict(TILE_N=int(_SMEM_MAX * 0.6) // 4),
    "test_tile_shared_mem_unknown_static_message.compute": dict(TILE_N=_TN),
    "test_tile_shared_mem_launch_error_without_shortfall.compute": dict(TILE_N=_TN),
    "test_tile_shared_mem_occupancy_query_message.compute": dict(TILE_N=_TN),
    "test_tile_shared_mem_deterministic_launch_message.compute": dict(TILE_N=_TN),
}
