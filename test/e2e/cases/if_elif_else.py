"""if / elif / else chains: a piecewise function and bucketing of integers."""
import warp as wp


@wp.kernel
def piecewise(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    v = x[i]
    r = 0.0
    if v < -2.0:
        r = -1.0
    elif v < 0.0:
        r = v * v * 0.25 - 1.0
    elif v < 2.0:
        r = wp.sin(v)
    else:
        r = 1.0 + wp.log(v - 1.0)
    y[i] = r


@wp.kernel
def bucket(n: wp.array(dtype=int), b: wp.array(dtype=int), parity: wp.array(dtype=int)):
    i = wp.tid()
    k = n[i]
    if k < 0:
        if k < -100:
            b[i] = -2
        else:
            b[i] = -1
    elif k == 0:
        b[i] = 0
    elif k <= 100:
        b[i] = 1
    else:
        b[i] = 2
    if k % 2 == 0:
        parity[i] = 0
    else:
        parity[i] = 1
    if k % 3 == 0:
        parity[i] += 10


TESTS = [
    dict(kernel="piecewise", dim=1000, args=dict(x=("uniform", -4, 4)), outputs=["y"]),
    dict(kernel="bucket", dim=1000, args=dict(n=("int", -200, 200)), outputs=["b", "parity"]),
]
