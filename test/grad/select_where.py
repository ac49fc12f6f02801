"""Selection: wp.where(cond, a, b) and the conditional expression
`a if c else b`, on scalars and vectors.  (wp.select is gone from warp-lang
1.10; a conditional expression nested in an if/elif chain makes warp-lang's
CPU build fail, so it has a kernel of its own.)
The gradient goes only to the chosen operand; the condition (a comparison of
inputs) carries none.  Inputs keep the compared values apart (no ties)."""
import warp as wp


@wp.kernel
def sel(op: int, a: wp.array(dtype=float), b: wp.array(dtype=float), u: wp.array(dtype=wp.vec3),
        w: wp.array(dtype=wp.vec3), y: wp.array(dtype=float), yv: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    if op == 0:
        y[i] = wp.where(x > z, x * x, z * 3.0)
    elif op == 1:
        y[i] = wp.where(x > z, x * z, wp.sin(x))
    elif op == 3:
        yv[i] = wp.where(wp.length(u[i]) > wp.length(w[i]), u[i] * x, w[i] * z)
    elif op == 4:
        yv[i] = wp.where(x < 0.0, u[i] * z, u[i] + w[i])


@wp.kernel
def sel_f64(op: int, a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), u: wp.array(dtype=wp.vec3d),
            w: wp.array(dtype=wp.vec3d), y: wp.array(dtype=wp.float64), yv: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    if op == 0:
        y[i] = wp.where(x > z, x * x, z * wp.float64(3.0))
    elif op == 1:
        y[i] = wp.where(x > z, x * z, wp.sin(x))
    elif op == 3:
        yv[i] = wp.where(wp.length(u[i]) > wp.length(w[i]), u[i] * x, w[i] * z)
    elif op == 4:
        yv[i] = wp.where(x < wp.float64(0.0), u[i] * z, u[i] + w[i])


@wp.kernel
def tern(a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    y[i] = x * 2.0 if x < z else z * z


@wp.kernel
def tern_f64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    y[i] = x * wp.float64(2.0) if x < z else z * z


A = ("choice", [-1.5, -0.75, 0.25, 1.25])
B = ("choice", [-1.0, 0.0625, 0.75, 2.0])
U = ("uniform", -2, 2)


def T(name, op, inputs, **kw):
    return dict(name=name, kernel="sel", dim=10, args=dict(op=op, a=A, b=B, u=U, w=U), outputs=["y", "yv"],
                inputs=inputs, **kw)


GRAD_TESTS = [
    T("where", 0, ["a", "b"]),
    T("where_sin", 1, ["a", "b"]),
    dict(name="ternary", kernel="tern", dim=10, args=dict(a=A, b=B), outputs=["y"]),
    T("where_vec", 3, ["a", "b", "u", "w"]),
    T("where_vec_scalar_cond", 4, ["a", "b", "u", "w"]),
]
