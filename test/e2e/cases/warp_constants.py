"""warp's float constants (wp.pi, wp.PI, wp.tau, wp.half_pi, wp.e, wp.ln2,
wp.log2e, wp.log10e, wp.ln10, wp.phi, wp.inf, wp.nan) in
kernels and in module-level constants.  In a kernel they are Python floats,
so float32 constants, also under wp.float64(...)."""
import warp as wp
from warp import tau

TWO_PI = wp.constant(2.0 * wp.pi)
QUARTER = wp.half_pi / 2.0


@wp.kernel
def consts(a: wp.array(dtype=float), out: wp.array2d(dtype=float), out64: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    out[i, 0] = wp.pi * x
    out[i, 1] = wp.PI + wp.tau + tau + wp.half_pi + wp.HALF_PI
    out[i, 2] = wp.e * x + wp.E + wp.ln2 + wp.LN10 + wp.ln10 + wp.log2e + wp.log10e + wp.phi
    out[i, 3] = TWO_PI + QUARTER + wp.pi  # wp.constants.pi: gone (diag.removed_1_19)
    out[i, 4] = wp.where(x < wp.inf, 1.0, 0.0) + wp.where(wp.isnan(wp.nan), 2.0, 0.0) + wp.where(-wp.INF < x, 4.0, 0.0)
    # not + wp.float64(TWO_PI) here: warp-lang 1.19.0 then types TWO_PI's other use
    # above as float64 too and fails to build ("call to 'add' is ambiguous")
    out64[i] = wp.float64(wp.pi) * wp.float64(x) + wp.float64(0.1) + wp.float64(2.0 * wp.pi)


TESTS = [
    dict(kernel="consts", dim=16, args=dict(a=("uniform", -1, 1)), shapes=dict(out=(16, 5)), outputs=["out", "out64"]),
]
