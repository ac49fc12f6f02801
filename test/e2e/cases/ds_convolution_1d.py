"""1D signal processing: a 'same'-size convolution of a float signal
with a filter array (zero padding), a centered moving average with a
window given as a scalar, and an integer correlation of int32 signals
(exact)."""
import warp as wp


@wp.kernel
def convolve(x: wp.array(dtype=float), h: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    n = x.shape[0]
    m = h.shape[0]
    s = float(0.0)
    for k in range(m):
        j = i + m / 2 - k
        if j >= 0 and j < n:
            s += h[k] * x[j]
    y[i] = s


@wp.kernel
def moving_average(x: wp.array(dtype=float), half: int, y: wp.array(dtype=float)):
    i = wp.tid()
    n = x.shape[0]
    lo = wp.max(i - half, 0)
    hi = wp.min(i + half, n - 1)
    s = float(0.0)
    for j in range(lo, hi + 1):
        s += x[j]
    y[i] = s / float(hi - lo + 1)


@wp.kernel
def correlate_int(a: wp.array(dtype=wp.int32), b: wp.array(dtype=wp.int32), r: wp.array(dtype=wp.int32)):
    lag = wp.tid()
    s = wp.int32(0)
    for k in range(a.shape[0] - lag):
        s += a[k] * b[k + lag]
    r[lag] = s


TESTS = [
    dict(kernel="convolve", dim=1000, args=dict(x=("uniform", -1, 1), h=("uniform", -1, 1)), shapes=dict(h=(15,)),
         outputs=["y"], rtol=1e-5, atol=1e-6),
    dict(kernel="moving_average", dim=1000, args=dict(x=("uniform", -1, 1), half=7), outputs=["y"]),
    dict(kernel="correlate_int", dim=200, args=dict(a=("int", -100, 100), b=("int", -100, 100)),
         shapes=dict(a=(300,), b=(300,)), outputs=["r"]),
]
