"""Polynomial evaluation: Horner's rule over a coefficient array in
float64 (value and derivative together), a Chebyshev series by the
Clenshaw recurrence in float32, and a fixed-degree polynomial in a
@wp.func with wp.static degree."""
import warp as wp

DEG = 7


@wp.kernel
def horner64(coef: wp.array(dtype=wp.float64), x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
             dy: wp.array(dtype=wp.float64)):
    i = wp.tid()
    t = x[i]
    p = wp.float64(0.0)
    d = wp.float64(0.0)
    n = coef.shape[0]
    for k in range(n):
        d = d * t + p
        p = p * t + coef[n - 1 - k]
    y[i] = p
    dy[i] = d


@wp.func
def clenshaw(c: wp.array(dtype=float), x: float):
    b1 = float(0.0)
    b2 = float(0.0)
    k = c.shape[0] - 1
    while k >= 1:
        b0 = 2.0 * x * b1 - b2 + c[k]
        b2 = b1
        b1 = b0
        k -= 1
    return x * b1 - b2 + c[0]


@wp.func
def fixed_poly(x: float):
    r = float(1.0)
    for k in range(wp.static(DEG), 0, -1):
        r = r * x / float(k) + 1.0
    return r


@wp.kernel
def cheb(c: wp.array(dtype=float), x: wp.array(dtype=float), y: wp.array(dtype=float), e: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = clenshaw(c, x[i])
    e[i] = fixed_poly(x[i])


TESTS = [
    dict(kernel="horner64", dim=500, args=dict(coef=("uniform", -1, 1), x=("uniform", -1.2, 1.2)),
         shapes=dict(coef=(12,)), outputs=["y", "dy"]),
    dict(kernel="cheb", dim=500, args=dict(c=("uniform", -1, 1), x=("uniform", -1, 1)),
         shapes=dict(c=(10,)), outputs=["y", "e"]),
]
