"""Transform conversions and out-parameter builtins, float32 and float64:
transform_to_matrix / transform_from_matrix, transform_compose(p, q, s) ->
mat44 and transform_decompose(m) -> (p, q, s) (columns of length 0 kept),
transform_set_translation / transform_set_rotation (assign the transform
variable; an array element argument is a copy, left unchanged) and x.p = ...
/ x.q = ... / x.p += ... (which Warp lowers to them),
quat_to_axis_angle in its tuple form and its out-parameter form (assigns
the axis and angle variables; the axis flips with the sign of q.w), and the
float64 quatd / transformd builtins."""
import warp as wp


@wp.kernel
def convert(x: wp.array(dtype=wp.transform), s: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat44),
            back: wp.array(dtype=wp.transform), mc: wp.array(dtype=wp.mat44), p: wp.array(dtype=wp.vec3),
            q: wp.array(dtype=wp.quat), sc: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    t = wp.transform(x[i].p, wp.normalize(x[i].q))
    mat = wp.transform_to_matrix(t)
    m[i] = mat
    back[i] = wp.transform_from_matrix(mat)
    c = wp.transform_compose(t.p, t.q, s[i])
    mc[i] = c
    pp, qq, ss = wp.transform_decompose(c)
    p[i] = pp
    q[i] = qq
    sc[i] = ss


@wp.kernel
def convert_d(x: wp.array(dtype=wp.transformd), s: wp.array(dtype=wp.vec3d), m: wp.array(dtype=wp.mat44d),
              back: wp.array(dtype=wp.transformd), mc: wp.array(dtype=wp.mat44d), p: wp.array(dtype=wp.vec3d),
              q: wp.array(dtype=wp.quatd), sc: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    t = wp.transformd(x[i].p, wp.normalize(x[i].q))
    mat = wp.transform_to_matrix(t)
    m[i] = mat
    back[i] = wp.transform_from_matrix(mat)
    c = wp.transform_compose(t.p, t.q, s[i])
    mc[i] = c
    r = wp.transform_decompose(c)
    p[i] = r[0]
    q[i] = r[1]
    sc[i] = r[2]


@wp.kernel
def decompose_degenerate(m: wp.array(dtype=wp.mat44), p: wp.array(dtype=wp.vec3), q: wp.array(dtype=wp.quat),
                         sc: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    a = m[i]
    a[0, 1] = 0.0
    a[1, 1] = 0.0
    a[2, 1] = 0.0
    pp, qq, ss = wp.transform_decompose(a)
    p[i] = pp
    q[i] = qq
    sc[i] = ss


@wp.kernel
def set_parts(xs: wp.array(dtype=wp.transform), ps: wp.array(dtype=wp.vec3), qs: wp.array(dtype=wp.quat),
              out: wp.array(dtype=wp.transform), out2: wp.array(dtype=wp.transform), out3: wp.array(dtype=wp.transform)):
    i = wp.tid()
    t = xs[i]
    u = t
    wp.transform_set_translation(t, ps[i])
    wp.transform_set_rotation(u, qs[i])
    out[i] = t
    wp.transform_set_rotation(t, qs[i] * 2.0)
    out2[i] = t * u
    wp.transform_set_translation(xs[i], ps[i])  # a copy: xs unchanged
    v = u
    v.p = ps[i] * 3.0
    v.q = wp.normalize(qs[i])
    v.p += ps[i]
    v.p -= ps[i] * 0.25
    v.q *= 2.0
    out3[i] = v


@wp.kernel
def set_parts_d(xs: wp.array(dtype=wp.transformd), ps: wp.array(dtype=wp.vec3d), out: wp.array(dtype=wp.transformd)):
    i = wp.tid()
    t = xs[i]
    if ps[i][0] > wp.float64(0.0):
        wp.transform_set_translation(t, ps[i])
    out[i] = t


@wp.kernel
def axis_angle(qs: wp.array(dtype=wp.quat), axes: wp.array(dtype=wp.vec3), angles: wp.array(dtype=float),
               axes2: wp.array(dtype=wp.vec3), angles2: wp.array(dtype=float)):
    i = wp.tid()
    axis, angle = wp.quat_to_axis_angle(qs[i])
    axes[i] = axis
    angles[i] = angle
    a = wp.vec3()
    b = float(0.0)
    wp.quat_to_axis_angle(wp.normalize(qs[i]), a, b)
    axes2[i] = a * 2.0
    angles2[i] = b + angle


@wp.kernel
def axis_angle_d(qs: wp.array(dtype=wp.quatd), axes: wp.array(dtype=wp.vec3d), angles: wp.array(dtype=wp.float64),
                 rot: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    axis, angle = wp.quat_to_axis_angle(qs[i])
    axes[i] = axis
    angles[i] = angle
    q = wp.quat_from_axis_angle(axis, angle)
    x = wp.transformd(axis, q)
    rot[i] = wp.transform_point(wp.transform_inverse(x), wp.quat_rotate(wp.quat_inverse(q), axis)) + wp.quat_rotate_inv(
        wp.quat_slerp(q, wp.quatd(wp.float64(0.0), wp.float64(0.0), wp.float64(0.0), wp.float64(1.0)), wp.float64(0.3)),
        axis)


TESTS = [
    dict(kernel="convert", dim=100, args=dict(x=("uniform", -1, 1), s=("uniform", 0.5, 2)),
         outputs=["m", "back", "mc", "p", "q", "sc"], atol=2e-6),
    dict(kernel="convert_d", dim=100, args=dict(x=("uniform", -1, 1), s=("uniform", 0.5, 2)),
         outputs=["m", "back", "mc", "p", "q", "sc"]),
    dict(kernel="decompose_degenerate", dim=20, args=dict(m=("uniform", -1, 1)), outputs=["p", "q", "sc"]),
    dict(kernel="set_parts", dim=50, args=dict(xs=("uniform", -1, 1), ps=("uniform", -1, 1), qs=("uniform", -1, 1)),
         outputs=["xs", "out", "out2", "out3"]),
    dict(kernel="set_parts_d", dim=50, args=dict(xs=("uniform", -1, 1), ps=("uniform", -1, 1)), outputs=["out"]),
    dict(kernel="axis_angle", dim=200, args=dict(qs=("uniform", -1, 1)),
         outputs=["axes", "angles", "axes2", "angles2"]),
    dict(kernel="axis_angle_d", dim=200, args=dict(qs=("uniform", -1, 1)), outputs=["axes", "angles", "rot"]),
]
