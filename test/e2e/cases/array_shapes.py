"""a.shape[k] in kernels: loops bounded by array extents, arrays whose shape
differs from the launch, 1-D to 3-D; a.ndim, a.shape[k] past ndim (0, as
Warp's shape_t), and stores and updates through chained views (a[i][j][k] =
v on a 3-d array)."""
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


@wp.kernel
def chained_store(a: wp.array3d(dtype=float), b: wp.array2d(dtype=int), info: wp.array(dtype=int)):
    i, j, k = wp.tid()
    a[i][j][k] = a[i][j][k] * 2.0 + float(a.ndim)  # stores through the views, as Warp does
    if k == 0:
        b[i][j] += i * 10 + j
    if i == 0 and j == 0 and k == 0:
        info[0] = b.ndim * 100 + b.shape[2] * 10 + a.shape[3]  # shape past ndim is 0


TESTS = [
    dict(kernel="chained_store", dim=(3, 4, 5), args=dict(a=("uniform", -1, 1), b=("int", 0, 9)),
         shapes=dict(a=(3, 4, 5), b=(3, 4), info=(1,)), outputs=["a", "b", "info"]),
    dict(kernel="row_norms", dim=30, args=dict(m=("uniform", -1, 1)), shapes=dict(m=(30, 77), dims=(3,)),
         outputs=["norms", "dims"]),
    dict(kernel="column_means", dim=(6, 11), args=dict(vol=("uniform", 0, 10)), shapes=dict(vol=(25, 6, 11)),
         outputs=["means"]),
    dict(kernel="reverse", dim=101, args=dict(src="arange"), outputs=["dst"]),
]
