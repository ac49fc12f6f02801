"""Gradients past an array made with wp.zeros() in the kernel: it has no
grad buffer (as Warp's fixedarray), so what the kernel reads of it is a
constant to the adjoint; the backward kernel has its own storage and must
write it again (coefficients stored in the forward kernel, read by the
adjoint of the products: without that they read as 0), in a loop too.
warp-lang 1.19.0 is wrong here: its backward kernel does not store into
the fixed array again, reads zeros and gives x a zero gradient
(warp_wrong; warpc matches float64 finite differences)."""
import warp as wp


@wp.kernel
def coeffs(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    m = wp.zeros(shape=(2, 2), dtype=float)
    m[0, 0] = 3.0
    m[1, 1] = -0.5
    s = float(0.0)
    for k in range(3):
        c = wp.zeros(shape=3, dtype=float)
        c[k] = float(k + 1)
        s += wp.sin(x[i]) * c[k] + x[i] * c[0]
    y[i] = x[i] * x[i] * m[0, 0] + wp.cos(x[i]) * m[1, 1] + s


@wp.kernel
def coeffs_f64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    m = wp.zeros(shape=(2, 2), dtype=wp.float64)
    m[0, 0] = wp.float64(3.0)
    m[1, 1] = wp.float64(-0.5)
    s = wp.float64(0.0)
    for k in range(3):
        c = wp.zeros(shape=3, dtype=wp.float64)
        c[k] = wp.float64(k + 1)
        s += wp.sin(x[i]) * c[k] + x[i] * c[0]
    y[i] = x[i] * x[i] * m[0, 0] + wp.cos(x[i]) * m[1, 1] + s


GRAD_TESTS = [
    dict(name="coeffs", kernel="coeffs", dim=8, args=dict(x=("uniform", -1, 1)),
         outputs=["y"], inputs=["x"], warp_wrong=True),
]
