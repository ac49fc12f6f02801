"""Gradients of the warp.math rotation helpers of warp-lang 1.11..1.19:
quat_twist, quat_twist_angle, quat_twist_angle_signed, quat_to_rpy,
quat_to_euler and quat_from_euler (Tait-Bryan and proper sequences, gimbal
lock too),
velocity_at_point, transform_twist, transform_wrench, and
quat_between_vectors (a @wp.func of warp.utils).  Warp defines them
for float32 only, so there is no float64 twin: compared with warp-lang only
(fd=False), whose gradients are the autodiff of their @wp.func bodies."""
import warp as wp


@wp.kernel
def rot_ops(op: int, s: wp.vec3i, q: wp.array(dtype=wp.quat), a: wp.array(dtype=wp.vec3), e: wp.array(dtype=wp.vec3),
            x: wp.array(dtype=wp.transform), v: wp.array(dtype=wp.spatial_vector),
            oq: wp.array(dtype=wp.quat), os: wp.array(dtype=float), ov: wp.array(dtype=wp.vec3),
            osv: wp.array(dtype=wp.spatial_vector)):
    i = wp.tid()
    qn = wp.normalize(q[i])
    an = wp.normalize(a[i])
    if op == 0:
        oq[i] = wp.quat_twist(an, qn)
    elif op == 1:
        os[i] = wp.quat_twist_angle(an, qn)
    elif op == 2:
        os[i] = wp.quat_twist_angle_signed(an, qn)
    elif op == 3:
        ov[i] = wp.quat_to_rpy(qn)
    elif op == 4:
        ov[i] = wp.quat_to_euler(qn, s[0], s[1], s[2])
    elif op == 5:
        oq[i] = wp.quat_from_euler(e[i], s[0], s[1], s[2])
    elif op == 6:
        ov[i] = wp.velocity_at_point(v[i], a[i])
    elif op == 7:
        osv[i] = wp.transform_twist(x[i], v[i])
    elif op == 8:
        osv[i] = wp.transform_wrench(x[i], v[i])
    elif op == 10:
        oq[i] = wp.quat_between_vectors(a[i], e[i])
    elif op == 9:  # gimbal lock: second angle pi/2 (Tait-Bryan) or 0 (proper)
        ang = wp.vec3(e[i])
        ang[s[1]] = wp.where(s[0] == s[2], 0.0, wp.HALF_PI)
        ov[i] = wp.quat_to_euler(wp.quat_from_euler(ang, s[0], s[1], s[2]), s[0], s[1], s[2])


U = ("uniform", -1, 1)


def T(name, op, inputs, outputs, s=(0, 1, 2), **kw):
    args = dict(op=op, s=list(s), q=U, a=U, e=("uniform", -2, 2), x=U, v=U)
    return dict(name=name, kernel="rot_ops", dim=8, args=args, outputs=outputs, inputs=inputs, fd=False, **kw)


GRAD_TESTS = [
    T("quat_twist", 0, ["a", "q"], ["oq"]),
    T("quat_twist_angle", 1, ["a", "q"], ["os"]),
    T("quat_twist_angle_signed", 2, ["a", "q"], ["os"]),
    T("quat_to_rpy", 3, ["q"], ["ov"]),
    T("quat_to_euler_xyz", 4, ["q"], ["ov"]),
    T("quat_to_euler_yzx", 4, ["q"], ["ov"], s=(1, 2, 0)),
    T("quat_to_euler_zyx", 4, ["q"], ["ov"], s=(2, 1, 0)),
    T("quat_to_euler_xyx", 4, ["q"], ["ov"], s=(0, 1, 0)),
    T("quat_to_euler_zxz", 4, ["q"], ["ov"], s=(2, 0, 2)),
    T("quat_from_euler_xyz", 5, ["e"], ["oq"]),
    T("quat_from_euler_zxy", 5, ["e"], ["oq"], s=(2, 0, 1)),
    T("quat_from_euler_yxy", 5, ["e"], ["oq"], s=(1, 0, 1)),
    T("quat_to_euler_lock_xyz", 9, ["e"], ["ov"]),
    T("quat_to_euler_lock_zxz", 9, ["e"], ["ov"], s=(2, 0, 2)),
    T("velocity_at_point", 6, ["v", "a"], ["ov"]),
    T("transform_twist", 7, ["x", "v"], ["osv"]),
    T("transform_wrench", 8, ["x", "v"], ["osv"]),
    T("quat_between_vectors", 10, ["a", "e"], ["oq"]),
]
