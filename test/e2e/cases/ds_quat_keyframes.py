"""Quaternion keyframe animation: keys built with quat_rpy and
quat_from_axis_angle, interpolated with quat_slerp, applied with
quat_rotate / quat_rotate_inv, relative rotations with quat_inverse,
round trip through quat_to_matrix / quat_from_matrix (compared as
rotated vectors since q and -q are the same rotation), quat_identity
and the wp.quaternion constructor from a vector part and w."""
import warp as wp


@wp.kernel
def animate(rpy0: wp.array(dtype=wp.vec3), axis1: wp.array(dtype=wp.vec3), angle1: wp.array(dtype=float),
            t: wp.array(dtype=float), p: wp.array(dtype=wp.vec3), rotated: wp.array(dtype=wp.vec3),
            back: wp.array(dtype=wp.vec3), rel: wp.array(dtype=wp.quat), rt: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    e = rpy0[i]
    q0 = wp.quat_rpy(e[0], e[1], e[2])
    q1 = wp.quat_from_axis_angle(wp.normalize(axis1[i]), angle1[i])
    q = wp.quat_slerp(q0, q1, t[i])
    v = wp.quat_rotate(q, p[i])
    rotated[i] = v
    back[i] = wp.quat_rotate_inv(q, v)
    rel[i] = wp.quat_inverse(q0) * q1
    m = wp.quat_to_matrix(q)
    q2 = wp.quat_from_matrix(m)
    ident = wp.quat_identity()
    q3 = wp.quaternion(wp.vec3(q2[0], q2[1], q2[2]), q2[3]) * ident
    rt[i] = wp.quat_rotate(q3, p[i]) - m * p[i]


@wp.kernel
def from_mat44(m: wp.array(dtype=wp.mat44), p: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    q = wp.quat_from_matrix(m[i])
    out[i] = wp.quat_rotate(q, p[i])


TESTS = [
    dict(kernel="animate", dim=400,
         args=dict(rpy0=("uniform", -3, 3), axis1=("uniform", -1, 1), angle1=("uniform", -3, 3),
                   t=("uniform", 0, 1), p=("uniform", -1, 1)),
         outputs=["rotated", "back", "rel", "rt"], rtol=1e-4, atol=1e-5),
    dict(kernel="from_mat44", dim=100,
         args=dict(m=[[[0.0, -1.0, 0.0, 0.5], [1.0, 0.0, 0.0, 0.1], [0.0, 0.0, 1.0, 2.0], [0.0, 0.0, 0.0, 1.0]]] * 100,
                   p=("uniform", -1, 1)),
         outputs=["out"], rtol=1e-5, atol=1e-6),
]
