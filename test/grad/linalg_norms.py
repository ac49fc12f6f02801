"""Adjoints of warp.math's norms (norm_l1, norm_l2, norm_huber on both sides
of delta, norm_pseudo_huber, smooth_normalize; with respect to v and delta)
and of erf, erfc, erfinv, erfcinv.  warp-lang defines the norms for float32
vectors only, so the float64 twin spells their formulas out (the same
functions: its finite differences check the float64 twin, and the float32
adjoints are compared with warp-lang's Tape, which differentiates
warp.math's bodies)."""
import warp as wp


@wp.kernel
def nm(op: int, u: wp.array(dtype=wp.vec3), d: wp.array(dtype=float), x: wp.array(dtype=float),
       f: wp.array(dtype=float), y: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    p = u[i]
    s = d[i]
    if op == 0:
        f[i] = wp.norm_l1(p) + wp.norm_l2(p)
    elif op == 1:
        f[i] = wp.norm_huber(p, s)
    elif op == 2:
        f[i] = wp.norm_pseudo_huber(p, s) + wp.norm_pseudo_huber(p)
    elif op == 3:
        y[i] = wp.smooth_normalize(p, s)
    elif op == 4:
        f[i] = wp.erf(x[i]) + wp.erfc(x[i] * s)
    elif op == 5:
        f[i] = wp.erfinv(x[i] * 0.4) + wp.erfcinv(x[i] * 0.3 + 1.0)


@wp.kernel
def nm_f64(op: int, u: wp.array(dtype=wp.vec3d), d: wp.array(dtype=wp.float64), x: wp.array(dtype=wp.float64),
           f: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    p = u[i]
    s = d[i]
    one = wp.float64(1.0)
    if op == 0:
        f[i] = wp.abs(p[0]) + wp.abs(p[1]) + wp.abs(p[2]) + wp.norm_l2(p)
    elif op == 1:
        a = wp.dot(p, p)
        if a <= s * s:
            f[i] = wp.float64(0.5) * a
        else:
            f[i] = s * (wp.sqrt(a) - wp.float64(0.5) * s)
    elif op == 2:
        a = wp.dot(p, p)
        f[i] = s * wp.sqrt(one + a / (s * s)) + wp.sqrt(one + a)
    elif op == 3:
        a = wp.dot(p, p)
        y[i] = p / (s * wp.sqrt(one + a / (s * s)))
    elif op == 4:
        f[i] = wp.erf(x[i]) + wp.erfc(x[i] * s)
    elif op == 5:
        f[i] = wp.erfinv(x[i] * wp.float64(0.4)) + wp.erfcinv(x[i] * wp.float64(0.3) + one)


AWAY = ("choice", [-1.75, -1.25, -0.75, -0.5, 0.5, 0.625, 0.875, 1.125, 1.5])


def T(name, op, inputs, u=AWAY, d=("uniform", 0.5, 2.0), dim=6, **kw):
    return dict(name=name, kernel="nm", dim=dim,
                args=dict(op=op, u=u, d=d, x=("uniform", -1.5, 1.5)),
                outputs=["f", "y"], inputs=inputs, **kw)


GRAD_TESTS = [
    T("l1_l2", 0, ["u"]),
    T("huber_inside", 1, ["u", "d"], u=("uniform", -0.25, 0.25), d=("uniform", 1.0, 2.0)),
    T("huber_outside", 1, ["u", "d"], u=("choice", [-1.5, -1.0, 1.0, 1.5]), d=("uniform", 0.3, 0.8)),
    T("pseudo_huber", 2, ["u", "d"], u=("uniform", -2, 2)),
    T("smooth_normalize", 3, ["u", "d"], u=("uniform", -2, 2)),
    T("erf_erfc", 4, ["x", "d"]),
    T("erfinv_erfcinv", 5, ["x"]),
]
