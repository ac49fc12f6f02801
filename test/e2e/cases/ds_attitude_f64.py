"""Spacecraft attitude propagation in double precision: quatd
integrated from a body angular velocity with the exponential map
(quat_from_axis_angle of the rotation vector), body-frame vectors
rotated with quat_rotate / quat_rotate_inv, and the rotation matrix
through quat_to_matrix in float64."""
import warp as wp


@wp.kernel
def propagate(q: wp.array(dtype=wp.quatd), omega: wp.array(dtype=wp.vec3d), dt: wp.float64, steps: int,
              sun_body: wp.array(dtype=wp.vec3d), mats: wp.array(dtype=wp.mat33d)):
    i = wp.tid()
    qi = wp.normalize(q[i])
    w = omega[i]
    angle = wp.length(w) * dt
    axis = wp.normalize(w)
    dq = wp.quat_from_axis_angle(axis, angle)
    for _ in range(steps):
        qi = qi * dq
    q[i] = qi
    sun = wp.vec3d(wp.float64(1.0), wp.float64(0.0), wp.float64(0.0))
    sb = wp.quat_rotate_inv(qi, sun)
    sun_body[i] = sb + wp.quat_rotate(qi, sb) - sun
    mats[i] = wp.quat_to_matrix(qi)


TESTS = [
    dict(kernel="propagate", dim=200,
         args=dict(q=("uniform", -1, 1), omega=("uniform", -0.5, 0.5), dt=0.1, steps=50),
         outputs=["q", "sun_body", "mats"], rtol=1e-9, atol=1e-11),
]
