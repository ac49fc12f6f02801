"""Data-dependent branches: the adjoint follows the path each thread took.
Inputs are drawn so that both sides of every branch run in the same launch
(and away from the branch points, where the function jumps).

store_reload (kernel kept, no gradient test) writes an array element, reads
it back and writes it again in the same kernel: the backward replay cannot
see the element's value between the writes, so warpc warns at the read
instead of computing a wrong gradient (test/cli/adjoint_warnings.sh).
"""
import warp as wp


@wp.kernel
def branchy(a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    r = float(0.0)
    if x > 0.0:
        r = x * z
        if z > 0.5:
            r = r * r
        elif z < -0.5:
            r = r / z
    else:
        r = wp.sin(x) - z * x
    s = r
    if r * z > 0.25:
        s = s + wp.exp(z)
    y[i] = s * x


@wp.kernel
def branchy_f64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    r = wp.float64(0.0)
    if x > wp.float64(0.0):
        r = x * z
        if z > wp.float64(0.5):
            r = r * r
        elif z < wp.float64(-0.5):
            r = r / z
    else:
        r = wp.sin(x) - z * x
    s = r
    if r * z > wp.float64(0.25):
        s = s + wp.exp(z)
    y[i] = s * x


@wp.kernel
def early_out(a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float),
              w: wp.array(dtype=float)):
    # an early return skips the rest of the kernel for some threads
    i = wp.tid()
    x = a[i]
    if x < 0.0:
        y[i] = x * x
        w[i] = x * b[i]
        return
    y[i] = wp.sqrt(x) * b[i]
    w[i] = x + b[i] * b[i]


@wp.kernel
def early_out_f64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
                  w: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    if x < wp.float64(0.0):
        y[i] = x * x
        w[i] = x * b[i]
        return
    y[i] = wp.sqrt(x) * b[i]
    w[i] = x + b[i] * b[i]


@wp.kernel
def store_reload(a: wp.array(dtype=float), b: wp.array(dtype=float), w: wp.array(dtype=float)):
    # an array element written, read back and written again in one kernel
    i = wp.tid()
    x = a[i]
    w[i] = x * b[i]
    if x > 0.0:
        w[i] = w[i] * x + x


@wp.kernel
def store_reload_f64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), w: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    w[i] = x * b[i]
    if x > wp.float64(0.0):
        w[i] = w[i] * x + x


XS = ("choice", [-1.5, -0.75, -0.25, 0.3, 0.8, 1.6])
ZS = ("choice", [-1.25, -0.75, -0.2, 0.1, 0.4, 0.7, 1.3])

GRAD_TESTS = [
    dict(name="nested_if_elif_else", kernel="branchy", dim=24, args=dict(a=XS, b=ZS), outputs=["y"]),
    dict(name="early_return", kernel="early_out", dim=10, args=dict(a=XS, b=ZS), outputs=["y", "w"]),
]
