"""Naive dense matrix multiply C = alpha * A @ B + beta * C with 2-D arrays
and an inner loop, plus matrix-vector products."""
import warp as wp


@wp.kernel
def gemm(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c: wp.array2d(dtype=float),
         alpha: float, beta: float):
    i, j = wp.tid()
    s = float(0.0)
    for k in range(a.shape[1]):
        s += a[i, k] * b[k, j]
    c[i, j] = alpha * s + beta * c[i, j]


@wp.kernel
def gemv(a: wp.array2d(dtype=wp.float64), x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    s = wp.float64(0.0)
    for k in range(x.shape[0]):
        s += a[i, k] * x[k]
    y[i] = s


TESTS = [
    dict(kernel="gemm", dim=(40, 24),
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), c=("uniform", -1, 1), alpha=1.5, beta=-0.5),
         shapes=dict(a=(40, 33), b=(33, 24)), outputs=["c"], atol=1e-5),
    dict(kernel="gemv", dim=50, args=dict(a=("uniform", -1, 1), x=("uniform", -1, 1)),
         shapes=dict(a=(50, 70), x=(70,)), outputs=["y"]),
]
