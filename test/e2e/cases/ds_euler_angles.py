"""Euler angle conversions: quat_rpy, the same rotation composed from
axis-angle quaternions about x, y and z, the rotation matrix and Euler
angles extracted back with atan2 / asin (away from gimbal lock), and
angles wrapped into (-pi, pi] with floor."""
import warp as wp


@wp.func
def wrap(a: float):
    return a - 2.0 * wp.pi * wp.floor((a + wp.pi) / (2.0 * wp.pi))


@wp.kernel
def euler(rpy: wp.array(dtype=wp.vec3), q1: wp.array(dtype=wp.quat), q2: wp.array(dtype=wp.quat),
          back: wp.array(dtype=wp.vec3), wrapped: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    e = rpy[i]
    a = wp.quat_rpy(e[0], e[1], e[2])
    qx = wp.quat_from_axis_angle(wp.vec3(1.0, 0.0, 0.0), e[0])
    qy = wp.quat_from_axis_angle(wp.vec3(0.0, 1.0, 0.0), e[1])
    qz = wp.quat_from_axis_angle(wp.vec3(0.0, 0.0, 1.0), e[2])
    b = qz * qy * qx
    q1[i] = a
    q2[i] = b
    R = wp.quat_to_matrix(a)
    roll = wp.atan2(R[2, 1], R[2, 2])
    pitch = wp.asin(wp.clamp(-R[2, 0], -1.0, 1.0))
    yaw = wp.atan2(R[1, 0], R[0, 0])
    back[i] = wp.vec3(roll, pitch, yaw)
    wrapped[i] = wp.vec3(wrap(e[0] * 3.0), wrap(e[1] * 5.0), wrap(e[2] * 7.0))


TESTS = [
    dict(kernel="euler", dim=500, args=dict(rpy=("uniform", -1.2, 1.2)), outputs=["q1", "q2", "back", "wrapped"],
         rtol=1e-4, atol=1e-5),
]
