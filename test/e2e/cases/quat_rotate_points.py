"""Quaternions: rigid-body rotation of points (quat_from_axis_angle,
quat_rotate, quat_rotate_inv, quat_to_matrix, quat_inverse, products,
components .x .y .z .w and q[i], length/normalize/dot, quat_identity,
quat(ijk, w)), with arrays of wp.quat."""
import warp as wp


@wp.kernel
def rotate_points(axis: wp.array(dtype=wp.vec3), angle: wp.array(dtype=float), pts: wp.array(dtype=wp.vec3),
                  rot: wp.array(dtype=wp.quat), out: wp.array(dtype=wp.vec3), back: wp.array(dtype=wp.vec3),
                  via_mat: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    q = wp.quat_from_axis_angle(wp.normalize(axis[i]), angle[i])
    rot[i] = q
    p = wp.quat_rotate(q, pts[i])
    out[i] = p
    back[i] = wp.quat_rotate_inv(q, p)
    via_mat[i] = wp.quat_to_matrix(q) * pts[i]


@wp.kernel
def compose(a: wp.array(dtype=wp.quat), b: wp.array(dtype=wp.quat), ab: wp.array(dtype=wp.quat),
            inv: wp.array(dtype=wp.quat), info: wp.array2d(dtype=float), nq: wp.array(dtype=wp.quat)):
    i = wp.tid()
    qa = wp.normalize(a[i])
    qb = wp.normalize(b[i])
    ab[i] = qa * qb
    inv[i] = wp.quat_inverse(qa) * 2.0
    info[i, 0] = wp.length(a[i])
    info[i, 1] = wp.dot(qa, qb)
    info[i, 2] = qa.x + qa.y * 2.0 + qa.z * 3.0 + qa.w * 4.0
    info[i, 3] = qb[0] - qb[3]
    ident = wp.quat_identity()
    c = wp.quat(wp.vec3(qa.x, qa.y, qa.z), qa.w) + ident - wp.quat(0.0, 0.0, 0.0, 1.0)
    info[i, 4] = wp.length_sq(c - qa)
    nq[i] = wp.normalize(wp.quat())


@wp.kernel
def spin(rot: wp.array(dtype=wp.quat), omega: wp.array(dtype=wp.vec3), dt: float):
    # integrate an angular velocity: q += 0.5 * (w, 0) * q * dt, renormalize
    i = wp.tid()
    q = rot[i]
    w = omega[i]
    dq = wp.quat(w, 0.0) * q * (0.5 * dt)
    rot[i] = wp.normalize(q + dq)


@wp.kernel
def rpy_and_slerp(r: wp.array(dtype=wp.vec3), t: wp.array(dtype=float), out: wp.array(dtype=wp.quat),
                  m: wp.array(dtype=wp.quat)):
    i = wp.tid()
    q0 = wp.quat_rpy(r[i].x, r[i].y, r[i].z)
    q1 = wp.quat_from_axis_angle(wp.vec3(0.0, 1.0, 0.0), 0.7)
    out[i] = wp.quat_slerp(q0, q1, t[i])
    m[i] = wp.quat_from_matrix(wp.quat_to_matrix(q0))


@wp.kernel
def quat_double(a: wp.array(dtype=wp.quatd), p: wp.array(dtype=wp.vec3d), out: wp.array(dtype=wp.vec3d),
                m44: wp.array(dtype=wp.quatd)):
    i = wp.tid()
    q = wp.normalize(a[i])
    out[i] = wp.quat_rotate(q, p[i])
    R = wp.quat_to_matrix(q)
    M = wp.mat44d(R[0, 0], R[0, 1], R[0, 2], wp.float64(0.0), R[1, 0], R[1, 1], R[1, 2], wp.float64(0.0),
                  R[2, 0], R[2, 1], R[2, 2], wp.float64(0.0), wp.float64(0.0), wp.float64(0.0), wp.float64(0.0),
                  wp.float64(1.0))
    m44[i] = wp.quat_from_matrix(M) * wp.quatd(wp.float64(1.0), wp.float64(0.0), wp.float64(0.0), wp.float64(0.0))


TESTS = [
    dict(kernel="rotate_points", dim=300,
         args=dict(axis=("uniform", -1, 1), angle=("uniform", -3, 3), pts=("uniform", -2, 2)),
         outputs=["rot", "out", "back", "via_mat"], atol=1e-5, rtol=1e-4),
    dict(kernel="compose", dim=300, args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)), shapes=dict(info=(300, 5)),
         outputs=["ab", "inv", "info", "nq"], atol=1e-5, rtol=1e-4),
    dict(kernel="spin", dim=200, args=dict(rot=("uniform", -1, 1), omega=("uniform", -5, 5), dt=0.01),
         outputs=["rot"], atol=1e-5, rtol=1e-4),
    dict(kernel="rpy_and_slerp", dim=300, args=dict(r=("uniform", -3, 3), t=("uniform", 0, 1)),
         outputs=["out", "m"], atol=1e-4, rtol=1e-4),
    dict(kernel="quat_double", dim=200, args=dict(a=("uniform", -1, 1), p=("uniform", -2, 2)),
         outputs=["out", "m44"], atol=1e-12, rtol=1e-10),
]
