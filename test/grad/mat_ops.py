"""Matrix adjoints (mat33): mat*vec, vec*mat, mat*mat, mat*s, s*mat, mat/s,
mat +- mat, outer, transpose, element extraction m[i, j], row extraction
m[i], the mat33 constructor, unary + and -.  `op` picks the operation; matrix results go to
M, vector results to y (both seeded)."""
import warp as wp


@wp.kernel
def mops(op: int, A: wp.array(dtype=wp.mat33), B: wp.array(dtype=wp.mat33), v: wp.array(dtype=wp.vec3),
         w: wp.array(dtype=wp.vec3), s: wp.array(dtype=float), M: wp.array(dtype=wp.mat33),
         y: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    a = A[i]
    b = B[i]
    k = s[i]
    if op == 0:
        y[i] = a * v[i]
    elif op == 1:
        y[i] = v[i] * a
    elif op == 2:
        M[i] = a * b
    elif op == 3:
        M[i] = a * k
    elif op == 4:
        M[i] = k * a
    elif op == 5:
        M[i] = a / k
    elif op == 6:
        M[i] = a + b - a * 0.25
    elif op == 7:
        M[i] = wp.outer(v[i], w[i])
    elif op == 8:
        M[i] = wp.transpose(a) * b
    elif op == 9:
        y[i] = wp.vec3(a[0, 1] * k, a[2, 2] * a[1, 0], b[1, 2] - a[0, 0])
    elif op == 10:
        y[i] = a[1] * k + b[2]
    elif op == 11:
        M[i] = wp.mat33(a[0, 0] * k, k, a[1, 1], 1.0, a[2, 0] * a[0, 2], 0.0, b[0, 1], k * k, b[2, 2] * a[1, 2])
    elif op == 12:
        M[i] = +a * k - (-b)


@wp.kernel
def mops_f64(op: int, A: wp.array(dtype=wp.mat33d), B: wp.array(dtype=wp.mat33d), v: wp.array(dtype=wp.vec3d),
             w: wp.array(dtype=wp.vec3d), s: wp.array(dtype=wp.float64), M: wp.array(dtype=wp.mat33d),
             y: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    a = A[i]
    b = B[i]
    k = s[i]
    if op == 0:
        y[i] = a * v[i]
    elif op == 1:
        y[i] = v[i] * a
    elif op == 2:
        M[i] = a * b
    elif op == 3:
        M[i] = a * k
    elif op == 4:
        M[i] = k * a
    elif op == 5:
        M[i] = a / k
    elif op == 6:
        M[i] = a + b - a * wp.float64(0.25)
    elif op == 7:
        M[i] = wp.outer(v[i], w[i])
    elif op == 8:
        M[i] = wp.transpose(a) * b
    elif op == 9:
        y[i] = wp.vec3d(a[0, 1] * k, a[2, 2] * a[1, 0], b[1, 2] - a[0, 0])
    elif op == 10:
        y[i] = a[1] * k + b[2]
    elif op == 11:
        M[i] = wp.mat33d(a[0, 0] * k, k, a[1, 1], wp.float64(1.0), a[2, 0] * a[0, 2], wp.float64(0.0), b[0, 1],
                         k * k, b[2, 2] * a[1, 2])
    elif op == 12:
        M[i] = +a * k - (-b)


AWAY = ("choice", [-1.75, -1.25, -0.75, -0.5, 0.5, 0.625, 0.875, 1.125, 1.5, 2.0])


def T(name, op, inputs, **kw):
    return dict(name=name, kernel="mops", dim=4,
                args=dict(op=op, A=("uniform", -1.5, 1.5), B=("uniform", -1.5, 1.5), v=("uniform", -2, 2),
                          w=("uniform", -2, 2), s=AWAY),
                outputs=["M", "y"], inputs=inputs, **kw)


GRAD_TESTS = [
    T("mat_mul_vec", 0, ["A", "v"]),
    T("vec_mul_mat", 1, ["A", "v"]),
    T("mat_mul_mat", 2, ["A", "B"]),
    T("mat_mul_s", 3, ["A", "s"]),
    T("s_mul_mat", 4, ["A", "s"]),
    T("mat_div_s", 5, ["A", "s"]),
    T("mat_add_sub", 6, ["A", "B"]),
    T("outer", 7, ["v", "w"]),
    T("transpose", 8, ["A", "B"]),
    T("elements", 9, ["A", "B", "s"]),
    T("rows", 10, ["A", "B", "s"]),
    T("constructor", 11, ["A", "B", "s"]),
    T("unary_pos_neg", 12, ["A", "B", "s"]),
]
