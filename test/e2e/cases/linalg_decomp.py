"""svd3, svd2, qr3 and eig3 (tuple-returning and out-parameter forms) on
float32 and float64 matrices, compared with warp-lang's results (same sign
and ordering conventions: McAdams et al.'s SVD with a fixed number of Jacobi
sweeps, Givens QR with a non-negative diagonal but the last entry).  The
decompositions iterate a fixed number of approximate rotations, so the
float32 tolerance is that of the algorithm's accuracy rather than of one
rounding: rtol 1e-4, atol 5e-5 for the 3x3 decompositions (observed: about
2e-6 absolute on U, sigma, V); float64 and svd2 (closed form) are compared
tightly.  Where a singular value or eigenvalue repeats with a rotated
subspace, the basis of that subspace is not unique (it comes from the
rounding of the sweeps), so those inputs compare only invariants."""
import warp as wp


@wp.kernel
def svd3_k(a: wp.array(dtype=wp.mat33), u: wp.array(dtype=wp.mat33), s: wp.array(dtype=wp.vec3),
           v: wp.array(dtype=wp.mat33), r: wp.array(dtype=wp.mat33)):
    i = wp.tid()
    U, sigma, V = wp.svd3(a[i])
    u[i] = U
    s[i] = sigma
    v[i] = V
    U2 = wp.mat33()
    s2 = wp.vec3()
    V2 = wp.mat33()
    wp.svd3(a[i] * 2.0, U2, s2, V2)
    r[i] = U2 * wp.diag(s2) * wp.transpose(V2)


