"""Adjoints of the linear-algebra helpers: ddot (mat33 and a 2x3 built with
wp.matrix(shape=...)), trace, diag, get_diag, skew, matrix_from_cols /
matrix_from_rows, wp.vector(..., length=) and wp.identity in an expression.
`op` picks the operation; scalar results go to f, matrix results to m,
vector results to y (all seeded)."""
import warp as wp


@wp.kernel
def la(op: int, a: wp.array(dtype=wp.mat33), b: wp.array(dtype=wp.mat33), u: wp.array(dtype=wp.vec3),
       v: wp.array(dtype=wp.vec3), f: wp.array(dtype=float), m: wp.array(dtype=wp.mat33),
       y: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    p = u[i]
    q = v[i]
    if op == 0:
        f[i] = wp.ddot(x, z)
    elif op == 1:
        f[i] = wp.trace(x * z)
    elif op == 2:
        m[i] = wp.diag(p) * z
    elif op == 3:
        y[i] = wp.get_diag(x * z)
    elif op == 4:
        m[i] = wp.skew(p) * x
    elif op == 5:
        m[i] = wp.matrix_from_cols(p, q, p * 2.0) + wp.matrix_from_rows(q, p, q) * 0.5
    elif op == 6:
        w = wp.matrix(p[0], p[1], p[2], q[0], q[1], q[2], shape=(2, 3))
        f[i] = wp.ddot(w, w) + wp.trace(wp.identity(n=3, dtype=float) * x)
    elif op == 7:
        y[i] = wp.vector(p[1] * q[2], p[0], q[1], length=3) + wp.get_diag(wp.skew(q) * wp.skew(p))


@wp.kernel
def la_f64(op: int, a: wp.array(dtype=wp.mat33d), b: wp.array(dtype=wp.mat33d), u: wp.array(dtype=wp.vec3d),
           v: wp.array(dtype=wp.vec3d), f: wp.array(dtype=wp.float64), m: wp.array(dtype=wp.mat33d),
           y: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    p = u[i]
    q = v[i]
    if op == 0:
        f[i] = wp.ddot(x, z)
    elif op == 1:
        f[i] = wp.trace(x * z)
    elif op == 2:
        m[i] = wp.diag(p) * z
    elif op == 3:
        y[i] = wp.get_diag(x * z)
    elif op == 4:
        m[i] = wp.skew(p) * x
    elif op == 5:
        m[i] = wp.matrix_from_cols(p, q, p * wp.float64(2.0)) + wp.matrix_from_rows(q, p, q) * wp.float64(0.5)
    elif op == 6:
        w = wp.matrix(p[0], p[1], p[2], q[0], q[1], q[2], shape=(2, 3))
        f[i] = wp.ddot(w, w) + wp.trace(wp.identity(n=3, dtype=wp.float64) * x)
    elif op == 7:
        y[i] = wp.vector(p[1] * q[2], p[0], q[1], length=3) + wp.get_diag(wp.skew(q) * wp.skew(p))


def T(name, op, inputs):
    return dict(name=name, kernel="la", dim=4,
                args=dict(op=op, a=("uniform", -2, 2), b=("uniform", -2, 2), u=("uniform", -2, 2),
                          v=("uniform", -2, 2)),
                outputs=["f", "m", "y"], inputs=inputs)


GRAD_TESTS = [
    T("ddot", 0, ["a", "b"]),
    T("trace", 1, ["a", "b"]),
    T("diag", 2, ["u", "b"]),
    T("get_diag", 3, ["a", "b"]),
    T("skew", 4, ["u", "a"]),
    T("from_cols_rows", 5, ["u", "v"]),
    T("matrix_shape_identity", 6, ["u", "v", "a"]),
    T("vector_length", 7, ["u", "v"]),
]
