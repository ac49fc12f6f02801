"""Chains of float64 matrix products: mat44d model-view-projection
assembled from translation/scale/rotation matrices, mat22d and mat33d
inverses and determinants, and the accumulated product of a sequence
of small mat33d rotations kept orthonormal (R^T R close to I)."""
import warp as wp


@wp.kernel
def mvp(s: wp.array(dtype=wp.vec3d), tr: wp.array(dtype=wp.vec3d), ang: wp.array(dtype=wp.float64),
        out: wp.array(dtype=wp.mat44d), det: wp.array(dtype=wp.float64), inv2: wp.array(dtype=wp.mat22d)):
    i = wp.tid()
    one = wp.float64(1.0)
    zero = wp.float64(0.0)
    c = wp.cos(ang[i])
    sn = wp.sin(ang[i])
    S = wp.mat44d(s[i][0], zero, zero, zero, zero, s[i][1], zero, zero, zero, zero, s[i][2], zero, zero, zero, zero, one)
    R = wp.mat44d(c, -sn, zero, zero, sn, c, zero, zero, zero, zero, one, zero, zero, zero, zero, one)
    T = wp.mat44d(one, zero, zero, tr[i][0], zero, one, zero, tr[i][1], zero, zero, one, tr[i][2], zero, zero, zero, one)
    M = T * R * S
    out[i] = wp.inverse(M) * wp.transpose(M)
    det[i] = wp.determinant(M)
    m2 = wp.mat22d(c + wp.float64(2.0), sn, -sn, c + wp.float64(2.0))
    inv2[i] = wp.inverse(m2) * wp.determinant(m2)


@wp.kernel
def rot_accumulate(ang: wp.array2d(dtype=wp.float64), R_out: wp.array(dtype=wp.mat33d), err: wp.array(dtype=wp.float64)):
    i = wp.tid()
    R = wp.mat33d(wp.float64(1.0), wp.float64(0.0), wp.float64(0.0), wp.float64(0.0), wp.float64(1.0), wp.float64(0.0),
                  wp.float64(0.0), wp.float64(0.0), wp.float64(1.0))
    for k in range(ang.shape[1]):
        a = ang[i, k]
        c = wp.cos(a)
        s = wp.sin(a)
        if k % 2 == 0:
            R = R * wp.mat33d(c, -s, wp.float64(0.0), s, c, wp.float64(0.0), wp.float64(0.0), wp.float64(0.0),
                              wp.float64(1.0))
        else:
            R = wp.mat33d(wp.float64(1.0), wp.float64(0.0), wp.float64(0.0), wp.float64(0.0), c, -s, wp.float64(0.0), s,
                          c) * R
    R_out[i] = R
    E = wp.transpose(R) * R
    err[i] = wp.abs(E[0, 0] - wp.float64(1.0)) + wp.abs(E[0, 1]) + wp.abs(wp.determinant(R) - wp.float64(1.0))


TESTS = [
    dict(kernel="mvp", dim=200, args=dict(s=("uniform", 0.5, 2), tr=("uniform", -5, 5), ang=("uniform", -3, 3)),
         outputs=["out", "det", "inv2"], rtol=1e-9, atol=1e-12),
    dict(kernel="rot_accumulate", dim=100, args=dict(ang=("uniform", -1, 1)), shapes=dict(ang=(100, 30)),
         outputs=["R_out", "err"], rtol=1e-9, atol=1e-13),
]
