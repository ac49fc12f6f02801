"""Small dense solves in registers: Doolittle LU factorization of a
mat44 without pivoting (diagonally dominant inputs) written with
element reads and writes M[i, j] = ... on a local matrix, then forward
and back substitution into a vec4, compared with inverse(A) * b."""
import warp as wp


@wp.kernel
def lu_solve(A: wp.array(dtype=wp.mat44), b: wp.array(dtype=wp.vec4), x: wp.array(dtype=wp.vec4),
             x_ref: wp.array(dtype=wp.vec4), LU: wp.array(dtype=wp.mat44)):
    t = wp.tid()
    M = A[t]
    for k in range(4):
        for i in range(k + 1, 4):
            M[i, k] = M[i, k] / M[k, k]
            for j in range(k + 1, 4):
                M[i, j] = M[i, j] - M[i, k] * M[k, j]
    LU[t] = M
    y = wp.vec4()
    for i in range(4):
        s = b[t][i]
        for j in range(i):
            s -= M[i, j] * y[j]
        y[i] = s
    z = wp.vec4()
    for k in range(4):
        i = 3 - k
        s = y[i]
        for j in range(i + 1, 4):
            s -= M[i, j] * z[j]
        z[i] = s / M[i, i]
    x[t] = z
    x_ref[t] = wp.inverse(A[t]) * b[t]


TESTS = [
    dict(kernel="lu_solve", dim=300, args=dict(A=("mat_diag", -1, 1, 5.0), b=("uniform", -1, 1)),
         outputs=["x", "x_ref", "LU"], rtol=1e-5, atol=1e-6),
]
