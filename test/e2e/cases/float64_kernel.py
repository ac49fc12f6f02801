"""A kernel entirely in float64: literals wrapped in wp.float64(), a local
Horner polynomial and a Taylor series for exp."""
import warp as wp


@wp.func
def horner(x: wp.float64) -> wp.float64:
    # 1 - x/2 + x^2/3 - x^3/4 + x^4/5
    c4 = wp.float64(0.2)
    c3 = wp.float64(-0.25)
    c2 = wp.float64(1.0) / wp.float64(3.0)
    c1 = wp.float64(-0.5)
    c0 = wp.float64(1.0)
    return (((c4 * x + c3) * x + c2) * x + c1) * x + c0


@wp.kernel
def taylor_exp(x: wp.array(dtype=wp.float64), terms: int, out: wp.array(dtype=wp.float64),
               err: wp.array(dtype=wp.float64), poly: wp.array(dtype=wp.float64)):
    i = wp.tid()
    v = x[i]
    term = wp.float64(1.0)
    s = wp.float64(1.0)
    for k in range(1, terms):
        term = term * v / wp.float64(k)
        s = s + term
    out[i] = s
    err[i] = wp.abs(s - wp.exp(v))
    poly[i] = horner(v)


TESTS = [
    dict(kernel="taylor_exp", dim=1000, args=dict(x=("uniform", -2, 2), terms=20)),
    dict(kernel="taylor_exp", dim=100, args=dict(x=("uniform", -1, 1), terms=5), atol=1e-15, rtol=1e-12),
]
