"""Matrix operations on mat22 / mat33 / mat44: constructors from scalars and
fill values, m[i, j], m[i][j], m[i] (a row vector), element and row
assignment, + - scalar *, matrix * matrix, wp.mul, outer, transpose,
determinant and inverse of 2x2 and 4x4 matrices."""
import warp as wp


@wp.kernel
def mat22_ops(a: wp.array(dtype=wp.mat22), b: wp.array(dtype=wp.mat22), out: wp.array(dtype=wp.mat22),
              vals: wp.array2d(dtype=float)):
    i = wp.tid()
    A = a[i]
    B = b[i]
    C = A * B + 2.0 * A - B * 0.5
    C[0, 1] = C[0, 1] + 1.0
    C[1] = C[1] * 2.0
    out[i] = C
    vals[i, 0] = A[0, 0] * B[1, 1] - A[1][0]
    vals[i, 1] = wp.determinant(A)
    vals[i, 2] = wp.inverse(A + wp.mat22(3.0, 0.0, 0.0, 3.0))[1, 0]
    r = A[1]
    vals[i, 3] = r[0] + r.y


@wp.kernel
def mat44_ops(a: wp.array(dtype=wp.mat44), v: wp.array(dtype=wp.vec4), out: wp.array(dtype=wp.vec4),
              prod: wp.array(dtype=wp.mat44), d: wp.array(dtype=float)):
    i = wp.tid()
    A = a[i]
    out[i] = wp.mul(A, v[i]) + wp.transpose(A) * v[i]
    prod[i] = wp.mul(A, wp.inverse(A)) + wp.outer(v[i], v[i])
    d[i] = wp.determinant(A)


@wp.kernel
def mat33_build(u: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.mat33)):
    i = wp.tid()
    x = u[i]
    skew = wp.mat33(0.0, -x[2], x[1],
                    x[2], 0.0, -x[0],
                    -x[1], x[0], 0.0)
    eye = wp.mat33(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
    m = eye + skew + skew * skew * 0.5 + wp.mat33(0.25) - wp.mat33()
    m[2] = wp.vec3(m[2, 0], float(i), m[0, 2])
    out[i] = m - wp.outer(x, x)


TESTS = [
    dict(kernel="mat22_ops", dim=300, args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)),
         shapes=dict(vals=(300, 4)), outputs=["out", "vals"], rtol=1e-4, atol=1e-5),
    dict(kernel="mat44_ops", dim=200, args=dict(a=("mat_diag", -1, 1, 5.0), v=("uniform", -1, 1)),
         outputs=["out", "prod", "d"], rtol=1e-4, atol=1e-5),
    dict(kernel="mat33_build", dim=200, args=dict(u=("uniform", -1, 1)), outputs=["out"]),
]
