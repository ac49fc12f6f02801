"""Adjoints of the "more math" builtins: lerp (scalar, vec3, mat22, with
respect to a, b and t), smoothstep (inside the ramp, all three arguments),
cbrt, degrees, radians, cw_mul and cw_div (vec3 and mat22).  `op` picks the
operation; scalar results go to f, vector results to y, matrix results to m
(all seeded; the ones an op leaves at zero contribute nothing).  Inputs stay
away from smoothstep's ramp ends and from zero divisors and cbrt(0)."""
import warp as wp


@wp.kernel
def mm(op: int, a: wp.array(dtype=float), b: wp.array(dtype=float), t: wp.array(dtype=float),
       u: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), p: wp.array(dtype=wp.mat22), q: wp.array(dtype=wp.mat22),
       f: wp.array(dtype=float), y: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat22)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    s = t[i]
    if op == 0:
        f[i] = wp.lerp(x, z, s)
    elif op == 1:
        f[i] = wp.smoothstep(x - 2.0, z + 2.0, s)
    elif op == 2:
        f[i] = wp.cbrt(x) * z
    elif op == 3:
        f[i] = wp.degrees(x) * s + wp.radians(z)
    elif op == 4:
        y[i] = wp.lerp(u[i], v[i], s)
    elif op == 5:
        y[i] = wp.cw_mul(u[i], v[i])
    elif op == 6:
        y[i] = wp.cw_div(u[i], v[i])
    elif op == 7:
        m[i] = wp.lerp(p[i], q[i], s)
    elif op == 8:
        m[i] = wp.cw_mul(p[i], q[i])
    elif op == 9:
        m[i] = wp.cw_div(p[i], q[i])


@wp.kernel
def mm_f64(op: int, a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), t: wp.array(dtype=wp.float64),
           u: wp.array(dtype=wp.vec3d), v: wp.array(dtype=wp.vec3d), p: wp.array(dtype=wp.mat22d),
           q: wp.array(dtype=wp.mat22d),
           f: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.vec3d), m: wp.array(dtype=wp.mat22d)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    s = t[i]
    if op == 0:
        f[i] = wp.lerp(x, z, s)
    elif op == 1:
        f[i] = wp.smoothstep(x - wp.float64(2.0), z + wp.float64(2.0), s)
    elif op == 2:
        f[i] = wp.cbrt(x) * z
    elif op == 3:
        f[i] = wp.degrees(x) * s + wp.radians(z)
    elif op == 4:
        y[i] = wp.lerp(u[i], v[i], s)
    elif op == 5:
        y[i] = wp.cw_mul(u[i], v[i])
    elif op == 6:
        y[i] = wp.cw_div(u[i], v[i])
    elif op == 7:
        m[i] = wp.lerp(p[i], q[i], s)
    elif op == 8:
        m[i] = wp.cw_mul(p[i], q[i])
    elif op == 9:
        m[i] = wp.cw_div(p[i], q[i])


AWAY = ("choice", [-1.75, -1.25, -0.75, -0.5, 0.5, 0.625, 0.875, 1.125, 1.5, 2.0])


def T(name, op, inputs, a=("uniform", -1, 1), b=("uniform", -1, 1), t=("uniform", -0.9, 0.9), v=("uniform", -2, 2),
      q=("uniform", -2, 2), **kw):
    return dict(name=name, kernel="mm", dim=6,
                args=dict(op=op, a=a, b=b, t=t, u=("uniform", -2, 2), v=v, p=("uniform", -2, 2), q=q),
                outputs=["f", "y", "m"], inputs=inputs, **kw)


GRAD_TESTS = [
    T("lerp", 0, ["a", "b", "t"]),
    T("smoothstep", 1, ["a", "b", "t"]),
    T("cbrt", 2, ["a", "b"], a=AWAY),
    T("degrees_radians", 3, ["a", "b", "t"]),
    T("lerp_vec3", 4, ["u", "v", "t"]),
    T("cw_mul_vec3", 5, ["u", "v"]),
    T("cw_div_vec3", 6, ["u", "v"], v=AWAY),
    T("lerp_mat22", 7, ["p", "q", "t"]),
    T("cw_mul_mat22", 8, ["p", "q"]),
    T("cw_div_mat22", 9, ["p", "q"], q=AWAY),
    # outside smoothstep's ramp: no gradient (warp-lang only)
    dict(name="smoothstep_flat", kernel="mm", dim=4,
         args=dict(op=1, a=[0.5, 0.5, 1.0, 1.0], b=[0.5, 0.5, 1.0, 1.0], t=[-3.0, 3.5, -2.5, 4.0],
                   u="zeros", v="zeros", p="zeros", q="zeros"),
         outputs=["f"], inputs=["a", "b", "t"], fd=False),
]
