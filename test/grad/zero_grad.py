"""Operations that carry no gradient: floor, ceil, round, trunc, sign,
float(int(x)), comparisons turned into numbers, integer arithmetic on a
float input's truncation, and an integer array index computed from a float.
Each result is combined with a differentiable term (x * z) so that the
kernel still has a gradient; only that term's shows up.  Inputs stay away
from integers and .5 (the jumps)."""
import warp as wp


@wp.kernel
def zg(op: int, a: wp.array(dtype=float), b: wp.array(dtype=float), tab: wp.array(dtype=float),
       y: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    r = float(0.0)
    if op == 0:
        r = wp.floor(x) + wp.ceil(z)
    elif op == 1:
        r = wp.round(x) * wp.trunc(z)
    elif op == 2:
        r = wp.sign(x) * 2.0 + wp.sign(z)
    elif op == 3:
        r = float(int(x) * 3 + int(z) % 2)
    elif op == 4:
        r = wp.where(x > z, 1.0, 0.0) + float(x < 0.0)
    elif op == 5:
        k = int(wp.abs(x) * 2.0) % 4
        r = tab[k] * z
    y[i] = r + x * z


@wp.kernel
def zg_f64(op: int, a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64),
           tab: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    r = wp.float64(0.0)
    if op == 0:
        r = wp.floor(x) + wp.ceil(z)
    elif op == 1:
        r = wp.round(x) * wp.trunc(z)
    elif op == 2:
        r = wp.sign(x) * wp.float64(2.0) + wp.sign(z)
    elif op == 3:
        r = wp.float64(int(x) * 3 + int(z) % 2)
    elif op == 4:
        r = wp.where(x > z, wp.float64(1.0), wp.float64(0.0)) + wp.float64(x < wp.float64(0.0))
    elif op == 5:
        k = int(wp.abs(x) * wp.float64(2.0)) % 4
        r = tab[k] * z
    y[i] = r + x * z


V = ("choice", [-2.3, -1.7, -0.8, -0.3, 0.2, 0.7, 1.35, 2.6, 3.15])
W = ("choice", [-2.6, -1.4, -0.7, -0.2, 0.35, 0.8, 1.3, 2.2, 3.3])  # never equal to a V value


def T(name, op, **kw):
    return dict(name=name, kernel="zg", dim=10, args=dict(op=op, a=V, b=W, tab=("uniform", -1, 1)),
                shapes=dict(tab=(4,)), outputs=["y"], inputs=["a", "b"], **kw)


GRAD_TESTS = [
    T("floor_ceil", 0),
    T("round_trunc", 1),
    T("sign", 2),
    T("int_cast", 3),
    T("comparisons", 4),
    dict(T("float_to_index", 5), inputs=["a", "b", "tab"]),
]
