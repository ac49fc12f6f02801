"""Functions with several return statements: early returns from ifs and from
inside loops, a function without a return type annotation, and a void helper
that writes to an array."""
import warp as wp


@wp.func
def classify(x: float) -> int:
    if x < -0.5:
        return -1
    if x > 0.5:
        return 1
    return 0


@wp.func
def first_multiple(start: int, m: int, limit: int):
    for k in range(start, limit):
        if k % m == 0:
            return k
    return -1


@wp.func
def escape(x: float, limit: int) -> int:
    v = x
    n = int(0)
    while n < limit:
        if wp.abs(v) > 10.0:
            return n
        v = v * v - 1.5
        n += 1
    return limit


@wp.func
def store_pair(out: wp.array2d(dtype=int), i: int, a: int, b: int):
    out[i, 0] = a
    out[i, 1] = b


@wp.kernel
def use_returns(x: wp.array(dtype=float), s: wp.array(dtype=int), out: wp.array2d(dtype=int)):
    i = wp.tid()
    store_pair(out, i, classify(x[i]), first_multiple(s[i], 7, s[i] + 5))
    out[i, 2] = escape(x[i] * 2.0, 30)


TESTS = [
    dict(kernel="use_returns", dim=500, args=dict(x=("uniform", -1.2, 1.2), s=("int", -20, 100)),
         shapes=dict(out=(500, 3)), outputs=["out"]),
]
