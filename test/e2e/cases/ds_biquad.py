"""IIR biquad filtering, one channel per thread (the recursion is
sequential over samples): low-pass coefficients from the cutoff with
sin/cos (RBJ cookbook), direct form I in float64 over a 2D signal
array (channel, sample), and the float32 one-pole smoother."""
import warp as wp


@wp.kernel
def biquad(x: wp.array2d(dtype=wp.float64), cutoff: wp.array(dtype=wp.float64), q: wp.float64,
           y: wp.array2d(dtype=wp.float64)):
    c = wp.tid()
    w0 = wp.float64(2.0) * wp.float64(3.141592653589793) * cutoff[c]
    alpha = wp.sin(w0) / (wp.float64(2.0) * q)
    cw = wp.cos(w0)
    one = wp.float64(1.0)
    b0 = (one - cw) / wp.float64(2.0)
    b1 = one - cw
    b2 = b0
    a0 = one + alpha
    a1 = wp.float64(-2.0) * cw
    a2 = one - alpha
    x1 = wp.float64(0.0)
    x2 = wp.float64(0.0)
    y1 = wp.float64(0.0)
    y2 = wp.float64(0.0)
    for n in range(x.shape[1]):
        xn = x[c, n]
        yn = (b0 * xn + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2) / a0
        y[c, n] = yn
        x2 = x1
        x1 = xn
        y2 = y1
        y1 = yn


@wp.kernel
def one_pole(x: wp.array2d(dtype=float), a: float, y: wp.array2d(dtype=float)):
    c = wp.tid()
    s = float(0.0)
    for n in range(x.shape[1]):
        s = s + a * (x[c, n] - s)
        y[c, n] = s


TESTS = [
    dict(kernel="biquad", dim=8, args=dict(x=("uniform", -1, 1), cutoff=("uniform", 0.01, 0.2), q=0.707),
         shapes=dict(x=(8, 2000), y=(8, 2000)), outputs=["y"]),
    dict(kernel="one_pole", dim=8, args=dict(x=("uniform", -1, 1), a=0.05), shapes=dict(x=(8, 2000), y=(8, 2000)),
         outputs=["y"]),
]
