"""Adjoints of svd3 (tuple and out-parameter forms), svd2, qr3 and eig3
(of a symmetric matrix built in the kernel), with respect to the input
matrix, all outputs seeded.  Inputs are random matrices, whose singular
values / eigenvalues are distinct (the adjoints divide by their
differences).  `partly_used` seeds only some members of the tuples.
At repeated singular values the adjoint divides by Warp's guard
min(s_j^2 - s_i^2, -eps) with eps 1e-6: a gradient of about 1e6 whose value
hangs on the last bits of sigma, so it is not compared.  The decompositions are iterative in float32, so warp-lang's
gradients are matched within rtol 1e-3 / atol 1e-4 (the finite differences
of the float64 twin keep the usual tight check)."""
import warp as wp


@wp.kernel
def dec(op: int, a: wp.array(dtype=wp.mat33), b: wp.array(dtype=wp.mat22), u: wp.array(dtype=wp.mat33),
        s: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.mat33), u2: wp.array(dtype=wp.mat22),
        s2: wp.array(dtype=wp.vec2), v2: wp.array(dtype=wp.mat22)):
    i = wp.tid()
    x = a[i]
    if op == 0:
        U, sigma, V = wp.svd3(x)
        u[i] = U
        s[i] = sigma
        v[i] = V
    elif op == 1:
        U = wp.mat33()
        sigma = wp.vec3()
        V = wp.mat33()
        wp.svd3(x * 2.0, U, sigma, V)
        u[i] = U
        s[i] = sigma
        v[i] = V
    elif op == 2:
        Q, R = wp.qr3(x)
        u[i] = Q
        v[i] = R
    elif op == 3:
        Q, d = wp.eig3(x + wp.transpose(x))
        u[i] = Q
        s[i] = d
    elif op == 4:
        U2, S2, V2 = wp.svd2(b[i])
        u2[i] = U2
        s2[i] = S2
        v2[i] = V2
    elif op == 5:
        U, sigma, V = wp.svd3(x)
        s[i] = sigma
        Q, d = wp.eig3(x * wp.transpose(x))
        v[i] = Q
    elif op == 5:
        U, sigma, V = wp.svd3(x)
        s[i] = sigma
        Q, d = wp.eig3(x * wp.transpose(x))
        v[i] = Q


@wp.kernel
def dec_f64(op: int, a: wp.array(dtype=wp.mat33d), b: wp.array(dtype=wp.mat22d), u: wp.array(dtype=wp.mat33d),
            s: wp.array(dtype=wp.vec3d), v: wp.array(dtype=wp.mat33d), u2: wp.array(dtype=wp.mat22d),
            s2: wp.array(dtype=wp.vec2d), v2: wp.array(dtype=wp.mat22d)):
    i = wp.tid()
    x = a[i]
    if op == 0:
        U, sigma, V = wp.svd3(x)
        u[i] = U
        s[i] = sigma
        v[i] = V
    elif op == 1:
        U = wp.mat33d()
        sigma = wp.vec3d()
        V = wp.mat33d()
        wp.svd3(x * wp.float64(2.0), U, sigma, V)
        u[i] = U
        s[i] = sigma
        v[i] = V
    elif op == 2:
        Q, R = wp.qr3(x)
        u[i] = Q
        v[i] = R
    elif op == 3:
        Q, d = wp.eig3(x + wp.transpose(x))
        u[i] = Q
        s[i] = d
    elif op == 4:
        U2, S2, V2 = wp.svd2(b[i])
        u2[i] = U2
        s2[i] = S2
        v2[i] = V2
    elif op == 5:
        U, sigma, V = wp.svd3(x)
        s[i] = sigma
        Q, d = wp.eig3(x * wp.transpose(x))
        v[i] = Q
    elif op == 5:
        U, sigma, V = wp.svd3(x)
        s[i] = sigma
        Q, d = wp.eig3(x * wp.transpose(x))
        v[i] = Q


def T(name, op, inputs, **kw):
    return dict(name=name, kernel="dec", dim=3, args=dict(op=op, a=("uniform", -2, 2), b=("uniform", -2, 2)),
                outputs=["u", "s", "v", "u2", "s2", "v2"], inputs=inputs, rtol=1e-3, atol=1e-4, **kw)


GRAD_TESTS = [
    T("svd3", 0, ["a"]),
    T("svd3_out_params", 1, ["a"]),
    T("qr3", 2, ["a"]),
    T("eig3", 3, ["a"]),
    T("svd2", 4, ["b"]),
    T("partly_used", 5, ["a"]),
]
