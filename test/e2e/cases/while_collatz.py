"""while loops with data-dependent trip counts: Collatz stopping times and the
Euclidean algorithm."""
import warp as wp


@wp.kernel
def collatz(start: wp.array(dtype=wp.int64), steps: wp.array(dtype=int), peak: wp.array(dtype=wp.int64)):
    i = wp.tid()
    n = start[i]
    count = int(0)
    top = n
    while n != wp.int64(1):
        if n % wp.int64(2) == wp.int64(0):
            n = n // wp.int64(2)
        else:
            n = wp.int64(3) * n + wp.int64(1)
        top = wp.max(top, n)
        count += 1
    steps[i] = count
    peak[i] = top


@wp.func
def gcd(a: int, b: int) -> int:
    while b != 0:
        t = a % b
        a = b
        b = t
    return a


@wp.kernel
def gcd_lcm(a: wp.array(dtype=int), b: wp.array(dtype=int), g: wp.array(dtype=int), l: wp.array(dtype=wp.int64)):
    i = wp.tid()
    d = gcd(a[i], b[i])
    g[i] = d
    l[i] = wp.int64(a[i]) / wp.int64(d) * wp.int64(b[i])


TESTS = [
    dict(kernel="collatz", dim=1000, args=dict(start=("arange", 1)), outputs=["steps", "peak"]),
    dict(kernel="collatz", dim=200, args=dict(start=("int", 1, 1000000000))),
    dict(kernel="gcd_lcm", dim=1000, args=dict(a=("int", 1, 100000), b=("int", 1, 100000)), outputs=["g", "l"]),
]
