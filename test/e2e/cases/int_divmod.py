"""Integer // and % (and / on ints) with negative operands.

/ truncates toward zero and % takes the sign of the dividend, as in C
(-7 / 2 == -3, -7 % 2 == -1); // floors, as in Python (-7 // 2 == -4) since
warp-lang 1.11 (it truncated before).  Divisors are never zero (that is
undefined behaviour in C and crashes warp-lang's CPU backend with SIGFPE).
"""
import warp as wp


@wp.kernel
def divmod32(a: wp.array(dtype=int), b: wp.array(dtype=int),
             q: wp.array(dtype=int), r: wp.array(dtype=int), t: wp.array(dtype=int)):
    i = wp.tid()
    q[i] = a[i] // b[i]
    r[i] = a[i] % b[i]
    t[i] = a[i] / b[i]


@wp.kernel
def divmod64(a: wp.array(dtype=wp.int64), b: wp.array(dtype=wp.int64),
             q: wp.array(dtype=wp.int64), r: wp.array(dtype=wp.int64)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    q[i] = x // y
    r[i] = x - (x // y) * y + x % y


@wp.kernel
def by_constant(a: wp.array(dtype=int), out: wp.array2d(dtype=int)):
    i = wp.tid()
    x = a[i]
    out[i, 0] = x // 3
    out[i, 1] = x % 3
    out[i, 2] = x // -4
    out[i, 3] = x % -4
    out[i, 4] = (x * 7) // 16 + (x % 5) * 2


TESTS = [
    dict(kernel="divmod32", dim=2000,
         args=dict(a=("int", -1000, 1000), b=("choice", [-17, -5, -3, -2, -1, 1, 2, 3, 7, 100]))),
    dict(kernel="divmod32", dim=12,
         args=dict(a=[7, -7, 7, -7, 0, 1, -1, 6, -6, 2147483647, -2147483647, 5],
                   b=[2, 2, -2, -2, 5, 3, 3, -3, 3, 2, 2, -9])),
    dict(kernel="divmod64", dim=500,
         args=dict(a=("int", -10**15, 10**15), b=("choice", [-10**9, -13, -1, 1, 7, 10**6]))),
]
TESTS.append(dict(kernel="by_constant", dim=300, args=dict(a=("int", -50, 50)),
                  shapes=dict(out=(300, 5)), outputs=["out"]))
