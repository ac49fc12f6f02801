"""Weighted histograms of Gaussian samples: bin index from floor of the
normalized value with clamping into overflow bins, float weights summed
with atomic_add (unordered: rtol 1e-4), integer counts, and the
per-bin mean computed in a second kernel."""
import warp as wp


@wp.kernel
def fill(x: wp.array(dtype=float), w: wp.array(dtype=float), lo: float, hi: float, sums: wp.array(dtype=float),
         wx: wp.array(dtype=float), counts: wp.array(dtype=int)):
    i = wp.tid()
    nb = counts.shape[0] - 2
    t = (x[i] - lo) / (hi - lo)
    b = int(wp.floor(t * float(nb))) + 1
    b = wp.clamp(b, 0, nb + 1)
    wp.atomic_add(sums, b, w[i])
    wp.atomic_add(wx, b, w[i] * x[i])
    wp.atomic_add(counts, b, 1)


@wp.kernel
def means(sums: wp.array(dtype=float), wx: wp.array(dtype=float), mean: wp.array(dtype=float)):
    b = wp.tid()
    if sums[b] > 0.0:
        mean[b] = wx[b] / sums[b]
    else:
        mean[b] = 0.0


TESTS = [
    dict(name="hist", dim=20000, arrays=dict(x=("normal", 0.0, 1.0), w=("uniform", 0.5, 1.5)),
         shapes=dict(sums=(22,), wx=(22,), counts=(22,), mean=(22,)),
         launches=[dict(kernel="fill", args=dict(lo=-2.5, hi=2.5)), dict(kernel="means", dim=22)],
         outputs=["sums", "wx", "counts", "mean"], rtol=1e-4, atol=1e-3,
         note="a sample within an ulp of a bin edge could land in the neighbour bin (none does)"),
]
