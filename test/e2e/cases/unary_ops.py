"""Unary minus / plus, abs and not on ints, floats and bools."""
import warp as wp


@wp.kernel
def unary_float(x: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    v = x[i]
    out[i, 0] = -v
    out[i, 1] = +v
    out[i, 2] = -(-v)
    out[i, 3] = abs(v)
    out[i, 4] = wp.abs(-v) - v
    out[i, 5] = -v * 2.0 - -1.0


@wp.kernel
def unary_int(n: wp.array(dtype=int), out: wp.array2d(dtype=int), flags: wp.array(dtype=wp.bool)):
    i = wp.tid()
    k = n[i]
    out[i, 0] = -k
    out[i, 1] = abs(k)
    out[i, 2] = -k * -k
    out[i, 3] = wp.abs(k - 5)
    flags[i] = not (k > 0)


TESTS = [
    dict(kernel="unary_float", dim=300, args=dict(x=("uniform", -5, 5)), shapes=dict(out=(300, 6)),
         outputs=["out"]),
    dict(kernel="unary_int", dim=300, args=dict(n=("int", -1000, 1000)), shapes=dict(out=(300, 4)),
         outputs=["out", "flags"]),
]
