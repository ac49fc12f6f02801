"""Comparisons of scalars of different types: Warp emits them as C++
comparisons, so the operands meet after C's usual arithmetic conversions
(float32 < int32 compares as float32; int32 < uint32 as uint32, where -1 is
the largest value; int64 < uint32 as int64; float32 == float64 as float64).
example_fluid.py of warp-lang compares a float distance with an int radius."""
import warp as wp


@wp.kernel
def mixed(
    f: wp.array(dtype=float),
    n: wp.array(dtype=wp.int32),
    u: wp.array(dtype=wp.uint32),
    l: wp.array(dtype=wp.int64),
    b8: wp.array(dtype=wp.int8),
    d: wp.array(dtype=wp.float64),
    r: int,
    out: wp.array2d(dtype=wp.int32),
):
    i = wp.tid()
    x = f[i]
    k = 0
    if x < r:
        k = k | 1
    if r >= x:
        k = k | 2
    if n[i] < u[i]:
        k = k | 4
    if l[i] > u[i]:
        k = k | 8
    if b8[i] <= n[i]:
        k = k | 16
    if x == d[i]:
        k = k | 32
    if d[i] > x:
        k = k | 64
    if x > 2 and n[i] != 0.5:
        k = k | 128
    if wp.uint8(200) > b8[i]:
        k = k | 256
    if l[i] < 2.5:
        k = k | 512
    out[i, 0] = k
    out[i, 1] = wp.where(x < n[i], 1, 0)


TESTS = [
    dict(
        kernel="mixed",
        dim=64,
        args=dict(
            f=("choice", [-3.0, -1.0, 0.5, 1.0, 2.0, 2.5, 3.0]),
            n=("int", -3, 4),
            u=("int", 0, 4),
            l=("int", -3, 4),
            b8=("int", -128, 127),
            d=("choice", [-1.0, 0.5, 1.0, 2.5, 3.0]),
            r=1,
        ),
        shapes=dict(out=(64, 2)),
        outputs=["out"],
    ),
]
