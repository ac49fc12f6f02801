"""Rigid-body integration with quaternions: angular velocity update with
the world inertia R I R^T (quat_to_matrix, transpose, inverse of mat33),
quaternion derivative 0.5 * (w,0) * q, renormalization, the body
transform wp.transform(p, q) and transform_point of a local anchor."""
import warp as wp


@wp.kernel
def integrate_bodies(pos: wp.array(dtype=wp.vec3), rot: wp.array(dtype=wp.quat), lin: wp.array(dtype=wp.vec3),
                     ang: wp.array(dtype=wp.vec3), inertia: wp.array(dtype=wp.mat33),
                     torque: wp.array(dtype=wp.vec3), dt: float, anchor: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    q = wp.normalize(rot[i])
    R = wp.quat_to_matrix(q)
    I_w = R * inertia[i] * wp.transpose(R)
    w = ang[i]
    tau = torque[i] - wp.cross(w, I_w * w)
    w = w + wp.inverse(I_w) * tau * dt
    dq = wp.quat(w[0], w[1], w[2], 0.0) * q * 0.5
    q = wp.normalize(q + dq * dt)
    p = pos[i] + lin[i] * dt
    pos[i] = p
    rot[i] = q
    ang[i] = w
    X = wp.transform(p, q)
    anchor[i] = wp.transform_point(X, wp.vec3(0.5, 0.0, 0.0))


TESTS = [
    dict(name="bodies", dim=100,
         arrays=dict(pos=("uniform", -1, 1), rot=("uniform", -1, 1), lin=("uniform", -1, 1),
                     ang=("uniform", -2, 2), inertia=("mat_diag", -0.05, 0.05, 1.0),
                     torque=("uniform", -0.5, 0.5)),
         launches=[dict(kernel="integrate_bodies", args=dict(dt=0.01))],
         repeat=10, outputs=["pos", "rot", "ang", "anchor"], rtol=1e-4, atol=1e-5),
]
