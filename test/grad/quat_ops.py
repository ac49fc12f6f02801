"""Quaternion and transform builtins: products, inverse, rotations,
conversions to and from matrices, axis-angle, roll-pitch-yaw, slerp,
normalize/length/dot, components, transform_point/vector/inverse/multiply,
constructors and .p/.q.  Quats are drawn in [-1, 1) (normalized in the
kernel where the builtin expects a unit quat)."""
import warp as wp


@wp.kernel
def quat_ops(op: int, q: wp.array(dtype=wp.quat), r: wp.array(dtype=wp.quat), v: wp.array(dtype=wp.vec3), s: wp.array(dtype=float),
        m: wp.array(dtype=wp.mat33), x: wp.array(dtype=wp.transform), y: wp.array(dtype=wp.transform), oq: wp.array(dtype=wp.quat),
        ov: wp.array(dtype=wp.vec3), om: wp.array(dtype=wp.mat33), ox: wp.array(dtype=wp.transform), os: wp.array(dtype=float)):
    i = wp.tid()
    M4 = wp.mat44(m[i][0, 0], m[i][0, 1], m[i][0, 2], x[i][0], m[i][1, 0], m[i][1, 1], m[i][1, 2], x[i][1],
                  m[i][2, 0], m[i][2, 1], m[i][2, 2], x[i][2], 0.0, 0.0, 0.0, 1.0)
    if op == 0:
        oq[i] = q[i] * r[i]
    elif op == 1:
        oq[i] = wp.quat_inverse(q[i])
    elif op == 2:
        ov[i] = wp.quat_rotate(q[i], v[i])
    elif op == 3:
        ov[i] = wp.quat_rotate_inv(q[i], v[i])
    elif op == 4:
        om[i] = wp.quat_to_matrix(q[i])
    elif op == 5:
        oq[i] = wp.quat_from_axis_angle(v[i], s[i])
    elif op == 6:
        oq[i] = wp.quat_rpy(v[i].x, v[i].y, v[i].z)
    elif op == 7:
        oq[i] = wp.normalize(q[i])
    elif op == 8:
        os[i] = wp.length(q[i]) + wp.dot(q[i], r[i]) * 1.0 + wp.length_sq(r[i])
    elif op == 9:
        oq[i] = wp.quat_slerp(wp.normalize(q[i]), wp.normalize(r[i]), s[i])
    elif op == 10:
        oq[i] = wp.quat_from_matrix(wp.quat_to_matrix(wp.normalize(q[i])))
    elif op == 11:
        oq[i] = wp.quat_from_matrix(m[i])
    elif op == 12:
        ov[i] = wp.transform_point(x[i], v[i])
    elif op == 13:
        ov[i] = wp.transform_vector(x[i], v[i])
    elif op == 14:
        ox[i] = wp.transform_inverse(x[i])
    elif op == 15:
        ox[i] = x[i] * y[i]
    elif op == 16:
        ox[i] = wp.transform_multiply(x[i], y[i]) * s[i]
    elif op == 17:
        os[i] = q[i].x * q[i].w + q[i][1] * s[i] - q[i].z
    elif op == 18:
        ox[i] = wp.transform(v[i], wp.quat(v[i] * s[i], s[i]) + q[i])
    elif op == 19:
        ov[i] = wp.transform_get_translation(x[i]) + x[i].p * s[i]
        oq[i] = wp.transform_get_rotation(x[i]) - x[i].q * s[i]
    elif op == 20:
        oq[i] = q[i] * s[i] + r[i] / s[i] - (-q[i])
    elif op == 21:
        ov[i] = wp.transform_point(M4, v[i])
    elif op == 22:
        ov[i] = wp.transform_vector(M4, v[i])


