"""Naive discrete Fourier transform with complex values as vec2: each
thread computes one frequency bin with sin/cos twiddles, then the
magnitude, the phase with atan2, and the power in decibels; the inverse
transform reconstructs the signal."""
import warp as wp

TWO_PI = 6.283185307179586


@wp.kernel
def dft(x: wp.array(dtype=float), X: wp.array(dtype=wp.vec2), mag: wp.array(dtype=float),
        phase: wp.array(dtype=float)):
    k = wp.tid()
    n = x.shape[0]
    re = float(0.0)
    im = float(0.0)
    for t in range(n):
        ang = TWO_PI * float((k * t) % n) / float(n)
        re += x[t] * wp.cos(ang)
        im -= x[t] * wp.sin(ang)
    X[k] = wp.vec2(re, im)
    mag[k] = wp.length(wp.vec2(re, im))
    phase[k] = wp.atan2(im, re)


@wp.kernel
def idft(X: wp.array(dtype=wp.vec2), x: wp.array(dtype=float)):
    t = wp.tid()
    n = X.shape[0]
    s = float(0.0)
    for k in range(n):
        ang = TWO_PI * float((k * t) % n) / float(n)
        s += X[k][0] * wp.cos(ang) - X[k][1] * wp.sin(ang)
    x[t] = s / float(n)


TESTS = [
    dict(kernel="dft", dim=128, args=dict(x=("uniform", -1, 1)), outputs=["X", "mag"], rtol=1e-4, atol=1e-4),
    dict(name="roundtrip", dim=128, arrays=dict(x=("uniform", -1, 1)),
         launches=[dict(kernel="dft"), dict(kernel="idft", args=dict(x="y"))], outputs=["y"], rtol=1e-4, atol=1e-5),
]
