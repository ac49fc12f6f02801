"""warp-lang 1.19.0's warp/tests/tile/test_tile_sort.py: wp.tile_sort of
key/value tiles.  The file's kernels are made by factories
(create_sort_kernel(KEY_TYPE, MAX_SORT_LENGTH, module), create_kernel(length),
...) whose parameters the kernels close over: BIND gives each instance's
values (the dtypes and lengths the tests use: lengths 2^i + 1 of the
dtypes test_tile_sort_keys_and_values_across_dtypes_and_sizes sorts, the
lengths of the block-dim tests, 2049 of the heap-backed CPU test), and
the harness lifts each instance to module level (test/tools/warp_tests.py).
Keys are drawn as the tests draw them (random in the same ranges, or the
file's own _make_unique_sort_keys with its seeds), values are the iota
payload.  Launches are tiled as the tests launch them; on the CPU, where
block_dim resolves to 1 (warp.config.enable_cpu_blocks is off), every
block_dim gives the same result, so each instance runs with one of the
test's block dims.  tile_sort_surviving_lane_kernel runs as
_run_surviving_lane_cpu_tile_sort launches it (wp.launch, 2 blocks of 32
threads, lengths 17 and 2049) but with block width 1: the file's test
sets enable_cpu_blocks, which warpc does not model (man page: a CPU block
is one thread)."""
import numpy as np

import warp as wp
from warp.tests.tile.test_tile_sort import _make_unique_sort_keys

TARGET = "warp/tests/tile/test_tile_sort.py"

K = "create_sort_kernel.tile_sort_kernel"
SAME = "test_tile_sort_same_tile_for_keys_and_values.create_kernel.sort_kernel"
BF16 = "create_bfloat16_payload_sort_kernel.tile_sort_bfloat16_kernel"
LANE = "create_surviving_lane_sort_kernel.tile_sort_surviving_lane_kernel"

# the random keys of test_tile_sort_keys_and_values_across_dtypes_and_sizes
RANDOM = {"int32": ("int", -500000000, 500000000), "int64": ("int", -500000000000, 500000000000),
          "uint64": ("int", 0, 1000000000000), "float32": ("uniform", -500000000.0, 500000000.0)}


def unique(dtype, n):
    """The block-dim tests' keys."""
    return ("values", _make_unique_sort_keys(dtype, n, np.random.default_rng(1748 + n)).tolist())


def sort(tag, n, keys, block_dim):
    return dict(kernel=f"{K}[{tag}]", name=f"{K}[{tag}] block_dim={block_dim}", dim=1, block_dim=block_dim,
                args=dict(input_keys=keys, input_values=("arange",)),
                shapes=dict(input_keys=(n,), input_values=(n,), output_keys=(n,), output_values=(n,)))


TESTS = [
    # across dtypes and sizes (random keys; block dims 32 to 512)
    sort("i32_2", 2, RANDOM["int32"], 32),
    sort("i32_17", 17, RANDOM["int32"], 64),
    sort("i32_1025", 1025, RANDOM["int32"], 512),
    sort("i64_33", 33, RANDOM["int64"], 128),
    sort("i64_513", 513, RANDOM["int64"], 256),
    sort("u64_9", 9, RANDOM["uint64"], 32),
    sort("u64_257", 257, RANDOM["uint64"], 64),
    sort("f32_3", 3, RANDOM["float32"], 32),
    sort("f32_129", 129, RANDOM["float32"], 256),
    sort("f32_1025", 1025, RANDOM["float32"], 512),
    # the block-dim tests' cases (distinct keys)
    sort("f32_8", 8, unique(wp.float32, 8), 16),
    sort("f32_64", 64, unique(wp.float32, 64), 33),
    sort("f32_65", 65, unique(wp.float32, 65), 96),
    sort("f32_2100", 2100, unique(wp.float32, 2100), 160),
    sort("i32_2100", 2100, unique(wp.int32, 2100), 192),
    sort("i64_1025", 1025, unique(wp.int64, 1025), 100),
    # the heap-backed CPU sort: 2049 keys in reverse order
    sort("i32_2049", 2049, ("arange", 2048, -1), 32),
    # the same tile as keys and values
    dict(kernel=f"{SAME}[65]", dim=1, block_dim=33, args=dict(keys_array=unique(wp.int32, 65)),
         shapes=dict(keys_array=(65,))),
    dict(kernel=f"{SAME}[2100]", dim=1, block_dim=64, args=dict(keys_array=unique(wp.int32, 2100)),
         shapes=dict(keys_array=(2100,))),
    # a bfloat16 payload
    dict(kernel=f"{BF16}[8]", dim=1, block_dim=32,
         args=dict(input_keys=("arange", 7.0, -1.0), input_values=("arange", 1.0)),
         shapes=dict(input_keys=(8,), input_values=(8,), output_keys=(8,), output_values=(8,))),
]
for n in (17, 2049):
    rng = np.random.default_rng(1638 + n)
    TESTS.append(dict(
        kernel=f"{LANE}[{n}]", dim=64,
        args=dict(input_keys=("values", np.concatenate([rng.permutation(n), rng.permutation(n)]).tolist()),
                  input_values=("arange",), output_keys=("full", -1), output_values=("full", -1)),
        shapes=dict(input_keys=(2 * n,), input_values=(2 * n,), output_keys=(2 * n,), output_values=(2 * n,))))

_dt = {"i32": wp.int32, "i64": wp.int64, "u64": wp.uint64, "f32": wp.float32}
BIND = {}
for t in TESTS:
    k = t["kernel"]
    tag = k[k.index("[") + 1:-1]
    if k.startswith(K):
        dt, n = tag.split("_")
        BIND[k] = dict(KEY_TYPE=_dt[dt], MAX_SORT_LENGTH=int(n), module=None)
    else:
        BIND[k] = dict(length=int(tag))
