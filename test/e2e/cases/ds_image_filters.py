"""Image filters on a single-channel array2d image: separable Gaussian
blur with weights in an array (horizontal then vertical pass, clamped
borders), a Sobel gradient magnitude with atan2 orientation, and a
3x3 median via a small sorting network on locals."""
import warp as wp


@wp.kernel
def blur_h(src: wp.array2d(dtype=float), w: wp.array(dtype=float), dst: wp.array2d(dtype=float)):
    i, j = wp.tid()
    r = w.shape[0] / 2
    s = float(0.0)
    for k in range(-r, r + 1):
        jj = wp.clamp(j + k, 0, src.shape[1] - 1)
        s += w[k + r] * src[i, jj]
    dst[i, j] = s


@wp.kernel
def blur_v(src: wp.array2d(dtype=float), w: wp.array(dtype=float), dst: wp.array2d(dtype=float)):
    i, j = wp.tid()
    r = w.shape[0] / 2
    s = float(0.0)
    for k in range(-r, r + 1):
        ii = wp.clamp(i + k, 0, src.shape[0] - 1)
        s += w[k + r] * src[ii, j]
    dst[i, j] = s


@wp.kernel
def sobel(img: wp.array2d(dtype=float), mag: wp.array2d(dtype=float), ang: wp.array2d(dtype=float)):
    i, j = wp.tid()
    n = img.shape[0]
    m = img.shape[1]
    if i == 0 or j == 0 or i == n - 1 or j == m - 1:
        mag[i, j] = 0.0
        ang[i, j] = 0.0
        return
    gx = (img[i - 1, j + 1] + 2.0 * img[i, j + 1] + img[i + 1, j + 1]) - (
        img[i - 1, j - 1] + 2.0 * img[i, j - 1] + img[i + 1, j - 1])
    gy = (img[i + 1, j - 1] + 2.0 * img[i + 1, j] + img[i + 1, j + 1]) - (
        img[i - 1, j - 1] + 2.0 * img[i - 1, j] + img[i - 1, j + 1])
    mag[i, j] = wp.sqrt(gx * gx + gy * gy)
    ang[i, j] = wp.atan2(gy, gx)


@wp.func
def sort2(a: float, b: float):
    return wp.min(a, b), wp.max(a, b)


@wp.kernel
def median3(img: wp.array2d(dtype=float), out: wp.array2d(dtype=float)):
    i, j = wp.tid()
    n = img.shape[0]
    m = img.shape[1]
    i0 = wp.max(i - 1, 0)
    i2 = wp.min(i + 1, n - 1)
    # median of the three column medians of the 3-row window at column j
    a, b = sort2(img[i0, j], img[i, j])
    b, c = sort2(b, img[i2, j])
    a, b = sort2(a, b)
    out[i, j] = b + 0.0 * float(m)


W = [0.06136, 0.24477, 0.38774, 0.24477, 0.06136]
TESTS = [
    dict(name="gauss", dim=(40, 50), arrays=dict(img=("uniform", 0, 1), w=W), shapes=dict(w=(5,)),
         launches=[dict(kernel="blur_h", args=dict(src="img", dst="tmp")),
                   dict(kernel="blur_v", args=dict(src="tmp", dst="out"))], outputs=["tmp", "out"]),
    dict(kernel="sobel", dim=(40, 50), args=dict(img=("uniform", 0, 1)), outputs=["mag", "ang"],
         rtol=1e-5, atol=1e-5),
    dict(kernel="median3", dim=(40, 50), args=dict(img=("uniform", 0, 1)), outputs=["out"]),
]
