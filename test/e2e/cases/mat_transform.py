"""mat33 transforms of points: matrix * vector, transpose, determinant,
inverse, and checking M^-1 (M x) == x.

Matrices come from the ('mat_diag', lo, hi, d) fill: uniform entries plus d
on the diagonal, so they are well conditioned and inverse() is accurate.
"""
import warp as wp


@wp.kernel
def transform(m: wp.array(dtype=wp.mat33), p: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3),
              back: wp.array(dtype=wp.vec3), det: wp.array(dtype=float), tr: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    M = m[i]
    y = M * p[i]
    out[i] = y
    Minv = wp.inverse(M)
    back[i] = Minv * y
    det[i] = wp.determinant(M) * wp.determinant(Minv)
    tr[i] = wp.transpose(M) * p[i] + 2.0 * (p[i] * M)  # v * M is M^T v: 3 M^T p


@wp.kernel
def normal_matrix(m: wp.array(dtype=wp.mat33), n: wp.array(dtype=wp.mat33), d: wp.array(dtype=float)):
    i = wp.tid()
    M = m[i]
    N = wp.transpose(wp.inverse(M))
    n[i] = N
    d[i] = wp.determinant(M)


TESTS = [
    dict(kernel="transform", dim=500, args=dict(m=("mat_diag", -1, 1, 3.0), p=("uniform", -1, 1)),
         outputs=["out", "back", "det", "tr"], rtol=1e-4, atol=1e-5),
    dict(kernel="normal_matrix", dim=300, args=dict(m=("mat_diag", -1, 1, 4.0)), outputs=["n", "d"],
         rtol=1e-4, atol=1e-5),
]
