"""Radix sort building blocks on uint32 keys: per-pass digit histograms
(4-bit digits, shift and mask) with atomic_add, the exclusive scan of
the 16 buckets by one thread, and a stable scatter done by a single
thread to keep the test deterministic; two passes."""
import warp as wp


@wp.kernel
def digit_hist(keys: wp.array(dtype=wp.uint32), shift: int, hist: wp.array(dtype=int)):
    i = wp.tid()
    d = int((keys[i] >> wp.uint32(shift)) & wp.uint32(15))
    wp.atomic_add(hist, d, 1)


@wp.kernel
def scatter(keys: wp.array(dtype=wp.uint32), hist: wp.array(dtype=int), shift: int, out: wp.array(dtype=wp.uint32)):
    offs = wp.vec4i()
    # exclusive scan of the 16 buckets, then a stable pass per digit
    n = keys.shape[0]
    pos = int(0)
    for d in range(16):
        start = pos
        pos += hist[d]
        c = int(0)
        for i in range(n):
            if int((keys[i] >> wp.uint32(shift)) & wp.uint32(15)) == d:
                out[start + c] = keys[i]
                c += 1
    offs[0] = pos
    hist[0] = hist[0] + 0 * offs[0]


@wp.kernel
def clear(hist: wp.array(dtype=int)):
    hist[wp.tid()] = 0


TESTS = [
    dict(name="two_passes", dim=500, arrays=dict(a=("int", 0, 255)), shapes=dict(hist=(16,), b=(500,), c=(500,)),
         launches=[dict(kernel="digit_hist", args=dict(keys="a", shift=0)),
                   dict(kernel="scatter", dim=1, args=dict(keys="a", shift=0, out="b")),
                   dict(kernel="clear", dim=16),
                   dict(kernel="digit_hist", args=dict(keys="b", shift=4)),
                   dict(kernel="scatter", dim=1, args=dict(keys="b", shift=4, out="c"))],
         outputs=["hist", "b", "c"]),
]
