"""Dense matrix multiply C = alpha A B + beta C with one thread per
output element over 2D float64 arrays, a transposed variant A^T B, and
a float32 batched version over a 3D array (batch, row, col)."""
import warp as wp


@wp.kernel
def gemm(a: wp.array2d(dtype=wp.float64), b: wp.array2d(dtype=wp.float64), c: wp.array2d(dtype=wp.float64),
         alpha: wp.float64, beta: wp.float64):
    i, j = wp.tid()
    s = wp.float64(0.0)
    for k in range(a.shape[1]):
        s += a[i, k] * b[k, j]
    c[i, j] = alpha * s + beta * c[i, j]


@wp.kernel
def gemm_tn(a: wp.array2d(dtype=wp.float64), b: wp.array2d(dtype=wp.float64), c: wp.array2d(dtype=wp.float64)):
    i, j = wp.tid()
    s = wp.float64(0.0)
    for k in range(a.shape[0]):
        s += a[k, i] * b[k, j]
    c[i, j] = s


@wp.kernel
def bmm(a: wp.array3d(dtype=float), b: wp.array3d(dtype=float), c: wp.array3d(dtype=float)):
    n, i, j = wp.tid()
    s = float(0.0)
    for k in range(a.shape[2]):
        s += a[n, i, k] * b[n, k, j]
    c[n, i, j] = s


TESTS = [
    dict(kernel="gemm", dim=(24, 20),
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), c=("uniform", -1, 1), alpha=1.5, beta=-0.5),
         shapes=dict(a=(24, 30), b=(30, 20)), outputs=["c"]),
    dict(kernel="gemm_tn", dim=(16, 12), args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)),
         shapes=dict(a=(40, 16), b=(40, 12)), outputs=["c"]),
    dict(kernel="bmm", dim=(8, 10, 6), args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)),
         shapes=dict(a=(8, 10, 7), b=(8, 7, 6)), outputs=["c"], rtol=1e-5, atol=1e-5),
]
