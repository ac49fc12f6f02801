"""A three-dimensional launch over a voxel grid: a 3-D tid, 3-D arrays, a
6-neighbour average with clamped borders."""
import warp as wp


@wp.kernel
def smooth3d(src: wp.array3d(dtype=float), dst: wp.array3d(dtype=float), ids: wp.array3d(dtype=int)):
    i, j, k = wp.tid()
    ni = src.shape[0]
    nj = src.shape[1]
    nk = src.shape[2]
    s = src[i, j, k]
    s += src[wp.max(i - 1, 0), j, k] + src[wp.min(i + 1, ni - 1), j, k]
    s += src[i, wp.max(j - 1, 0), k] + src[i, wp.min(j + 1, nj - 1), k]
    s += src[i, j, wp.max(k - 1, 0)] + src[i, j, wp.min(k + 1, nk - 1)]
    dst[i, j, k] = s / 7.0
    ids[i, j, k] = (i * nj + j) * nk + k


TESTS = [
    dict(kernel="smooth3d", dim=(12, 9, 17), args=dict(src=("uniform", 0, 1)), outputs=["dst", "ids"]),
]
