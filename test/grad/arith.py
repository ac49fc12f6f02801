"""Scalar arithmetic adjoints: + - * / unary -, pow, min, max, abs, clamp, %.

One kernel selects the operation with a scalar parameter `op` (a uniform
branch), so every GRAD_TESTS entry checks one builtin; `binary_f64` is the
float64 twin used for the finite differences.  Inputs stay away from the
kinks of min/max/abs/clamp (those are in singular.py) and from b == 0.

Float `%` is fmod: d(a % b)/da = 1, d(a % b)/db = -trunc(a / b).  Warp's
adjoint drops the second term (adj_mod only adds to adj_a), so the test of
the gradient with respect to b is marked warp_wrong.
"""
import warp as wp


@wp.kernel
def binary(op: int, a: wp.array(dtype=float), b: wp.array(dtype=float), c: wp.array(dtype=float),
           y: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    r = float(0.0)
    if op == 0:
        r = x + z
    elif op == 1:
        r = x - z
    elif op == 2:
        r = x * z
    elif op == 3:
        r = x / z
    elif op == 4:
        r = -x * z
    elif op == 5:
        r = wp.pow(x, z)
    elif op == 6:
        r = wp.min(x, z)
    elif op == 7:
        r = wp.max(x, z)
    elif op == 8:
        r = wp.abs(x) * z
    elif op == 9:
        r = wp.clamp(x, z, c[i])
    elif op == 10:
        r = x % z
    elif op == 11:
        r = x * x * x - 2.0 * x * z + z / (x * x + 1.0)
    y[i] = r


@wp.kernel
def binary_f64(op: int, a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64),
               c: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    r = wp.float64(0.0)
    if op == 0:
        r = x + z
    elif op == 1:
        r = x - z
    elif op == 2:
        r = x * z
    elif op == 3:
        r = x / z
    elif op == 4:
        r = -x * z
    elif op == 5:
        r = wp.pow(x, z)
    elif op == 6:
        r = wp.min(x, z)
    elif op == 7:
        r = wp.max(x, z)
    elif op == 8:
        r = wp.abs(x) * z
    elif op == 9:
        r = wp.clamp(x, z, c[i])
    elif op == 10:
        r = x % z
    elif op == 11:
        r = x * x * x - wp.float64(2.0) * x * z + z / (x * x + wp.float64(1.0))
    y[i] = r


def T(name, op, a=("uniform", -2, 2), b=("uniform", -2, 2), c=("uniform", -1, 1), inputs=("a", "b"), **kw):
    return dict(name=name, kernel="binary", dim=12, args=dict(op=op, a=a, b=b, c=c), outputs=["y"],
                inputs=list(inputs), **kw)


# b's values away from 0 for division: +-[0.5, 2]
AWAY = ("choice", [-1.75, -1.25, -0.75, -0.5, 0.5, 0.625, 0.875, 1.125, 1.5, 2.0])

GRAD_TESTS = [
    T("add", 0),
    T("sub", 1),
    T("mul", 2),
    T("div", 3, b=AWAY),
    T("neg", 4),
    T("pow", 5, a=("uniform", 0.5, 2.0), b=("uniform", -2, 3)),
    # min/max: a and b drawn from disjoint sets, so never tied
    T("min", 6, a=("choice", [-1.5, -0.25, 0.5, 1.75]), b=("choice", [-1.0, 0.0625, 1.0, 2.5])),
    T("max", 7, a=("choice", [-1.5, -0.25, 0.5, 1.75]), b=("choice", [-1.0, 0.0625, 1.0, 2.5])),
    T("abs", 8, a=("choice", [-1.5, -0.25, 0.5, 1.75, -0.8])),
    # clamp(x, lo, hi): lo in [-1.5, -0.5], hi in [0.5, 1.5], x over all three regions
    T("clamp", 9, a=("choice", [-2.0, -1.75, -0.25, 0.0625, 0.3, 1.75, 2.5]), b=("uniform", -1.5, -0.5),
      c=("uniform", 0.5, 1.5), inputs=("a", "b", "c")),
    T("mod_a", 10, a=("uniform", -5, 5), b=AWAY, inputs=("a",),
      note="fmod: keep a/b away from integers (the jumps); checked by FD"),
    T("mod_b", 10, a=("uniform", -5, 5), b=AWAY, inputs=("b",), warp_wrong=True,
      note="d(a % b)/db = -trunc(a/b); warp-lang's adj_mod gives 0"),
    T("poly", 11),
]
