"""Module constants of 64-bit integer type keep every bit: wp.constant
of wp.uint64 / wp.int64 values past 2^53 (hash multipliers, offsets)
used in kernels, alone and through another constant."""
import warp as wp

GOLDEN = wp.constant(wp.uint64(0x9E3779B97F4A7C15))
FNV_OFFSET = wp.constant(wp.uint64(0xCBF29CE484222325))
BIG_NEG = wp.constant(wp.int64(-4611686018427387905))
ALIAS = GOLDEN


@wp.kernel
def use(x: wp.array(dtype=wp.uint64), out: wp.array2d(dtype=wp.uint64), neg: wp.array(dtype=wp.int64)):
    i = wp.tid()
    out[i, 0] = GOLDEN
    out[i, 1] = x[i] * GOLDEN + FNV_OFFSET
    out[i, 2] = ALIAS ^ x[i]
    neg[i] = BIG_NEG + wp.int64(i)


TESTS = [
    dict(kernel="use", dim=16, args=dict(x=("int", 0, (1 << 64) - 1)), shapes=dict(out=(16, 3)),
         outputs=["out", "neg"]),
]
