"""Float-to-integer conversions of constants, which warpc folds at compile
time: they truncate toward zero as the generated code does (int(-2.5) is -2,
not floor's -3); positive, negative and non-whole values, through int(),
the typed constructors, a float64 source and module-level constants.  (A
fold with floor instead of trunc passed every test before this one, issue
18.)"""
import warp as wp

NEG = -2.5
NEG64 = wp.constant(wp.float64(-3.9))


@wp.kernel
def casts(x: wp.array(dtype=float), out: wp.array2d(dtype=int), w: wp.array2d(dtype=wp.int64)):
    i = wp.tid()
    out[i, 0] = int(-2.5)
    out[i, 1] = int(wp.int32(-0.5))
    out[i, 2] = int(wp.int8(-1.7))
    out[i, 3] = int(wp.float64(-3.9))
    out[i, 4] = int(NEG)
    out[i, 5] = int(NEG64)
    out[i, 6] = int(2.7) + int(wp.int16(-7.5))
    out[i, 7] = int(-2.5 * 3.0) + int(x[i])  # -7.5 folded; x[i] at run time
    w[i, 0] = wp.int64(-2.9e10)
    w[i, 1] = wp.int64(wp.float64(-1.5))


TESTS = [
    dict(kernel="casts", dim=8, args=dict(x=("uniform", -3, 3)), shapes=dict(out=(8, 8), w=(8, 2)),
         outputs=["out", "w"]),
]
