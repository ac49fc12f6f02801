"""Root finding by bisection on a per-thread cubic a x^3 + b x^2 + c x +
d over a bracket found by scanning, with a while loop, break on an exact
zero, and an iteration cap; the number of iterations and a failure flag
are outputs too."""
import warp as wp


@wp.func
def cubic(co: wp.vec4, x: float):
    return ((co[0] * x + co[1]) * x + co[2]) * x + co[3]


@wp.kernel
def bisect(coef: wp.array(dtype=wp.vec4), root: wp.array(dtype=float), its: wp.array(dtype=int),
           ok: wp.array(dtype=wp.int32)):
    i = wp.tid()
    co = coef[i]
    lo = float(-4.0)
    hi = float(-4.0)
    found = int(0)
    for k in range(16):
        a = -4.0 + 0.5 * float(k)
        b = a + 0.5
        if cubic(co, a) * cubic(co, b) <= 0.0:
            lo = a
            hi = b
            found = 1
            break
    if found == 0:
        ok[i] = 0
        root[i] = 0.0
        its[i] = 0
        return
    n = int(0)
    flo = cubic(co, lo)
    while hi - lo > 1.0e-6 and n < 60:
        mid = 0.5 * (lo + hi)
        fm = cubic(co, mid)
        n += 1
        if fm == 0.0:
            lo = mid
            hi = mid
            break
        if (fm < 0.0) == (flo < 0.0):
            lo = mid
            flo = fm
        else:
            hi = mid
    ok[i] = 1
    root[i] = 0.5 * (lo + hi)
    its[i] = n


TESTS = [
    dict(kernel="bisect", dim=1000, args=dict(coef=("uniform", -2, 2)), outputs=["root", "its", "ok"]),
]
