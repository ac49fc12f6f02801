"""Numeric conversions: float(x), int(x), wp.float64(x), wp.float32(x),
wp.int32(x), wp.int64(x), wp.uint32(x), bool -> int.

Warp never converts implicitly (int + float does not compile), so programs
cast explicitly.  float -> int truncates toward zero.  Only values that fit
the target type are converted (out-of-range float -> int is undefined in C).
"""
import warp as wp


@wp.kernel
def to_int(x: wp.array(dtype=float), out: wp.array2d(dtype=int), out64: wp.array(dtype=wp.int64),
           outu: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    v = x[i]
    out[i, 0] = int(v)
    out[i, 1] = wp.int32(v * 10.0)
    out[i, 2] = int(v > 0.0)
    out[i, 3] = int(wp.float64(v) * wp.float64(3.0))
    out64[i] = wp.int64(v * 1000.0) * wp.int64(1000000)
    outu[i] = wp.uint32(wp.abs(v) * 100.0)


@wp.kernel
def to_float(n: wp.array(dtype=int), big: wp.array(dtype=wp.int64), u: wp.array(dtype=wp.uint32),
             out: wp.array2d(dtype=float), out64: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    out[i, 0] = float(n[i])
    out[i, 1] = wp.float32(n[i]) * 0.5
    out[i, 2] = float(big[i])
    out[i, 3] = float(u[i])
    out[i, 4] = float(wp.float64(n[i]) / wp.float64(7.0))
    out64[i, 0] = wp.float64(n[i])
    out64[i, 1] = wp.float64(big[i])
    out64[i, 2] = wp.float64(float(n[i]) / 7.0)
    out64[i, 3] = wp.float64(u[i])


@wp.kernel
def int_widths(n: wp.array(dtype=int), out: wp.array2d(dtype=wp.int64), outu: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    k = n[i]
    wide = wp.int64(k) * wp.int64(k) * wp.int64(k)
    out[i, 0] = wide
    out[i, 1] = wp.int64(wp.int32(wide % wp.int64(1000)))
    outu[i] = wp.uint32(k) * wp.uint32(1103515245)


TESTS = [
    dict(kernel="to_int", dim=800, args=dict(x=("uniform", -1000, 1000)), shapes=dict(out=(800, 4)),
         outputs=["out", "out64", "outu"]),
    dict(kernel="to_float", dim=500,
         args=dict(n=("int", -100000, 100000), big=("int", -10**12, 10**12), u=("int", 0, 4000000000)),
         shapes=dict(out=(500, 5), out64=(500, 4)), outputs=["out", "out64"]),
    dict(kernel="int_widths", dim=500, args=dict(n=("int", -2000000, 2000000)), shapes=dict(out=(500, 2)),
         outputs=["out", "outu"]),
]
