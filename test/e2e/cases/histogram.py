"""A histogram: integer bins computed from floats, atomic_add of ints into
the bins, and a 2-D histogram."""
import warp as wp

NBINS = wp.constant(16)


@wp.kernel
def hist1d(x: wp.array(dtype=float), lo: float, hi: float, bins: wp.array(dtype=int)):
    i = wp.tid()
    t = (x[i] - lo) / (hi - lo)
    b = int(t * float(NBINS))
    b = wp.clamp(b, 0, NBINS - 1)
    wp.atomic_add(bins, b, 1)


@wp.kernel
def hist2d(p: wp.array(dtype=wp.vec2), bins: wp.array2d(dtype=int), weight: wp.array2d(dtype=float)):
    i = wp.tid()
    q = p[i]
    bx = wp.clamp(int(wp.floor(q[0] * 8.0)), 0, 7)
    by = wp.clamp(int(wp.floor(q[1] * 8.0)), 0, 7)
    wp.atomic_add(bins, bx, by, 1)
    wp.atomic_add(weight, bx, by, 0.5)


TESTS = [
    dict(kernel="hist1d", dim=20000, args=dict(x=("normal", 0, 1), lo=-3.0, hi=3.0), shapes=dict(bins=(16,)),
         outputs=["bins"]),
    dict(kernel="hist2d", dim=10000, args=dict(p=("uniform", 0, 1)), shapes=dict(bins=(8, 8), weight=(8, 8)),
         outputs=["bins", "weight"]),
]
