"""lerp, smoothstep, step, nonzero, cbrt, degrees, radians, rint, frac on
float32/float64 scalars; step and nonzero on ints; isnan/isinf/isfinite.

Warp's step(x) is 1 for x < 0 and 0 otherwise; rint rounds halves to even;
frac(x) is x - trunc(x); degrees/radians multiply by a double constant."""
import warp as wp


@wp.kernel
def float_ops(x: wp.array(dtype=float), y: wp.array(dtype=float), t: wp.array(dtype=float),
              out: wp.array2d(dtype=float)):
    i = wp.tid()
    a = x[i]
    b = y[i]
    s = t[i]
    out[i, 0] = wp.lerp(a, b, s)
    out[i, 1] = wp.smoothstep(-0.5, 0.5, a)
    out[i, 2] = wp.smoothstep(b, b + 1.0, a * 2.0)
    out[i, 3] = wp.step(a)
    out[i, 4] = wp.nonzero(b)
    out[i, 5] = wp.cbrt(a * 8.0)
    out[i, 6] = wp.degrees(a)
    out[i, 7] = wp.radians(a * 180.0)
    out[i, 8] = wp.rint(a * 4.0)
    out[i, 9] = wp.frac(a * 3.0)


@wp.kernel
def double_ops(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64), out: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    a = x[i]
    b = y[i]
    out[i, 0] = wp.lerp(a, b, wp.float64(0.25))
    out[i, 1] = wp.smoothstep(wp.float64(-0.5), wp.float64(0.5), a)
    out[i, 2] = wp.step(a)
    out[i, 3] = wp.nonzero(b)
    out[i, 4] = wp.cbrt(a)
    out[i, 5] = wp.degrees(a)
    out[i, 6] = wp.radians(b)
    out[i, 7] = wp.rint(a * wp.float64(4.0))
    out[i, 8] = wp.frac(a * wp.float64(3.0))


@wp.kernel
def int_ops(x: wp.array(dtype=int), out: wp.array2d(dtype=int)):
    i = wp.tid()
    a = x[i]
    out[i, 0] = wp.step(a)
    out[i, 1] = wp.nonzero(a)
    # isnan/isinf/isfinite take floats only since warp-lang 1.19 (test/diag/removed_1_19.py)
    f = float(a)
    out[i, 2] = wp.where(wp.isnan(f), 1, 0) + wp.where(wp.isinf(f), 2, 0) + wp.where(wp.isfinite(f), 4, 0)
    out[i, 3] = int(wp.step(wp.uint32(a + 10))) + int(wp.nonzero(wp.int64(a)))


@wp.kernel
def classify(x: wp.array(dtype=float), out: wp.array2d(dtype=int)):
    i = wp.tid()
    a = x[i]
    out[i, 0] = int(wp.isnan(a))
    out[i, 1] = int(wp.isinf(a))
    out[i, 2] = int(wp.isfinite(a))
    d = wp.float64(a)
    out[i, 3] = int(wp.isnan(d)) + 2 * int(wp.isinf(d)) + 4 * int(wp.isfinite(d))


TESTS = [
    dict(kernel="float_ops", dim=300,
         args=dict(x=("uniform", -1, 1), y=("choice", [-1.0, -0.25, 0.0, 0.25, 1.0]), t=("uniform", -0.5, 1.5)),
         shapes=dict(out=(300, 10)), outputs=["out"]),
    dict(kernel="float_ops", dim=8,
         args=dict(x=[0.0, -0.0, 0.125, -0.125, 0.5, -0.5, 1.0, 0.375], y=[0.0] * 8, t=[0.0, 1.0, 0.5, 2.0, -1.0, 0.0, 1.0, 0.5]),
         shapes=dict(out=(8, 10)), outputs=["out"]),
    dict(kernel="double_ops", dim=200, args=dict(x=("uniform", -2, 2), y=("choice", [-1.0, 0.0, 2.0])),
         shapes=dict(out=(200, 9)), outputs=["out"]),
    dict(kernel="int_ops", dim=100, args=dict(x=("int", -5, 5)), shapes=dict(out=(100, 4)), outputs=["out"]),
    dict(kernel="classify", dim=6, args=dict(x=[0.0, 1.5, float("nan"), float("inf"), float("-inf"), -3.0]),
         shapes=dict(out=(6, 4)), outputs=["out"]),
]
