"""Dominant eigenpair of symmetric 3x3 matrices (A = B + B^T) by power
iteration on a shifted matrix with normalize, the Rayleigh quotient,
and the residual |A v - lambda v|; plus Gram-Schmidt orthonormalization
of three vectors into a rotation-like matrix with R^T R reported."""
import warp as wp


@wp.kernel
def power_iter(B: wp.array(dtype=wp.mat33), iters: int, lam: wp.array(dtype=float), vec: wp.array(dtype=wp.vec3),
               res: wp.array(dtype=float)):
    i = wp.tid()
    A = B[i] + wp.transpose(B[i])
    S = A + wp.mat33(10.0, 0.0, 0.0, 0.0, 10.0, 0.0, 0.0, 0.0, 10.0)
    v = wp.normalize(wp.vec3(1.0, 0.7, 0.3))
    for _ in range(iters):
        v = wp.normalize(S * v)
    l = wp.dot(v, A * v)
    lam[i] = l
    vec[i] = v
    res[i] = wp.length(A * v - v * l)


@wp.kernel
def gram_schmidt(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.vec3), c: wp.array(dtype=wp.vec3),
                 R: wp.array(dtype=wp.mat33), RtR: wp.array(dtype=wp.mat33)):
    i = wp.tid()
    e1 = wp.normalize(a[i])
    u2 = b[i] - e1 * wp.dot(b[i], e1)
    e2 = wp.normalize(u2)
    u3 = c[i] - e1 * wp.dot(c[i], e1) - e2 * wp.dot(c[i], e2)
    e3 = wp.normalize(u3)
    M = wp.mat33(e1[0], e1[1], e1[2], e2[0], e2[1], e2[2], e3[0], e3[1], e3[2])
    R[i] = M
    RtR[i] = wp.transpose(M) * M


TESTS = [
    dict(kernel="power_iter", dim=300, args=dict(B=("uniform", -1, 1), iters=60), outputs=["lam", "vec", "res"],
         rtol=1e-4, atol=1e-4,
         note="power iteration converges slowly for close eigenvalues: vec differs by float32 rounding x iters"),
    dict(kernel="gram_schmidt", dim=300, args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), c=("uniform", -1, 1)),
         outputs=["R", "RtR"], rtol=1e-4, atol=1e-5),
]
