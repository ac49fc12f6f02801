"""Transform conversions and out-parameter builtins: transform_to_matrix,
transform_from_matrix, transform_compose, transform_decompose (tuple),
quat_to_axis_angle (tuple and out-parameter forms; both signs of q.w),
transform_set_translation / transform_set_rotation, x.p += ..., x.q = ....  warp-lang's adjoint of
transform_set_* also passes the gradient of the replaced part on to the old
transform (warp_wrong); warpc gives it zero."""
import warp as wp


@wp.kernel
def xform_ops(op: int, x: wp.array(dtype=wp.transform), q: wp.array(dtype=wp.quat), v: wp.array(dtype=wp.vec3),
              w: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat44), om: wp.array(dtype=wp.mat44),
              ox: wp.array(dtype=wp.transform), ov: wp.array(dtype=wp.vec3), oq: wp.array(dtype=wp.quat),
              ow: wp.array(dtype=wp.vec3), os: wp.array(dtype=float)):
    i = wp.tid()
    if op == 0:
        om[i] = wp.transform_to_matrix(x[i])
    elif op == 1:
        ox[i] = wp.transform_from_matrix(m[i])
    elif op == 2:
        om[i] = wp.transform_compose(v[i], q[i], w[i])
    elif op == 3:
        p, r, s = wp.transform_decompose(m[i])
        ov[i] = p
        oq[i] = r
        ow[i] = s
    elif op == 4:
        axis, angle = wp.quat_to_axis_angle(q[i])
        ov[i] = axis
        os[i] = angle
    elif op == 5:
        axis = wp.vec3()
        angle = float(0.0)
        wp.quat_to_axis_angle(q[i], axis, angle)
        ov[i] = axis * angle
    elif op == 6:
        t = x[i]
        wp.transform_set_translation(t, v[i])
        ox[i] = t
    elif op == 7:
        t = x[i]
        wp.transform_set_rotation(t, q[i])
        ox[i] = t
    elif op == 8:
        t = x[i]
        t.p += v[i]
        t.q = t.q * q[i]
        ox[i] = t


@wp.kernel
def xform_ops_f64(op: int, x: wp.array(dtype=wp.transformd), q: wp.array(dtype=wp.quatd), v: wp.array(dtype=wp.vec3d),
                  w: wp.array(dtype=wp.vec3d), m: wp.array(dtype=wp.mat44d), om: wp.array(dtype=wp.mat44d),
                  ox: wp.array(dtype=wp.transformd), ov: wp.array(dtype=wp.vec3d), oq: wp.array(dtype=wp.quatd),
                  ow: wp.array(dtype=wp.vec3d), os: wp.array(dtype=wp.float64)):
    i = wp.tid()
    if op == 0:
        om[i] = wp.transform_to_matrix(x[i])
    elif op == 1:
        ox[i] = wp.transform_from_matrix(m[i])
    elif op == 2:
        om[i] = wp.transform_compose(v[i], q[i], w[i])
    elif op == 3:
        p, r, s = wp.transform_decompose(m[i])
        ov[i] = p
        oq[i] = r
        ow[i] = s
    elif op == 4:
        axis, angle = wp.quat_to_axis_angle(q[i])
        ov[i] = axis
        os[i] = angle
    elif op == 5:
        axis = wp.vec3d()
        angle = wp.float64(0.0)
        wp.quat_to_axis_angle(q[i], axis, angle)
        ov[i] = axis * angle
    elif op == 6:
        t = x[i]
        wp.transform_set_translation(t, v[i])
        ox[i] = t
    elif op == 7:
        t = x[i]
        wp.transform_set_rotation(t, q[i])
        ox[i] = t
    elif op == 8:
        t = x[i]
        t.p += v[i]
        t.q = t.q * q[i]
        ox[i] = t


U = ("uniform", -1, 1)


def T(name, op, inputs, outputs, **kw):
    args = dict(op=op, x=U, q=U, v=U, w=("uniform", 0.5, 2), m=("mat_diag", -0.3, 0.3, 1.0))
    args.update(kw.pop("args", {}))
    return dict(name=name, kernel="xform_ops", dim=4, args=args, outputs=outputs, inputs=inputs, **kw)


GRAD_TESTS = [
    T("to_matrix", 0, ["x"], ["om"]),
    T("from_matrix", 1, ["m"], ["ox"]),
    T("from_matrix_neg", 1, ["m"], ["ox"], args=dict(m=("mat_diag", -0.3, 0.3, -1.0))),
    T("compose", 2, ["v", "q", "w"], ["om"]),
    T("decompose", 3, ["m"], ["ov", "oq", "ow"]),
    T("decompose_scaled", 3, ["m"], ["ov", "oq", "ow"], args=dict(m=("mat_diag", -0.3, 0.3, 2.0))),
    T("axis_angle", 4, ["q"], ["ov", "os"]),
    T("axis_angle_out", 5, ["q"], ["ov"]),
    T("set_translation", 6, ["x", "v"], ["ox"], warp_wrong=["x"]),
    T("set_rotation", 7, ["x", "q"], ["ox"], warp_wrong=["x"]),
    T("set_parts_attr", 8, ["x", "v", "q"], ["ox"], warp_wrong=["x"]),
]
