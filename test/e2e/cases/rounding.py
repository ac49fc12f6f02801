"""floor ceil round trunc and int() of floats, including halves and negatives.

Warp's round() rounds half away from zero (C roundf: round(2.5) == 3,
round(-0.5) == -1), unlike Python's banker's rounding; int(x) truncates
toward zero.
"""
import warp as wp


@wp.kernel
def rounders(x: wp.array(dtype=float), out: wp.array2d(dtype=float), out_i: wp.array2d(dtype=int)):
    i = wp.tid()
    v = x[i]
    out[i, 0] = wp.floor(v)
    out[i, 1] = wp.ceil(v)
    out[i, 2] = wp.round(v)
    out[i, 3] = wp.trunc(v)
    out[i, 4] = v - wp.floor(v)
    out_i[i, 0] = int(v)
    out_i[i, 1] = int(wp.floor(v))
    out_i[i, 2] = int(wp.round(v))
    out_i[i, 3] = wp.int32(wp.ceil(v))


@wp.kernel
def rounders64(x: wp.array(dtype=wp.float64), out: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    v = x[i]
    out[i, 0] = wp.floor(v)
    out[i, 1] = wp.ceil(v)
    out[i, 2] = wp.round(v)
    out[i, 3] = wp.trunc(v)


TESTS = [
    dict(kernel="rounders", dim=12,
         args=dict(x=[0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.0, 3.7, -3.7, 0.49999997, -1e-3, 1e6 + 0.5]),
         shapes=dict(out=(12, 5), out_i=(12, 4)), outputs=["out", "out_i"]),
    dict(kernel="rounders", dim=1000, args=dict(x=("uniform", -1000, 1000)),
         shapes=dict(out=(1000, 5), out_i=(1000, 4)), outputs=["out", "out_i"], atol=1e-4),
    dict(kernel="rounders64", dim=6, args=dict(x=[0.5, -0.5, 2.5, -2.5, 1e15 + 0.5, -7.25]),
         shapes=dict(out=(6, 4)), outputs=["out"]),
]
