"""The adjoint of a scalar divided by a matrix, s / M (Warp's div(s, mat):
component-wise s / M[i, j]), for mat22, mat33, mat44 and a 2x3 matrix,
`1.0 / m` included.  warpc had no wp_adj_div_<scalar>_<mat> in its prelude,
so a differentiable kernel with s / M compiled to an object with an
undefined symbol.  The mat22 operand is also used in a product, so that its
adjoint is added to, not set (a mutant setting it survived, issue 18)."""
import warp as wp

mat23 = wp.types.matrix(shape=(2, 3), dtype=wp.float32)
mat23d = wp.types.matrix(shape=(2, 3), dtype=wp.float64)


@wp.kernel
def sdiv(s: wp.array(dtype=float), A: wp.array(dtype=wp.mat22), B: wp.array(dtype=wp.mat33),
         C: wp.array(dtype=wp.mat44), D: wp.array(dtype=mat23), P: wp.array(dtype=wp.mat22),
         Q: wp.array(dtype=wp.mat33), R: wp.array(dtype=wp.mat44), U: wp.array(dtype=mat23)):
    i = wp.tid()
    k = s[i]
    m = A[i]
    P[i] = k / m + m * k  # m's adjoint has a contribution before the division's
    Q[i] = 1.0 / B[i]
    R[i] = wp.div(k * k, C[i])
    U[i] = k / D[i]


@wp.kernel
def sdiv_f64(s: wp.array(dtype=wp.float64), A: wp.array(dtype=wp.mat22d), B: wp.array(dtype=wp.mat33d),
             C: wp.array(dtype=wp.mat44d), D: wp.array(dtype=mat23d), P: wp.array(dtype=wp.mat22d),
             Q: wp.array(dtype=wp.mat33d), R: wp.array(dtype=wp.mat44d), U: wp.array(dtype=mat23d)):
    i = wp.tid()
    k = s[i]
    m = A[i]
    P[i] = k / m + m * k  # m's adjoint has a contribution before the division's
    Q[i] = wp.float64(1.0) / B[i]
    R[i] = wp.div(k * k, C[i])
    U[i] = k / D[i]


# matrix entries away from zero (the derivative of s / x grows as 1 / x^2)
AWAY = ("choice", [-1.75, -1.25, -0.75, -0.5, 0.5, 0.625, 0.875, 1.125, 1.5, 2.0])

GRAD_TESTS = [
    dict(name="scalar_div_mat", kernel="sdiv", dim=4,
         args=dict(s=("uniform", -2, 2), A=AWAY, B=AWAY, C=AWAY, D=AWAY),
         outputs=["P", "Q", "R", "U"], inputs=["s", "A", "B", "C", "D"]),
]
