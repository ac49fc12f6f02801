"""clamp, sign, min, max on ints and floats.

sign() in Warp returns -1 for negative values and +1 otherwise (sign(0) == 1,
also for ints and for -0.0).
"""
import warp as wp


@wp.kernel
def float_ops(x: wp.array(dtype=float), y: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    a = x[i]
    b = y[i]
    out[i, 0] = wp.clamp(a, -0.5, 0.5)
    out[i, 1] = wp.sign(a)
    out[i, 2] = wp.min(a, b)
    out[i, 3] = wp.max(a, b)
    out[i, 4] = min(a, 0.0) + max(b, 0.0)
    out[i, 5] = wp.clamp(a * 4.0, b, b + 1.0)
    out[i, 6] = wp.sign(a - b) * wp.abs(a - b)


@wp.kernel
def int_ops(x: wp.array(dtype=int), y: wp.array(dtype=int), out: wp.array2d(dtype=int)):
    i = wp.tid()
    a = x[i]
    b = y[i]
    out[i, 0] = wp.clamp(a, -3, 3)
    out[i, 1] = wp.sign(a)
    out[i, 2] = wp.min(a, b)
    out[i, 3] = wp.max(a, b)
    out[i, 4] = min(a, b) * max(a, b)
    out[i, 5] = wp.clamp(b, a, a + 2)


TESTS = [
    dict(kernel="float_ops", dim=400, args=dict(x=("uniform", -1, 1), y=("choice", [-1.0, -0.25, 0.0, 0.25, 1.0])),
         shapes=dict(out=(400, 7)), outputs=["out"]),
    dict(kernel="int_ops", dim=400, args=dict(x=("int", -6, 6), y=("int", -6, 6)),
         shapes=dict(out=(400, 6)), outputs=["out"]),
    dict(kernel="float_ops", dim=4, args=dict(x=[0.0, -0.0, 1.0, -1.0], y=[0.0, 0.0, 1.0, -2.0]),
         shapes=dict(out=(4, 7)), outputs=["out"]),
]
