"""Inverse trigonometric and hyperbolic functions: asin acos atan atan2 sinh
cosh tanh (arguments in domain)."""
import warp as wp


@wp.kernel
def inverse_trig(u: wp.array(dtype=float), x: wp.array(dtype=float), y: wp.array(dtype=float),
                 out: wp.array2d(dtype=float)):
    i = wp.tid()
    a = u[i]  # in [-1, 1]
    out[i, 0] = wp.asin(a)
    out[i, 1] = wp.acos(a)
    out[i, 2] = wp.atan(x[i])
    out[i, 3] = wp.atan2(y[i], x[i])
    out[i, 4] = wp.sinh(a * 2.0)
    out[i, 5] = wp.cosh(a * 2.0)
    out[i, 6] = wp.tanh(x[i])


@wp.kernel
def polar(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
          r: wp.array(dtype=wp.float64), theta: wp.array(dtype=wp.float64)):
    i = wp.tid()
    r[i] = wp.sqrt(x[i] * x[i] + y[i] * y[i])
    theta[i] = wp.atan2(y[i], x[i])


TESTS = [
    dict(kernel="inverse_trig", dim=1000,
         args=dict(u=("uniform", -1, 1), x=("uniform", -5, 5), y=("uniform", -5, 5)),
         shapes=dict(out=(1000, 7)), outputs=["out"]),
    dict(kernel="polar", dim=500, args=dict(x=("uniform", -3, 3), y=("uniform", -3, 3)), outputs=["r", "theta"]),
]
