"""uint32 arithmetic that wraps around: a linear congruential generator, and
unsigned // and %."""
import warp as wp

LCG_A = wp.constant(wp.uint32(1664525))
LCG_C = wp.constant(wp.uint32(1013904223))


@wp.func
def lcg(state: wp.uint32) -> wp.uint32:
    return state * LCG_A + LCG_C


@wp.kernel
def lcg_steps(seed: wp.array(dtype=wp.uint32), steps: int, out: wp.array(dtype=wp.uint32),
              bucket: wp.array(dtype=wp.uint32), unit: wp.array(dtype=float)):
    i = wp.tid()
    s = seed[i]
    for _k in range(steps):
        s = lcg(s)
    out[i] = s
    bucket[i] = s % wp.uint32(10) + (s // wp.uint32(1000000000))
    unit[i] = float(s) / 4294967296.0


@wp.kernel
def unsigned_sub(a: wp.array(dtype=wp.uint32), b: wp.array(dtype=wp.uint32), out: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    d = a[i] - b[i]  # wraps when b > a
    out[i] = wp.max(d, a[i]) - wp.min(a[i], b[i])


TESTS = [
    dict(kernel="lcg_steps", dim=1000, args=dict(seed="arange", steps=7), outputs=["out", "bucket", "unit"]),
    dict(kernel="lcg_steps", dim=100, args=dict(seed=("int", 0, 4294967295), steps=100),
         outputs=["out", "bucket", "unit"]),
    dict(kernel="unsigned_sub", dim=500, args=dict(a=("int", 0, 1000), b=("int", 0, 1000)), outputs=["out"]),
]
