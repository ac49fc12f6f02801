"""Explicit heat equation on a 2D grid (5-point Laplacian, clamped
Neumann boundaries via wp.min / wp.max on indices), ping-ponged between
two array2d buffers for several steps."""
import warp as wp


@wp.func
def sample(u: wp.array2d(dtype=float), i: int, j: int):
    ii = wp.max(0, wp.min(i, u.shape[0] - 1))
    jj = wp.max(0, wp.min(j, u.shape[1] - 1))
    return u[ii, jj]


@wp.kernel
def heat_step(src: wp.array2d(dtype=float), dst: wp.array2d(dtype=float), alpha: float):
    i, j = wp.tid()
    c = src[i, j]
    lap = sample(src, i - 1, j) + sample(src, i + 1, j) + sample(src, i, j - 1) + sample(src, i, j + 1) - 4.0 * c
    dst[i, j] = c + alpha * lap


TESTS = [
    dict(name="heat_pingpong", dim=(40, 56), arrays=dict(a=("uniform", 0, 1)),
         launches=[dict(kernel="heat_step", args=dict(src="a", dst="b", alpha=0.2)),
                   dict(kernel="heat_step", args=dict(src="b", dst="a", alpha=0.2))],
         repeat=15, outputs=["a", "b"]),
]
