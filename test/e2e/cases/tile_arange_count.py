"""The length of wp.tile_arange(start, stop, step) as warp-lang 1.19
counts it (its test_tile_construction): for an integer dtype an exact
ceiling division of int64 bounds (a span of 2**53 + 1 with a step of 2**53
has two elements; warpc divided in double and made one); for a float dtype
the bounds and their quotient are rounded to the dtype first, so that
(0.0, 0.3, 0.1) in float32 has three elements (warpc: four, 0.3 past the
stop) and int64 bounds that float32 rounds together make one element
(warpc: two), int64 bounds rounded to float32 once, as Warp rounds
them (not through a double, whose tie goes the other way); a range too short for one step still has its start."""
import warp as wp

I64_START = wp.constant(wp.int64(0))
I64_STOP = wp.constant(wp.int64(9007199254740993))
I64_STEP = wp.constant(wp.int64(9007199254740992))
F32_STOP = wp.constant(wp.int64(16777217))
F32_STEP = wp.constant(wp.int64(16777216))
# int64 bounds that a float32 range takes rounded once (through double they
# would round twice, to the other side of a tie: two elements, not one)
ONCE_START = wp.constant(wp.int64(2**54))
ONCE_STOP = wp.constant(wp.int64(2**54 + 3 * 2**30 - 1))
ONCE_STEP = wp.constant(wp.int64(2**31))


@wp.kernel
def arange_count(i64: wp.array(dtype=wp.int64), f32: wp.array(dtype=float), f64: wp.array(dtype=wp.float64),
                 rounded: wp.array(dtype=float), unit: wp.array(dtype=float), neg: wp.array(dtype=int),
                 once: wp.array(dtype=float)):
    wp.tile_store(i64, wp.tile_arange(I64_START, I64_STOP, I64_STEP, dtype=wp.int64))
    wp.tile_store(f32, wp.tile_arange(0.0, 0.3, 0.1, dtype=float))
    wp.tile_store(f64, wp.tile_arange(0.0, 0.3, 0.1, dtype=wp.float64))
    wp.tile_store(rounded, wp.tile_arange(I64_START, F32_STOP, F32_STEP, dtype=float))
    wp.tile_store(unit, wp.tile_arange(0.0, 0.3, dtype=float))
    wp.tile_store(neg, wp.tile_arange(7, -4, -3, dtype=int))
    wp.tile_store(once, wp.tile_arange(ONCE_START, ONCE_STOP, ONCE_STEP, dtype=float))


TESTS = [
    dict(kernel="arange_count", dim=1, block_dim=8,
         args=dict(i64=("full", -1), f32=("full", -1.0), f64=("full", -1.0), rounded=("full", -1.0),
                   unit=("full", -1.0), neg=("full", -100), once=("full", -1.0)),
         shapes=dict(i64=(4,), f32=(5,), f64=(5,), rounded=(3,), unit=(3,), neg=(6,), once=(3,))),
]
