"""a.shape[k] in kernels: loops bounded by array extents, arrays whose shape
differs from the launch, 1-D to 3-D."""
import warp as wp


@wp.kernel
def row_norms(m: wp.array2d(dtype=float), norms: wp.array(dtype=float), dims: wp.array(dtype=int)):
    i = wp.tid()
    s = float(0.0)
    for j in range(m.shape[1]):
        s += m[i, j] * m[i, j]
    norms[i] = wp.sqrt(s)
    if i == 0:
        dims[0] = m.shape[0]
        dims[1] = m.shape[1]
        dims[2] = norms.shape[0]


@wp.kernel
def column_means(vol: wp.array3d(dtype=float), means: wp.array2d(dtype=float)):
    j, k = wp.tid()
    s = float(0.0)
    n = vol.shape[0]
    for i in range(n):
        s += vol[i, j, k]
    means[j, k] = s / float(n)


@wp.kernel
def reverse(src: wp.array(dtype=int), dst: wp.array(dtype=int)):
    i = wp.tid()
    dst[dst.shape[0] - 1 - i] = src[i]


TESTS = [
    dict(kernel="row_norms", dim=30, args=dict(m=("uniform", -1, 1)), shapes=dict(m=(30, 77), dims=(3,)),
         outputs=["norms", "dims"]),
    dict(kernel="column_means", dim=(6, 11), args=dict(vol=("uniform", 0, 10)), shapes=dict(vol=(25, 6, 11)),
         outputs=["means"]),
    dict(kernel="reverse", dim=101, args=dict(src="arange"), outputs=["dst"]),
]