@wp.kernel
def quat_ops_f64(op: int, q: wp.array(dtype=wp.quatd), r: wp.array(dtype=wp.quatd), v: wp.array(dtype=wp.vec3d), s: wp.array(dtype=wp.float64),
        m: wp.array(dtype=wp.mat33d), x: wp.array(dtype=wp.transformd), y: wp.array(dtype=wp.transformd), oq: wp.array(dtype=wp.quatd),
        ov: wp.array(dtype=wp.vec3d), om: wp.array(dtype=wp.mat33d), ox: wp.array(dtype=wp.transformd), os: wp.array(dtype=wp.float64)):
    i = wp.tid()
    M4 = wp.mat44d(m[i][0, 0], m[i][0, 1], m[i][0, 2], x[i][0], m[i][1, 0], m[i][1, 1], m[i][1, 2], x[i][1],
                   m[i][2, 0], m[i][2, 1], m[i][2, 2], x[i][2], wp.float64(0.0), wp.float64(0.0), wp.float64(0.0), wp.float64(1.0))
    if op == 0:
        oq[i] = q[i] * r[i]
    elif op == 1:
        oq[i] = wp.quat_inverse(q[i])
    elif op == 2:
        ov[i] = wp.quat_rotate(q[i], v[i])
    elif op == 3:
        ov[i] = wp.quat_rotate_inv(q[i], v[i])
    elif op == 4:
        om[i] = wp.quat_to_matrix(q[i])
    elif op == 5:
        oq[i] = wp.quat_from_axis_angle(v[i], s[i])
    elif op == 6:
        oq[i] = wp.quat_rpy(v[i].x, v[i].y, v[i].z)
    elif op == 7:
        oq[i] = wp.normalize(q[i])
    elif op == 8:
        os[i] = wp.length(q[i]) + wp.dot(q[i], r[i]) * wp.float64(1.0) + wp.length_sq(r[i])
    elif op == 9:
        oq[i] = wp.quat_slerp(wp.normalize(q[i]), wp.normalize(r[i]), s[i])
    elif op == 10:
        oq[i] = wp.quat_from_matrix(wp.quat_to_matrix(wp.normalize(q[i])))
    elif op == 11:
        oq[i] = wp.quat_from_matrix(m[i])
    elif op == 12:
        ov[i] = wp.transform_point(x[i], v[i])
    elif op == 13:
        ov[i] = wp.transform_vector(x[i], v[i])
    elif op == 14:
        ox[i] = wp.transform_inverse(x[i])
    elif op == 15:
        ox[i] = x[i] * y[i]
    elif op == 16:
        ox[i] = wp.transform_multiply(x[i], y[i]) * s[i]
    elif op == 17:
        os[i] = q[i].x * q[i].w + q[i][1] * s[i] - q[i].z
    elif op == 18:
        ox[i] = wp.transformd(v[i], wp.quatd(v[i] * s[i], s[i]) + q[i])
    elif op == 19:
        ov[i] = wp.transform_get_translation(x[i]) + x[i].p * s[i]
        oq[i] = wp.transform_get_rotation(x[i]) - x[i].q * s[i]
    elif op == 20:
        oq[i] = q[i] * s[i] + r[i] / s[i] - (-q[i])
    elif op == 21:
        ov[i] = wp.transform_point(M4, v[i])
    elif op == 22:
        ov[i] = wp.transform_vector(M4, v[i])


U = ("uniform", -1, 1)


def T(name, op, inputs, outputs, **kw):
    args = dict(op=op, q=U, r=U, v=U, s=("uniform", 0.2, 0.9), m=U, x=U, y=U)
    args.update(kw.pop("args", {}))
    return dict(name=name, kernel="quat_ops", dim=4, args=args, outputs=outputs, inputs=inputs, **kw)


GRAD_TESTS = [
    T("mul", 0, ["q", "r"], ["oq"]),
    T("inverse", 1, ["q"], ["oq"]),
    T("rotate", 2, ["q", "v"], ["ov"]),
    T("rotate_inv", 3, ["q", "v"], ["ov"]),
    T("to_matrix", 4, ["q"], ["om"]),
    T("from_axis_angle", 5, ["v", "s"], ["oq"]),
    T("rpy", 6, ["v"], ["oq"]),
    T("normalize", 7, ["q"], ["oq"]),
    T("length_dot", 8, ["q", "r"], ["os"]),
    T("slerp", 9, ["q", "r", "s"], ["oq"]),
    T("from_to_matrix", 10, ["q"], ["oq"]),
    T("from_matrix", 11, ["m"], ["oq"], args=dict(m=("mat_diag", -0.3, 0.3, 1.0))),
    T("from_matrix_neg", 11, ["m"], ["oq"], args=dict(m=("mat_diag", -0.3, 0.3, -1.0))),
    T("transform_point", 12, ["x", "v"], ["ov"]),
    T("transform_vector", 13, ["x", "v"], ["ov"]),
    T("transform_inverse", 14, ["x"], ["ox"]),
    T("transform_mul", 15, ["x", "y"], ["ox"]),
    T("transform_multiply", 16, ["x", "y", "s"], ["ox"]),
    T("components", 17, ["q", "s"], ["os"]),
    T("constructors", 18, ["v", "s", "q"], ["ox"]),
    T("get_parts", 19, ["x", "s"], ["ov", "oq"]),
    T("quat_arith", 20, ["q", "r", "s"], ["oq"]),
    T("mat44_point", 21, ["m", "x", "v"], ["ov"]),
    T("mat44_vector", 22, ["m", "x", "v"], ["ov"]),
]
