"""City-block distance transform of a binary grid by repeated relaxation
(each launch takes the min over the 4 neighbours + 1), run until
stable for the grid size, with int32 distances and wp.min; plus the
exact 1D squared distance to the nearest seed along rows."""
import warp as wp

FAR = 1000000


@wp.kernel
def init(seed: wp.array2d(dtype=wp.uint8), d: wp.array2d(dtype=int)):
    i, j = wp.tid()
    d[i, j] = wp.where(seed[i, j] != wp.uint8(0), 0, FAR)


@wp.kernel
def relax(src: wp.array2d(dtype=int), dst: wp.array2d(dtype=int)):
    i, j = wp.tid()
    n = src.shape[0]
    m = src.shape[1]
    v = src[i, j]
    if i > 0:
        v = wp.min(v, src[i - 1, j] + 1)
    if i < n - 1:
        v = wp.min(v, src[i + 1, j] + 1)
    if j > 0:
        v = wp.min(v, src[i, j - 1] + 1)
    if j < m - 1:
        v = wp.min(v, src[i, j + 1] + 1)
    dst[i, j] = v


@wp.kernel
def row_sq(seed: wp.array2d(dtype=wp.uint8), d2: wp.array2d(dtype=int)):
    i, j = wp.tid()
    best = FAR
    for k in range(seed.shape[1]):
        if seed[i, k] != wp.uint8(0):
            best = wp.min(best, (k - j) * (k - j))
    d2[i, j] = best


TESTS = [
    dict(name="manhattan", dim=(20, 24), arrays=dict(seed=("bool", 0.03)),
         launches=[dict(kernel="init", args=dict(d="a"))]
         + [dict(kernel="relax", args=dict(src=s, dst=t)) for s, t in [("a", "b"), ("b", "a")] * 12],
         outputs=["a"]),
    dict(kernel="row_sq", dim=(20, 24), args=dict(seed=("int", 0, 1)), outputs=["d2"]),
]
