"""Neo-Hookean tetrahedra: deformation gradient F from mat33 edge
matrices and the inverse rest matrix, J = det F, the invariant tr(F^T
F), energy mu/2 (I_c - 3) - mu log J + lambda/2 (log J)^2 and the first
Piola stress P = mu (F - F^-T) + lambda log(J) F^-T."""
import warp as wp


@wp.func
def edge_matrix(a: wp.vec3, b: wp.vec3, c: wp.vec3, d: wp.vec3):
    e1 = b - a
    e2 = c - a
    e3 = d - a
    return wp.mat33(e1[0], e2[0], e3[0], e1[1], e2[1], e3[1], e1[2], e2[2], e3[2])


@wp.kernel
def neo_hookean(rest: wp.array(dtype=wp.vec3), disp: wp.array(dtype=wp.vec3), mu: float, lam: float,
                psi: wp.array(dtype=float), P_out: wp.array(dtype=wp.mat33), J_out: wp.array(dtype=float)):
    t = wp.tid()
    a = rest[4 * t]
    b = rest[4 * t + 1]
    c = rest[4 * t + 2]
    d = rest[4 * t + 3]
    Dm = edge_matrix(a, b, c, d)
    Ds = edge_matrix(a + disp[4 * t], b + disp[4 * t + 1], c + disp[4 * t + 2], d + disp[4 * t + 3])
    F = Ds * wp.inverse(Dm)
    J = wp.determinant(F)
    Ic = (wp.length_sq(wp.vec3(F[0, 0], F[1, 0], F[2, 0]))
                                                         + wp.length_sq(wp.vec3(F[0, 1], F[1, 1], F[2, 1]))
                                                         + wp.length_sq(wp.vec3(F[0, 2], F[1, 2], F[2, 2])))
    logJ = wp.log(J)
    psi[t] = 0.5 * mu * (Ic - 3.0) - mu * logJ + 0.5 * lam * logJ * logJ
    FinvT = wp.transpose(wp.inverse(F))
    P_out[t] = (F - FinvT) * mu + FinvT * (lam * logJ)
    J_out[t] = J


REST = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] * 100
TESTS = [
    dict(kernel="neo_hookean", dim=100, args=dict(rest=REST, disp=("uniform", -0.1, 0.1), mu=3.0, lam=10.0),
         shapes=dict(rest=(400,), disp=(400,)), outputs=["psi", "P_out", "J_out"], rtol=1e-4, atol=1e-5),
]
