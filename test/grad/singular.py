"""Adjoints at singular points and ties, against warp-lang's values (no
finite differences: the derivative does not exist there).  What Warp does,
and warpc must reproduce, with g the adjoint of the result:
  sqrt(0): 0.5 / sqrt(x) * g = +-inf;  log(0): g / 0 = +-inf;
  pow(0, b): d/da = b * pow(0, b - 1) * g (+-inf for 0 < b < 1, 0 for
             b > 1, NaN for b == 0), d/db = log(0) * pow(0, b) * g (NaN
             for b > 0, -inf * g for b == 0);
  a / 0: d/da = g / 0 = +-inf, d/db = -g * (a/0) / 0 (inf, NaN for 0/0);
  abs(0) and abs(-0.0): +g (the "x < 0" test is false);
  min(a, a) / max(a, a): all to b;  clamp(x, lo, hi) = min(max(lo, x), hi)
  by the chain rule (warp-lang 1.19): at x == lo to x, at x == hi to hi;  asin/acos at +-1: no gradient (sqrt(1 - x^2)
  is 0, the rule is skipped);  atan2(0, 0): no gradient;
  length / normalize of a zero vector: no gradient.
"""
import warp as wp


@wp.kernel
def sing(op: int, a: wp.array(dtype=float), b: wp.array(dtype=float), c: wp.array(dtype=float),
         v: wp.array(dtype=wp.vec3), y: wp.array(dtype=float), yv: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    if op == 0:
        y[i] = wp.sqrt(x) * z
    elif op == 1:
        y[i] = wp.log(x) * z
    elif op == 2:
        y[i] = wp.pow(x, z)
    elif op == 3:
        y[i] = x / z
    elif op == 4:
        y[i] = wp.abs(x) * z
    elif op == 5:
        y[i] = wp.min(x, z)
    elif op == 6:
        y[i] = wp.max(x, z)
    elif op == 7:
        y[i] = wp.clamp(x, z, c[i])
    elif op == 8:
        y[i] = wp.asin(x) + wp.acos(z)
    elif op == 9:
        y[i] = wp.atan2(x, z)
    elif op == 10:
        y[i] = wp.length(v[i])
    elif op == 11:
        yv[i] = wp.normalize(v[i])


Z = ("zeros",)


def T(name, op, a=Z, b=Z, c=Z, v=Z, inputs=("a", "b"), **kw):
    args = dict(op=op, a=a, b=b, c=c, v=v)
    for k in ("a", "b", "c", "v"):
        if args[k] == Z:
            args[k] = "zeros"
    return dict(name=name, kernel="sing", dim=4, args=args, outputs=["y", "yv"], inputs=list(inputs), fd=False,
                **kw)


GRAD_TESTS = [
    T("sqrt_at_0", 0, a=[0.0, 0.0, 1.0, 0.25], b=[1.0, -2.0, 1.0, 3.0]),
    T("log_at_0", 1, a=[0.0, 0.0, 1.0, 2.0], b=[1.0, -1.0, 1.0, 1.0]),
    T("pow_at_0", 2, a=[0.0, 0.0, 0.0, 1.0], b=[0.5, 2.0, 0.0, 3.0]),
    T("div_by_0", 3, a=[1.0, -1.0, 0.0, 2.0], b=[0.0, 0.0, 0.0, 4.0]),
    T("abs_at_0", 4, a=[0.0, -0.0, 1.0, -1.0], b=[1.0, 1.0, 2.0, 2.0]),
    T("min_tie", 5, a=[1.0, -2.0, 0.0, 3.0], b=[1.0, -2.0, 0.0, 1.0]),
    T("max_tie", 6, a=[1.0, -2.0, 0.0, 3.0], b=[1.0, -2.0, 0.0, 1.0]),
    T("clamp_at_bounds", 7, a=[-1.0, 1.0, -1.0, 0.5], b=[-1.0, -1.0, -1.0, 0.5], c=[1.0, 1.0, -1.0, 0.5],
      inputs=("a", "b", "c")),
    T("asin_acos_at_pm1", 8, a=[1.0, -1.0, 0.5, 1.0], b=[-1.0, 1.0, 1.0, 0.25]),
    T("atan2_at_origin", 9, a=[0.0, 0.0, 1.0, -0.0], b=[0.0, -0.0, 0.0, 0.0]),
    T("length_of_zero", 10, v=[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, -0.0, 0.0], [3.0, 4.0, 0.0]],
      inputs=("v",)),
    T("normalize_zero", 11, v=[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, -0.0, 0.0], [3.0, 4.0, 0.0]],
      inputs=("v",)),
]
