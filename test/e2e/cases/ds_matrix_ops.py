"""Small dense matrices: mat22/mat33/mat44 products, transpose,
determinant, inverse (well-conditioned inputs), outer products,
matrix-vector in both orders, a constructed identity and element access, and the
float64 mat33d counterparts."""
import warp as wp


@wp.kernel
def mats(a: wp.array(dtype=wp.mat33), b: wp.array(dtype=wp.mat33), v: wp.array(dtype=wp.vec3),
         out: wp.array(dtype=wp.mat33), dets: wp.array(dtype=float), mv: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    A = a[i]
    B = b[i]
    C = A * wp.transpose(B) + wp.outer(v[i], v[i]) * 0.5 - wp.mat33(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
    out[i] = wp.inverse(A) * C
    dets[i] = wp.determinant(A) * wp.determinant(B)
    mv[i] = A * v[i] + v[i] * B + wp.vec3(C[0, 0], C[1, 1], C[2, 2])


@wp.kernel
def mats44(a: wp.array(dtype=wp.mat44), m2: wp.array(dtype=wp.mat22), out: wp.array(dtype=wp.mat44),
           out2: wp.array(dtype=wp.mat22), d: wp.array(dtype=float)):
    i = wp.tid()
    A = a[i]
    Ai = wp.inverse(A)
    out[i] = Ai * A * 2.0 - A / 4.0
    M = m2[i]
    out2[i] = wp.inverse(M) + wp.transpose(M) * M
    d[i] = wp.determinant(A) + wp.determinant(M) + A[3, 2] * M[1, 0]


@wp.kernel
def mats_double(a: wp.array(dtype=wp.mat33d), v: wp.array(dtype=wp.vec3d), x: wp.array(dtype=wp.vec3d),
                d: wp.array(dtype=wp.float64)):
    i = wp.tid()
    A = a[i]
    x[i] = wp.inverse(A) * v[i]
    d[i] = wp.determinant(A * wp.transpose(A))


TESTS = [
    dict(kernel="mats", dim=200,
         args=dict(a=("mat_diag", -0.5, 0.5, 2.0), b=("uniform", -1, 1), v=("uniform", -1, 1)),
         outputs=["out", "dets", "mv"], rtol=1e-4, atol=1e-5),
    dict(kernel="mats44", dim=200, args=dict(a=("mat_diag", -0.5, 0.5, 3.0), m2=("mat_diag", -0.5, 0.5, 2.0)),
         outputs=["out", "out2", "d"], rtol=1e-4, atol=1e-5),
    dict(kernel="mats_double", dim=200, args=dict(a=("mat_diag", -0.5, 0.5, 2.0), v=("uniform", -1, 1)),
         outputs=["x", "d"]),
]
