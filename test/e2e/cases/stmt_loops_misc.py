"""range() with negative and run-time steps (positive or negative, read from
an array), len() of vectors, matrices and arrays, chained comparisons and
bitwise operators."""
import warp as wp


@wp.kernel
def dynamic_steps(steps: wp.array(dtype=int), out: wp.array2d(dtype=int)):
    i = wp.tid()
    st = steps[i]
    s = int(0)
    n = int(0)
    for j in range(-7, 9, st):
        s = s * 3 + j
        s = s % 10007
        n += 1
    out[i, 0] = s
    out[i, 1] = n
    m = int(0)
    for j in range(10, -10, st):
        m = m * 2 + j
        m = m % 1009
    out[i, 2] = m
    r = int(0)
    for j in range(i, -3, -3):
        r += j
    out[i, 3] = r


@wp.kernel
def lengths(a: wp.array(dtype=float), out: wp.array(dtype=int)):
    i = wp.tid()
    v = wp.vec4(1.0, 2.0, 3.0, 4.0)
    m = wp.mat33()
    w = wp.vec2i(1, 2)
    out[i] = len(v) * 100 + len(m) * 10 + len(w) + len(a) * 1000


@wp.kernel
def chained(x: wp.array(dtype=float), k: wp.array(dtype=int), out: wp.array2d(dtype=int)):
    i = wp.tid()
    v = x[i]
    out[i, 0] = int(-0.5 < v < 0.5)
    out[i, 1] = int(-1.0 <= v <= 0.0 < 1.0)
    out[i, 2] = int(v != 0.25 != v * 2.0)
    a = k[i]
    out[i, 3] = (a & 0xF0) | (a ^ 0x5A)
    out[i, 4] = (a << 3) >> 2
    out[i, 5] = ~a & 1023
    b = a
    b &= 0x3C
    b |= 0x101
    b ^= a
    b <<= 1
    b >>= 2
    out[i, 6] = b


TESTS = [
    dict(kernel="dynamic_steps", dim=8,
         args=dict(steps=("choice", [1, 2, 3, 5, -1, -2, -4])),
         shapes=dict(out=(8, 4)), outputs=["out"]),
    dict(kernel="lengths", dim=5, outputs=["out"]),
    dict(kernel="chained", dim=64,
         args=dict(x=("uniform", -1.2, 1.2), k=("int", 0, 4096)),
         shapes=dict(out=(64, 7)), outputs=["out"]),
]
