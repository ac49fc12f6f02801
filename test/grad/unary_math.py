"""Adjoints of the scalar math builtins: sqrt, sin, cos, tan, asin, acos,
atan, atan2, sinh, cosh, tanh, exp, log, log2, log10 (inside their domains;
the singular points are in singular.py).  `op` picks the builtin; the result
is scaled by a second input so that the chain rule through a product is
exercised too."""
import warp as wp


@wp.kernel
def unary(op: int, a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    r = float(0.0)
    if op == 0:
        r = wp.sqrt(x)
    elif op == 1:
        r = wp.sin(x)
    elif op == 2:
        r = wp.cos(x)
    elif op == 3:
        r = wp.tan(x)
    elif op == 4:
        r = wp.asin(x)
    elif op == 5:
        r = wp.acos(x)
    elif op == 6:
        r = wp.atan(x)
    elif op == 7:
        r = wp.atan2(x, b[i])
    elif op == 8:
        r = wp.sinh(x)
    elif op == 9:
        r = wp.cosh(x)
    elif op == 10:
        r = wp.tanh(x)
    elif op == 11:
        r = wp.exp(x)
    elif op == 12:
        r = wp.log(x)
    elif op == 13:
        r = wp.log2(x)
    elif op == 14:
        r = wp.log10(x)
    y[i] = r * b[i]


@wp.kernel
def unary_f64(op: int, a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64),
              y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    r = wp.float64(0.0)
    if op == 0:
        r = wp.sqrt(x)
    elif op == 1:
        r = wp.sin(x)
    elif op == 2:
        r = wp.cos(x)
    elif op == 3:
        r = wp.tan(x)
    elif op == 4:
        r = wp.asin(x)
    elif op == 5:
        r = wp.acos(x)
    elif op == 6:
        r = wp.atan(x)
    elif op == 7:
        r = wp.atan2(x, b[i])
    elif op == 8:
        r = wp.sinh(x)
    elif op == 9:
        r = wp.cosh(x)
    elif op == 10:
        r = wp.tanh(x)
    elif op == 11:
        r = wp.exp(x)
    elif op == 12:
        r = wp.log(x)
    elif op == 13:
        r = wp.log2(x)
    elif op == 14:
        r = wp.log10(x)
    y[i] = r * b[i]


def T(name, op, lo, hi, b=("uniform", 0.5, 1.5), **kw):
    return dict(name=name, kernel="unary", dim=10, args=dict(op=op, a=("uniform", lo, hi), b=b),
                outputs=["y"], inputs=["a", "b"], **kw)


GRAD_TESTS = [
    T("sqrt", 0, 0.25, 4.0),
    T("sin", 1, -3.0, 3.0),
    T("cos", 2, -3.0, 3.0),
    T("tan", 3, -1.2, 1.2),
    T("asin", 4, -0.9, 0.9),
    T("acos", 5, -0.9, 0.9),
    T("atan", 6, -3.0, 3.0),
    T("atan2", 7, -2.0, 2.0, b=("choice", [-1.5, -0.75, -0.5, 0.5, 0.875, 1.25, 2.0])),
    T("sinh", 8, -2.0, 2.0),
    T("cosh", 9, -2.0, 2.0),
    T("tanh", 10, -2.0, 2.0),
    T("exp", 11, -2.0, 2.0),
    T("log", 12, 0.25, 4.0),
    T("log2", 13, 0.25, 4.0),
    T("log10", 14, 0.25, 4.0),
]
