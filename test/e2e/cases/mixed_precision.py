"""Mixed precision: float32 data, float64 accumulation and intermediate math."""
import warp as wp


@wp.kernel
def row_sums(a: wp.array2d(dtype=float), sums32: wp.array(dtype=float), sums64: wp.array(dtype=wp.float64),
             mean: wp.array(dtype=float)):
    i = wp.tid()
    n = a.shape[1]
    s32 = float(0.0)
    s64 = wp.float64(0.0)
    for j in range(n):
        s32 += a[i, j]
        s64 += wp.float64(a[i, j])
    sums32[i] = s32
    sums64[i] = s64
    mean[i] = float(s64 / wp.float64(n))


@wp.kernel
def variance(a: wp.array2d(dtype=float), var: wp.array(dtype=wp.float64)):
    i = wp.tid()
    n = a.shape[1]
    s = wp.float64(0.0)
    ss = wp.float64(0.0)
    for j in range(n):
        v = wp.float64(a[i, j])
        s = s + v
        ss = ss + v * v
    m = s / wp.float64(n)
    var[i] = ss / wp.float64(n) - m * m


TESTS = [
    dict(kernel="row_sums", dim=64, args=dict(a=("uniform", -1, 1)), shapes=dict(a=(64, 200)),
         outputs=["sums32", "sums64", "mean"], tol=dict(sums32=(1e-5, 1e-5))),
    dict(kernel="variance", dim=64, args=dict(a=("normal", 3.0, 2.0)), shapes=dict(a=(64, 500)),
         outputs=["var"]),
]
