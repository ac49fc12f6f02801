"""Histograms with integer atomics: a 2D histogram of point positions
(atomic_add on an array2d of int32), per-bin min/max of a value with
atomic_min/atomic_max on int arrays, and a count of out-of-range samples."""
import warp as wp

BINS = 16


@wp.kernel
def hist2d(pts: wp.array(dtype=wp.vec2), val: wp.array(dtype=int), counts: wp.array2d(dtype=wp.int32),
           lo: wp.array(dtype=int), hi: wp.array(dtype=int), outside: wp.array(dtype=int)):
    i = wp.tid()
    p = pts[i]
    bx = int(wp.floor(p[0] * float(BINS)))
    by = int(wp.floor(p[1] * float(BINS)))
    if bx < 0 or bx >= BINS or by < 0 or by >= BINS:
        wp.atomic_add(outside, 0, 1)
        return
    wp.atomic_add(counts, bx, by, 1)
    b = by * BINS + bx
    wp.atomic_min(lo, b, val[i])
    wp.atomic_max(hi, b, val[i])


TESTS = [
    dict(kernel="hist2d", dim=20000,
         args=dict(pts=("uniform", -0.05, 1.05), val=("int", -100000, 100000), lo=("full", 1 << 30),
                   hi=("full", -(1 << 30))),
         shapes=dict(counts=(BINS, BINS), lo=(BINS * BINS,), hi=(BINS * BINS,), outside=(1,)),
         outputs=["counts", "lo", "hi", "outside"]),
]
