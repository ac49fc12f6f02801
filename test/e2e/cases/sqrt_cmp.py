# Comparisons of a square root (`wp.length(v) - a <= c`, `wp.sqrt(s) < h`,
# >, >=, float32 and float64), which warpc's CPU kernels test by a
# threshold on the square (lib/emit/emit_sqrt_cmp.c), against warp-lang:
# counts and order-sensitive sums over all pairs, with a and c that change
# from thread to thread and inside the loop (the threshold found again),
# points on an integer grid (distances that are exactly on the bound:
# sqrt(4) = 2), negative and NaN operands of wp.sqrt, infinite bounds.
import warp as wp


@wp.kernel
def pairs(pts: wp.array(dtype=wp.vec3), a: wp.array(dtype=float), c: wp.array(dtype=float),
          le: wp.array(dtype=int), lt: wp.array(dtype=int), gt: wp.array(dtype=int), ge: wp.array(dtype=int),
          acc: wp.array(dtype=float)):
    t = wp.tid()
    n = pts.shape[0]
    p = pts[t]
    s = float(0.0)
    for j in range(n):
        d = wp.length(p - pts[j])
        if d - a[t] <= c[t]:
            le[t] += 1
            s = s * 0.5 + d
        if wp.sqrt(wp.dot(p - pts[j], p - pts[j])) < c[j]:
            lt[t] += 1
        if d - a[j] > c[t]:
            gt[t] += 1
        if wp.sqrt(wp.length_sq(p - pts[j])) - a[t] >= c[j]:
            ge[t] += 1
    acc[t] = s


@wp.kernel
def scalars(x: wp.array(dtype=float), a: wp.array(dtype=float), c: wp.array(dtype=float),
            out: wp.array(dtype=int)):
    t = wp.tid()
    n = x.shape[0]
    k = int(0)
    for j in range(n):
        # wp.sqrt of negative values and NaN: NaN, so every test fails
        if wp.sqrt(x[j]) - a[t] < c[t]:
            k += 1
        if wp.sqrt(x[j]) >= c[t]:
            k += 100
        if wp.sqrt(x[j]) - a[t] > c[t]:
            k += 10000
    out[t] = k


@wp.kernel
def pairs_d(pts: wp.array(dtype=wp.vec3d), a: wp.array(dtype=wp.float64), c: wp.array(dtype=wp.float64),
            le: wp.array(dtype=int), gt: wp.array(dtype=int)):
    t = wp.tid()
    n = pts.shape[0]
    p = pts[t]
    for j in range(n):
        d = wp.length(p - pts[j])
        if d - a[t] <= c[t]:
            le[t] += 1
        if wp.sqrt(wp.dot(p - pts[j], p - pts[j])) > c[j]:
            gt[t] += 1


N = 64
_OUT = ["le", "lt", "gt", "ge", "acc"]
TESTS = [
    dict(name="uniform", kernel="pairs", dim=N,
         args=dict(pts=("uniform", -1.0, 1.0), a=("uniform", 0.0, 0.5), c=("uniform", -0.2, 1.0)),
         outputs=_OUT),
    # integer points and bounds: distances sqrt(k) fall exactly on 1, 2, 3
    dict(name="on_bound", kernel="pairs", dim=N,
         args=dict(pts=("int", -2, 3), a=("int", 0, 2), c=("int", 0, 3)),
         outputs=_OUT),
    dict(name="scalars", kernel="scalars", dim=N,
         args=dict(x=("uniform", -2.0, 6.0), a=("uniform", -1.0, 1.0), c=("uniform", -1.0, 2.5)),
         outputs=["out"]),
    dict(name="nan_inf", dim=4,
         arrays=dict(x=("values", [float("nan"), float("inf"), 4.0, -1.0]),
                     a=("values", [0.0, float("inf"), float("nan"), -float("inf")]),
                     c=("values", [2.0, -float("inf"), 1.0, float("inf")])),
         launches=[dict(kernel="scalars")],
         outputs=["out"]),
    dict(name="float64", kernel="pairs_d", dim=N,
         args=dict(pts=("int", -2, 3), a=("int", 0, 2), c=("int", 0, 3)),
         outputs=["le", "gt"]),
]
