"""The warp module's float constants (wp.pi, wp.e, wp.tau, wp.half_pi,
wp.inf, wp.nan, wp.log2e, wp.log10e, wp.ln2, wp.ln10, wp.phi) used in
kernels, in module constants and in wp.static: float32 values."""
import warp as wp

TWO_PI = 2.0 * wp.pi
DEG = wp.constant(180.0 / wp.pi)


@wp.kernel
def consts(x: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    v = x[i]
    out[i, 0] = wp.sin(v * wp.pi)
    out[i, 1] = v * wp.e + wp.tau
    out[i, 2] = wp.half_pi - v
    out[i, 3] = wp.log2e * v + wp.log10e
    out[i, 4] = wp.ln2 + wp.ln10 * v + wp.phi
    out[i, 5] = TWO_PI * v + DEG
    out[i, 6] = wp.static(wp.pi * 0.25) + v
    out[i, 7] = wp.min(v, wp.inf)
    m = -wp.inf
    if v > 0.5:
        m = wp.max(m, v)
    out[i, 8] = m
    out[i, 9] = wp.where(wp.isnan(wp.nan), 1.0, 0.0)


TESTS = [
    dict(kernel="consts", dim=64, args=dict(x=("uniform", 0, 1)), shapes=dict(out=(64, 10)),
         outputs=["out"], allow_nonfinite=True),
]
