"""JPEG-style 8x8 block DCT-II: one thread per (block, u, v) computes
the coefficient with a double loop of cosines, then quantization by a
table (an int array) with rounding to int16, and dequantization + the
inverse DCT in a second kernel."""
import warp as wp

PI = 3.14159265358979


@wp.func
def alpha(k: int):
    if k == 0:
        return 0.35355339
    return 0.5


@wp.kernel
def dct(img: wp.array3d(dtype=float), qtab: wp.array2d(dtype=int), coef: wp.array3d(dtype=float),
        q: wp.array3d(dtype=wp.int16)):
    b, u, v = wp.tid()
    s = float(0.0)
    for x in range(8):
        for y in range(8):
            s += (img[b, x, y] - 128.0) * wp.cos((2.0 * float(x) + 1.0) * float(u) * PI / 16.0) * wp.cos(
                (2.0 * float(y) + 1.0) * float(v) * PI / 16.0)
    c = alpha(u) * alpha(v) * s
    coef[b, u, v] = c
    q[b, u, v] = wp.int16(int(wp.round(c / float(qtab[u, v]))))


@wp.kernel
def idct(q: wp.array3d(dtype=wp.int16), qtab: wp.array2d(dtype=int), out: wp.array3d(dtype=float)):
    b, x, y = wp.tid()
    s = float(0.0)
    for u in range(8):
        for v in range(8):
            c = float(q[b, u, v]) * float(qtab[u, v])
            s += alpha(u) * alpha(v) * c * wp.cos((2.0 * float(x) + 1.0) * float(u) * PI / 16.0) * wp.cos(
                (2.0 * float(y) + 1.0) * float(v) * PI / 16.0)
    out[b, x, y] = s + 128.0


QTAB = [[16 + 3 * (u + v) for v in range(8)] for u in range(8)]
TESTS = [
    dict(kernel="dct", dim=(6, 8, 8), args=dict(img=("uniform", 0, 255), qtab=QTAB), shapes=dict(qtab=(8, 8)),
         outputs=["coef", "q"], rtol=1e-4, atol=2e-3,
         note="sums of 64 products of size ~1e2: absolute error ~1e-4; c/q is rounded to int16, a value within "
              "1e-4 of .5 could flip (none do with this seed)"),
    dict(kernel="idct", dim=(6, 8, 8), args=dict(q=("int", -20, 20), qtab=QTAB), shapes=dict(qtab=(8, 8)),
         outputs=["out"], rtol=1e-5, atol=2e-3),
]
