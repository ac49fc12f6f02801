"""Iterative solvers in while loops: Newton's method for square roots with a
tolerance, and bisection for the root of a cubic."""
import warp as wp


@wp.kernel
def newton_sqrt(a: wp.array(dtype=float), root: wp.array(dtype=float), iters: wp.array(dtype=int)):
    i = wp.tid()
    x = a[i]
    g = wp.max(x, 1.0)
    n = int(0)
    while wp.abs(g * g - x) > 1.0e-4 * x and n < 50:
        g = 0.5 * (g + x / g)
        n += 1
    root[i] = g
    iters[i] = n


@wp.func
def cubic(x: wp.float64, c: wp.float64) -> wp.float64:
    return x * x * x + x - c


@wp.kernel
def bisect(c: wp.array(dtype=wp.float64), root: wp.array(dtype=wp.float64), iters: wp.array(dtype=int)):
    i = wp.tid()
    lo = wp.float64(-10.0)
    hi = wp.float64(10.0)
    n = int(0)
    while hi - lo > wp.float64(1.0e-9):
        mid = wp.float64(0.5) * (lo + hi)
        if cubic(mid, c[i]) > wp.float64(0.0):
            hi = mid
        else:
            lo = mid
        n += 1
    root[i] = wp.float64(0.5) * (lo + hi)
    iters[i] = n


TESTS = [
    dict(kernel="newton_sqrt", dim=500, args=dict(a=("uniform", 0.01, 10000)), outputs=["root", "iters"]),
    dict(kernel="bisect", dim=200, args=dict(c=("uniform", -100, 100)), outputs=["root", "iters"]),
]
