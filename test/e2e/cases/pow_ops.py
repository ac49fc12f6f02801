"""The ** operator and wp.pow on positive bases, float32 and float64.

In Warp both operands of ** must have the same float type: `x ** 2.0` is
fine for float32 x, `x ** 2` (an int exponent) does not compile, and for
float64 the exponent must be a float64 too.
"""
import warp as wp


@wp.kernel
def powers(x: wp.array(dtype=float), e: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    b = x[i]
    out[i, 0] = b ** 2.0
    out[i, 1] = b ** 0.5
    out[i, 2] = wp.pow(b, e[i])
    out[i, 3] = b ** -1.5
    out[i, 4] = 2.0 ** e[i]
    out[i, 5] = -b ** 2.0  # unary minus binds looser than **


@wp.kernel
def powers64(x: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    third = wp.float64(1.0) / wp.float64(3.0)
    out[i] = x[i] ** third + wp.pow(x[i], wp.float64(2.5))


TESTS = [
    dict(kernel="powers", dim=500, args=dict(x=("uniform", 0.1, 4), e=("uniform", -3, 3)),
         shapes=dict(out=(500, 6)), outputs=["out"]),
    dict(kernel="powers64", dim=500, args=dict(x=("uniform", 0.0, 100)), outputs=["out"]),
]