@wp.kernel
def qr_eig(a: wp.array(dtype=wp.mat33), q: wp.array(dtype=wp.mat33), rr: wp.array(dtype=wp.mat33),
           e: wp.array(dtype=wp.mat33), d: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    Q, R = wp.qr3(a[i])
    q[i] = Q
    rr[i] = R
    m = a[i] + wp.transpose(a[i])
    E, ev = wp.eig3(m)
    e[i] = E
    d[i] = ev
    Q2 = wp.mat33()
    d2 = wp.vec3()
    wp.eig3(m, Q2, d2)
    d[i] = d[i] + d2 * 0.0


@wp.kernel
def svd2_k(a: wp.array(dtype=wp.mat22), u: wp.array(dtype=wp.mat22), s: wp.array(dtype=wp.vec2),
           v: wp.array(dtype=wp.mat22)):
    i = wp.tid()
    U = wp.mat22()
    sigma = wp.vec2()
    V = wp.mat22()
    wp.svd2(a[i], U, sigma, V)
    u[i] = U
    s[i] = sigma
    v[i] = V


@wp.kernel
def decomp64(a: wp.array(dtype=wp.mat33d), u: wp.array(dtype=wp.mat33d), s: wp.array(dtype=wp.vec3d),
             v: wp.array(dtype=wp.mat33d), q: wp.array(dtype=wp.mat33d), rr: wp.array(dtype=wp.mat33d),
             b: wp.array(dtype=wp.mat22d), u2: wp.array(dtype=wp.mat22d), s2: wp.array(dtype=wp.vec2d)):
    i = wp.tid()
    U, sigma, V = wp.svd3(a[i])
    u[i] = U
    s[i] = sigma
    v[i] = V
    Q, R = wp.qr3(A=a[i])
    q[i] = Q
    rr[i] = R
    U2, S2, V2 = wp.svd2(b[i])
    u2[i] = U2
    s2[i] = S2


@wp.kernel
def invariants(a: wp.array(dtype=wp.mat33), s: wp.array(dtype=wp.vec3), r: wp.array2d(dtype=wp.mat33),
               f: wp.array2d(dtype=float)):
    # what does not depend on the basis chosen inside a repeated singular
    # value's (eigenvalue's) subspace
    i = wp.tid()
    U, sigma, V = wp.svd3(a[i])
    s[i] = sigma
    r[i, 0] = U * wp.diag(sigma) * wp.transpose(V)
    r[i, 1] = wp.transpose(U) * U
    r[i, 2] = wp.transpose(V) * V
    m = a[i] + wp.transpose(a[i])
    Q, d = wp.eig3(m)
    r[i, 3] = Q * wp.diag(d) * wp.transpose(Q)
    r[i, 4] = wp.transpose(Q) * Q
    f[i, 0] = wp.determinant(U)
    f[i, 1] = wp.determinant(V)
    f[i, 2] = d[0] + d[1] + d[2]
    f[i, 3] = d[0] * d[1] * d[2]


# special matrices: identity, zero, diagonal in either order, negative
# determinant, three equal singular values, a rotation, a shear: their
# decompositions are unique (up to the conventions), compared as they are
SPECIAL = [
    [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    [[0, 0, 0], [0, 0, 0], [0, 0, 0]],
    [[3, 0, 0], [0, 2, 0], [0, 0, 1]],
    [[1, 0, 0], [0, 2, 0], [0, 0, 3]],
    [[-1, 0, 0], [0, 2, 0], [0, 0, 3]],
    [[2, 0, 0], [0, 2, 0], [0, 0, -2]],
    [[0.36, 0.48, -0.8], [-0.8, 0.6, 0], [0.48, 0.64, 0.6]],
    [[1, 1, 0], [0, 1, 1], [0, 0, 1]],
]
# (the rotation's symmetric part has a double eigenvalue: not in the eig3 test)
# repeated singular values / eigenvalues with a rotated subspace (rank one,
# a permutation, whose symmetric part has a double eigenvalue): the basis
# of that subspace is whatever the Jacobi sweeps' rounding leaves, in
# warp-lang as here, so only the invariants are compared
DEGENERATE = [
    [[1, 2, 3], [2, 4, 6], [3, 6, 9]],
    [[0, 1, 0], [0, 0, 1], [1, 0, 0]],
    [[1, 2, 3], [-2, 1, 0.5], [0, 0, 0]],
    [[1, 0, 0], [0, 0.6, 0.8], [0, -0.8, 0.6]],
    [[2, 0, 0], [0, 2, 0], [0, 0, 1]],
]
SPECIAL2 = [[[1, 0], [0, 1]], [[0, 0], [0, 0]], [[1, 0], [0, 2]], [[0, 1], [1, 0]], [[1, 2], [2, 4]],
            [[-1, 0], [0, 1]], [[3, -4], [4, 3]], [[0, 0], [1, 0]], [[2, 1], [1, 2]], [[1, 1], [0, 1]]]

TESTS = [
    dict(kernel="svd3_k", dim=200, args=dict(a=("uniform", -2, 2)), outputs=["u", "s", "v", "r"], rtol=1e-4, atol=5e-5),
    dict(kernel="qr_eig", dim=200, args=dict(a=("uniform", -2, 2)), outputs=["q", "rr", "e", "d"], rtol=1e-4, atol=5e-5),
    dict(kernel="invariants", dim=200, args=dict(a=("uniform", -2, 2)), shapes=dict(r=(200, 5), f=(200, 4)),
         outputs=["s", "r", "f"], rtol=1e-4, atol=5e-5),
    dict(name="invariants_degenerate", kernel="invariants", dim=5, args=dict(a=DEGENERATE),
         shapes=dict(r=(5, 5), f=(5, 4)), outputs=["s", "r", "f"], rtol=1e-4, atol=5e-5),
    dict(name="svd3_special", kernel="svd3_k", dim=8, args=dict(a=SPECIAL), outputs=["u", "s", "v", "r"], rtol=1e-4,
         atol=5e-5),
    dict(name="qr_eig_special", kernel="qr_eig", dim=7, args=dict(a=SPECIAL[:6] + SPECIAL[7:]), outputs=["q", "rr", "e", "d"],
         rtol=1e-4, atol=5e-5),
    dict(name="svd2_special", kernel="svd2_k", dim=10, args=dict(a=SPECIAL2), outputs=["u", "s", "v"], rtol=1e-5,
         atol=1e-5),
    dict(kernel="svd2_k", dim=200, args=dict(a=("uniform", -2, 2)), outputs=["u", "s", "v"], rtol=1e-5, atol=1e-5),
    dict(kernel="decomp64", dim=100, args=dict(a=("uniform", -2, 2), b=("uniform", -2, 2)),
         outputs=["u", "s", "v", "q", "rr", "u2", "s2"], rtol=1e-9, atol=1e-9),
]
