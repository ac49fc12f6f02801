"""Histogram equalization of an 8-bit grayscale image: 256-bin
histogram with atomic_add, the cumulative distribution computed by a
single thread loop, and the remap lut[v] = round(255 * (cdf - cdf_min)
/ (n - cdf_min)) applied to every pixel (uint8 in and out)."""
import warp as wp


@wp.kernel
def histogram(img: wp.array2d(dtype=wp.uint8), hist: wp.array(dtype=int)):
    i, j = wp.tid()
    wp.atomic_add(hist, int(img[i, j]), 1)


@wp.kernel
def build_lut(hist: wp.array(dtype=int), total: int, lut: wp.array(dtype=wp.uint8), cdf: wp.array(dtype=int)):
    acc = int(0)
    cmin = int(-1)
    for v in range(256):
        acc += hist[v]
        cdf[v] = acc
        if cmin < 0 and acc > 0:
            cmin = acc
    for v in range(256):
        num = float(cdf[v] - cmin)
        den = float(total - cmin)
        lut[v] = wp.uint8(int(wp.round(wp.max(num, 0.0) / den * 255.0)))


@wp.kernel
def remap(img: wp.array2d(dtype=wp.uint8), lut: wp.array(dtype=wp.uint8), out: wp.array2d(dtype=wp.uint8)):
    i, j = wp.tid()
    out[i, j] = lut[int(img[i, j])]


TESTS = [
    dict(name="equalize", dim=(40, 50), arrays=dict(img=("int", 60, 140)),
         shapes=dict(hist=(256,), lut=(256,), cdf=(256,)),
         launches=[dict(kernel="histogram"), dict(kernel="build_lut", dim=1, args=dict(total=2000)),
                   dict(kernel="remap")],
         outputs=["hist", "cdf", "lut", "out"]),
]
