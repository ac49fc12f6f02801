"""The quaternion and transform builtins on float64 (quatd, transformd):
constructors (components, (ijk, w), (p, q), identities with dtype), rotations,
matrix conversions both ways, rpy, slerp, axis-angle both ways, transform
point/vector (transform and mat44d), inverse, multiply and *, .p/.q, and
the spatial conversions."""
import warp as wp


@wp.kernel
def quatd_ops(q: wp.array(dtype=wp.quatd), r: wp.array(dtype=wp.quatd), v: wp.array(dtype=wp.vec3d),
              s: wp.array(dtype=wp.float64), oq: wp.array2d(dtype=wp.quatd), ov: wp.array2d(dtype=wp.vec3d),
              om: wp.array(dtype=wp.mat33d), os: wp.array(dtype=wp.float64)):
    i = wp.tid()
    a = wp.normalize(q[i])
    b = wp.normalize(r[i])
    oq[i, 0] = a * b + wp.quat_inverse(a)
    oq[i, 1] = wp.quat_from_axis_angle(wp.normalize(v[i]), s[i])
    oq[i, 2] = wp.quat_rpy(v[i][0], v[i][1], v[i][2])
    oq[i, 3] = wp.quat_slerp(a, b, s[i])
    oq[i, 4] = wp.quat_from_matrix(wp.quat_to_matrix(a))
    oq[i, 5] = wp.quatd(v[i], s[i]) + wp.quat_identity(dtype=wp.float64)
    oq[i, 6] = wp.quatd(s[i], s[i], wp.float64(1.0), wp.float64(0.5)) * s[i]
    ov[i, 0] = wp.quat_rotate(a, v[i])
    ov[i, 1] = wp.quat_rotate_inv(a, v[i])
    axis, angle = wp.quat_to_axis_angle(a)
    ov[i, 2] = axis * angle
    om[i] = wp.quat_to_matrix(b)
    os[i] = wp.dot(a, b) + wp.length(q[i]) + wp.length_sq(r[i]) + a.x * b.w


@wp.kernel
def transformd_ops(x: wp.array(dtype=wp.transformd), y: wp.array(dtype=wp.transformd), v: wp.array(dtype=wp.vec3d),
                   ox: wp.array2d(dtype=wp.transformd), ov: wp.array2d(dtype=wp.vec3d), om: wp.array(dtype=wp.mat44d)):
    i = wp.tid()
    a = wp.transformd(x[i].p, wp.normalize(x[i].q))
    b = wp.transformd(y[i].p, wp.normalize(y[i].q))
    ox[i, 0] = wp.transform_multiply(a, b)
    ox[i, 1] = a * b * wp.transform_identity(dtype=wp.float64)
    ox[i, 2] = wp.transform_inverse(a)
    ox[i, 3] = wp.transform_from_matrix(wp.transform_to_matrix(b))
    ov[i, 0] = wp.transform_point(a, v[i])
    ov[i, 1] = wp.transform_vector(a, v[i])
    m = wp.transform_to_matrix(a)
    ov[i, 2] = wp.transform_point(m, v[i]) + wp.transform_vector(m, v[i])
    ov[i, 3] = wp.transform_get_translation(b) + a.p
    om[i] = wp.transform_compose(a.p, a.q, v[i])


TESTS = [
    dict(kernel="quatd_ops", dim=100, args=dict(q=("uniform", -1, 1), r=("uniform", -1, 1), v=("uniform", -1, 1),
                                                s=("uniform", 0.1, 0.9)),
         shapes=dict(oq=(100, 7), ov=(100, 3)), outputs=["oq", "ov", "om", "os"]),
    dict(kernel="transformd_ops", dim=100, args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1), v=("uniform", -1, 1)),
         shapes=dict(ox=(100, 4), ov=(100, 4)), outputs=["ox", "ov", "om"]),
]
