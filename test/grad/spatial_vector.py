"""Spatial vectors and matrices: spatial_vector(w, v) and from 6 scalars,
spatial_top/bottom, spatial_dot, spatial_cross, spatial_cross_dual,
spatial_adjoint, and vector/matrix arithmetic on the 6-vectors and 6x6
matrices."""
import warp as wp


@wp.kernel
def spatial_ops(op: int, a: wp.array(dtype=wp.spatial_vector), b: wp.array(dtype=wp.spatial_vector),
                w: wp.array(dtype=wp.vec3), s: wp.array(dtype=float), r: wp.array(dtype=wp.mat33),
                m: wp.array(dtype=wp.mat33), ov: wp.array(dtype=wp.spatial_vector), o3: wp.array(dtype=wp.vec3),
                os: wp.array(dtype=float), om: wp.array(dtype=wp.spatial_matrix)):
    i = wp.tid()
    if op == 0:
        ov[i] = wp.spatial_vector(w[i], w[i] * s[i]) + wp.spatial_vector(s[i], 1.0, s[i] * s[i], 2.0, -s[i], 0.5)
    elif op == 1:
        o3[i] = wp.spatial_top(a[i]) * s[i] + wp.spatial_bottom(a[i])
    elif op == 2:
        os[i] = wp.spatial_dot(a[i], b[i])
    elif op == 3:
        ov[i] = wp.spatial_cross(a[i], b[i])
    elif op == 4:
        ov[i] = wp.spatial_cross_dual(a[i], b[i])
    elif op == 5:
        om[i] = wp.spatial_adjoint(r[i], m[i])
    elif op == 6:
        ov[i] = wp.spatial_adjoint(r[i], m[i]) * a[i]
    elif op == 7:
        x = a[i] * s[i] - b[i]
        os[i] = wp.length(x) + x[1] * x[3]


@wp.kernel
def spatial_ops_f64(op: int, a: wp.array(dtype=wp.spatial_vectord), b: wp.array(dtype=wp.spatial_vectord),
                    w: wp.array(dtype=wp.vec3d), s: wp.array(dtype=wp.float64), r: wp.array(dtype=wp.mat33d),
                    m: wp.array(dtype=wp.mat33d), ov: wp.array(dtype=wp.spatial_vectord), o3: wp.array(dtype=wp.vec3d),
                    os: wp.array(dtype=wp.float64), om: wp.array(dtype=wp.spatial_matrixd)):
    i = wp.tid()
    if op == 0:
        ov[i] = wp.spatial_vectord(w[i][0], w[i][1], w[i][2], w[i][0] * s[i], w[i][1] * s[i], w[i][2] * s[i]) + wp.spatial_vectord(
            s[i], wp.float64(1.0), s[i] * s[i], wp.float64(2.0), -s[i], wp.float64(0.5))
    elif op == 1:
        o3[i] = wp.spatial_top(a[i]) * s[i] + wp.spatial_bottom(a[i])
    elif op == 2:
        os[i] = wp.spatial_dot(a[i], b[i])
    elif op == 3:
        ov[i] = wp.spatial_cross(a[i], b[i])
    elif op == 4:
        ov[i] = wp.spatial_cross_dual(a[i], b[i])
    elif op == 5:
        om[i] = wp.spatial_adjoint(r[i], m[i])
    elif op == 6:
        ov[i] = wp.spatial_adjoint(r[i], m[i]) * a[i]
    elif op == 7:
        x = a[i] * s[i] - b[i]
        os[i] = wp.length(x) + x[1] * x[3]


U = ("uniform", -1, 1)


def T(name, op, inputs, outputs, **kw):
    args = dict(op=op, a=U, b=U, w=U, s=("uniform", 0.2, 0.9), r=U, m=U)
    return dict(name=name, kernel="spatial_ops", dim=4, args=args, outputs=outputs, inputs=inputs, **kw)


GRAD_TESTS = [
    T("ctors", 0, ["w", "s"], ["ov"]),
    T("top_bottom", 1, ["a", "s"], ["o3"]),
    T("dot", 2, ["a", "b"], ["os"]),
    T("cross", 3, ["a", "b"], ["ov"]),
    T("cross_dual", 4, ["a", "b"], ["ov"]),
    T("adjoint", 5, ["r", "m"], ["om"]),
    T("adjoint_mul", 6, ["r", "m", "a"], ["ov"]),
    T("arith", 7, ["a", "b", "s"], ["os"]),
]
