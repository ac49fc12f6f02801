"""Sequential per-row scans: inclusive prefix sums of floats and ints and a
running maximum, each thread owning one row of a 2-D array."""
import warp as wp


@wp.kernel
def row_scan(x: wp.array2d(dtype=float), s: wp.array2d(dtype=float), m: wp.array2d(dtype=float)):
    r = wp.tid()
    acc = float(0.0)
    best = x[r, 0]
    for j in range(x.shape[1]):
        acc = acc + x[r, j]
        best = wp.max(best, x[r, j])
        s[r, j] = acc
        m[r, j] = best


@wp.kernel
def int_scan(x: wp.array2d(dtype=int), s: wp.array2d(dtype=int)):
    r = wp.tid()
    acc = int(0)
    j = int(0)
    n = x.shape[1]
    while j < n:
        acc += x[r, j]
        s[r, j] = acc
        j += 1


TESTS = [
    dict(kernel="row_scan", dim=40, args=dict(x=("uniform", -1, 1)), shapes=dict(x=(40, 100), s=(40, 100), m=(40, 100)),
         outputs=["s", "m"], atol=1e-5),
    dict(kernel="int_scan", dim=40, args=dict(x=("int", -1000, 1000)), shapes=dict(x=(40, 100), s=(40, 100)),
         outputs=["s"]),
]
