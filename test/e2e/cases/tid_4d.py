"""A four-dimensional launch with 4-D arrays (the maximum Warp supports)."""
import warp as wp


@wp.kernel
def fill4d(a: wp.array4d(dtype=float), b: wp.array(dtype=float, ndim=4), c: wp.array4d(dtype=int)):
    i, j, k, l = wp.tid()
    b[i, j, k, l] = a[i, j, k, l] * float(l + 1) - float(i * j) + a[a.shape[0] - 1 - i, j, k, l]
    c[i, j, k, l] = i * 1000 + j * 100 + k * 10 + l


@wp.kernel
def sum_last_axis(a: wp.array4d(dtype=float), out: wp.array3d(dtype=float)):
    i, j, k = wp.tid()
    s = float(0.0)
    for l in range(a.shape[3]):
        s += a[i, j, k, l]
    out[i, j, k] = s


TESTS = [
    dict(kernel="fill4d", dim=(3, 4, 5, 6), args=dict(a=("uniform", -1, 1)), outputs=["b", "c"]),
    dict(kernel="sum_last_axis", dim=(4, 3, 2), args=dict(a=("uniform", -1, 1)), shapes=dict(a=(4, 3, 2, 7)),
         outputs=["out"]),
]
