"""One k-means iteration on 2D points: nearest-centroid assignment
(argmin loop), per-cluster sums with atomic_add on a vec2 array and
counts with integer atomic_add, then the centroid update in a second
kernel; float sums are unordered (rtol 1e-4)."""
import warp as wp


@wp.kernel
def assign(pts: wp.array(dtype=wp.vec2), cent: wp.array(dtype=wp.vec2), label: wp.array(dtype=int),
           sums: wp.array(dtype=wp.vec2), counts: wp.array(dtype=int)):
    i = wp.tid()
    p = pts[i]
    best = float(1.0e30)
    k_best = int(0)
    for k in range(cent.shape[0]):
        d = wp.length_sq(p - cent[k])
        if d < best:
            best = d
            k_best = k
    label[i] = k_best
    wp.atomic_add(sums, k_best, p)
    wp.atomic_add(counts, k_best, 1)


@wp.kernel
def update(sums: wp.array(dtype=wp.vec2), counts: wp.array(dtype=int), cent: wp.array(dtype=wp.vec2)):
    k = wp.tid()
    n = counts[k]
    if n > 0:
        cent[k] = sums[k] / float(n)


TESTS = [
    dict(name="kmeans", dim=4000,
         arrays=dict(pts=("uniform", -1, 1), cent=[[-0.5, -0.5], [0.5, 0.5], [0.5, -0.5], [-0.5, 0.5], [0.0, 0.0]]),
         shapes=dict(cent=(5,), sums=(5,), counts=(5,)),
         launches=[dict(kernel="assign"), dict(kernel="update", dim=5)],
         outputs=["label", "counts", "sums", "cent"], rtol=1e-4, atol=1e-5),
]
