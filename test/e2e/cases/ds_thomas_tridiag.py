"""Tridiagonal systems solved by the Thomas algorithm, one system per
thread, in float64: forward elimination and back substitution over rows
of 2D arrays (sub, main, super diagonals, right-hand side), as used for
implicit 1D diffusion; the scratch arrays are per-thread rows."""
import warp as wp


@wp.kernel
def thomas(a: wp.array2d(dtype=wp.float64), b: wp.array2d(dtype=wp.float64), c: wp.array2d(dtype=wp.float64),
           d: wp.array2d(dtype=wp.float64), cp: wp.array2d(dtype=wp.float64), dp: wp.array2d(dtype=wp.float64),
           x: wp.array2d(dtype=wp.float64)):
    s = wp.tid()
    n = b.shape[1]
    cp[s, 0] = c[s, 0] / b[s, 0]
    dp[s, 0] = d[s, 0] / b[s, 0]
    for i in range(1, n):
        m = b[s, i] - a[s, i] * cp[s, i - 1]
        cp[s, i] = c[s, i] / m
        dp[s, i] = (d[s, i] - a[s, i] * dp[s, i - 1]) / m
    x[s, n - 1] = dp[s, n - 1]
    for k in range(n - 1):
        i = n - 2 - k
        x[s, i] = dp[s, i] - cp[s, i] * x[s, i + 1]


TESTS = [
    dict(kernel="thomas", dim=64,
         args=dict(a=("uniform", -1, 0), b=("uniform", 2.5, 4.0), c=("uniform", -1, 0), d=("uniform", -1, 1)),
         shapes=dict(a=(64, 40), b=(64, 40), c=(64, 40), d=(64, 40), cp=(64, 40), dp=(64, 40), x=(64, 40)),
         outputs=["x"]),
]
