"""A 2-D five-point stencil: Jacobi iterations for Laplace's equation with
fixed boundary values, ping-ponging between two grids (two launches per
step, repeated)."""
import warp as wp


@wp.kernel
def jacobi(src: wp.array2d(dtype=float), dst: wp.array2d(dtype=float)):
    i, j = wp.tid()
    n = src.shape[0]
    m = src.shape[1]
    if i == 0 or j == 0 or i == n - 1 or j == m - 1:
        dst[i, j] = src[i, j]
        return
    dst[i, j] = 0.25 * (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1])


@wp.kernel
def laplacian(u: wp.array2d(dtype=float), h: float, lap: wp.array2d(dtype=float)):
    i, j = wp.tid()
    n = u.shape[0]
    m = u.shape[1]
    if i > 0 and i < n - 1 and j > 0 and j < m - 1:
        lap[i, j] = (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4.0 * u[i, j]) / (h * h)


TESTS = [
    dict(name="jacobi_pingpong", dim=(48, 64),
         arrays=dict(a=("uniform", 0, 1), b="zeros"),
         launches=[dict(kernel="jacobi", args=dict(src="a", dst="b")),
                   dict(kernel="jacobi", args=dict(src="b", dst="a"))],
         repeat=20, outputs=["a", "b"]),
    dict(kernel="laplacian", dim=(64, 64), args=dict(u=("uniform", -1, 1), h=0.1), outputs=["lap"],
         atol=1e-3),
]
