"""Transforms: composing rigid-body transforms along a chain of bodies,
transforming points and vectors, inverses, .p / .q, transform_identity,
arrays of wp.transform and transform parameters."""
import warp as wp


@wp.kernel
def apply(xf: wp.array(dtype=wp.transform), pts: wp.array(dtype=wp.vec3), world: wp.array(dtype=wp.vec3),
          dirs: wp.array(dtype=wp.vec3), local: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    t = wp.transform(wp.transform_get_translation(xf[i]), wp.normalize(wp.transform_get_rotation(xf[i])))
    world[i] = wp.transform_point(t, pts[i])
    dirs[i] = wp.transform_vector(t, pts[i])
    local[i] = wp.transform_point(wp.transform_inverse(t), world[i])


@wp.kernel
def chain(joint_p: wp.array(dtype=wp.vec3), joint_angle: wp.array(dtype=float), root: wp.transform,
          body_xf: wp.array(dtype=wp.transform), tips: wp.array(dtype=wp.vec3)):
    # a kinematic chain of 8 links per thread: X_i = X_{i-1} * (p_i, rot_z(angle_i))
    tid = wp.tid()
    x = root
    for k in range(8):
        j = tid * 8 + k
        q = wp.quat_from_axis_angle(wp.vec3(0.0, 0.0, 1.0), joint_angle[j])
        x = x * wp.transform(joint_p[j], q)
        body_xf[j] = x
    tips[tid] = wp.transform_point(x, wp.vec3(0.1, 0.0, 0.0))


@wp.kernel
def parts(xf: wp.array(dtype=wp.transform), out: wp.array(dtype=wp.transform), info: wp.array2d(dtype=float)):
    i = wp.tid()
    a = xf[i]
    b = wp.transform(a.p * 2.0, wp.normalize(a.q))
    c = wp.transform_multiply(b, wp.transform_identity())
    out[i] = wp.transform_multiply(c, wp.transform_inverse(b)) + wp.transform(wp.vec3(1.0, 2.0, 3.0),
                                                                               wp.quat_identity())
    info[i, 0] = a[0] + a[6]
    info[i, 1] = wp.length(a.q)
    info[i, 2] = b.p.y


@wp.kernel
def xform_double(xf: wp.array(dtype=wp.transformd), p: wp.array(dtype=wp.vec3d), out: wp.array(dtype=wp.vec3d),
                 inv: wp.array(dtype=wp.transformd)):
    i = wp.tid()
    t = wp.transformd(xf[i].p, wp.normalize(xf[i].q))
    out[i] = wp.transform_point(t * t, p[i])
    inv[i] = wp.transform_inverse(t)


TESTS = [
    dict(kernel="apply", dim=300, args=dict(xf=("uniform", -1, 1), pts=("uniform", -2, 2)),
         outputs=["world", "dirs", "local"], atol=1e-5, rtol=1e-4),
    dict(kernel="chain", dim=50,
         args=dict(joint_p=("uniform", -1, 1), joint_angle=("uniform", -1.5, 1.5),
                   root=[0.5, -0.25, 1.0, 0.0, 0.0, 0.38268343, 0.92387953]),
         shapes=dict(joint_p=(400,), joint_angle=(400,), body_xf=(400,)),
         outputs=["body_xf", "tips"], atol=1e-5, rtol=1e-4),
    dict(kernel="parts", dim=200, args=dict(xf=("uniform", -1, 1)), shapes=dict(info=(200, 3)),
         outputs=["out", "info"], atol=1e-5, rtol=1e-4),
    dict(kernel="xform_double", dim=200, args=dict(xf=("uniform", -1, 1), p=("uniform", -2, 2)),
         outputs=["out", "inv"], atol=1e-12, rtol=1e-10),
]
