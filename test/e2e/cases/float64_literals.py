"""How float literals become float64 values.

A float literal in a kernel is a float32 constant, so wp.float64(0.1) is the
float32 nearest 0.1 widened to float64 (0.10000000149011612), and the same
holds for a plain Python module constant (C = 0.1) used in a kernel.  A
wp.constant(wp.float64(0.1)) keeps the full float64 value.  The comparison
uses the float64 tolerance (rtol 1e-9), which these differences exceed.
"""
import warp as wp

C = 0.1
C64 = wp.constant(wp.float64(0.1))


@wp.kernel
def literals(out: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    k = wp.float64(i)
    out[i, 0] = wp.float64(0.1) * k
    out[i, 1] = wp.float64(C) * k
    out[i, 2] = C64 * k
    out[i, 3] = wp.float64(0.5) * k + wp.float64(0.25)
    out[i, 4] = wp.float64(1.0) / wp.float64(3.0) * k
    out[i, 5] = wp.float64(float(i) * 0.1)
    out[i, 6] = wp.float64(3.14159265358979)


TESTS = [
    dict(kernel="literals", dim=50, shapes=dict(out=(50, 7))),
]
