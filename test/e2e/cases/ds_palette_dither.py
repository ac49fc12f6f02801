"""Color quantization to a fixed palette: nearest palette entry by
squared distance (vec3 colors), ordered dithering with a 4x4 Bayer
matrix held in a mat44 constant, and the per-pixel quantization error;
palette indices as uint8."""
import warp as wp

BAYER = wp.constant(wp.mat44(0.0, 8.0, 2.0, 10.0, 12.0, 4.0, 14.0, 6.0, 3.0, 11.0, 1.0, 9.0, 15.0, 7.0, 13.0, 5.0))


@wp.kernel
def quantize(img: wp.array2d(dtype=wp.vec3), pal: wp.array(dtype=wp.vec3), strength: float,
             idx: wp.array2d(dtype=wp.uint8), err: wp.array2d(dtype=float)):
    i, j = wp.tid()
    t = (BAYER[i % 4, j % 4] + 0.5) / 16.0 - 0.5
    c = img[i, j] + wp.vec3(t, t, t) * strength
    best = float(1.0e9)
    bi = int(0)
    for k in range(pal.shape[0]):
        d = wp.length_sq(c - pal[k])
        if d < best:
            best = d
            bi = k
    idx[i, j] = wp.uint8(bi)
    err[i, j] = wp.length(img[i, j] - pal[bi])


PAL = [[0.0, 0.0, 0.0], [1.0, 1.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 1.0, 0.0],
       [0.0, 1.0, 1.0], [1.0, 0.0, 1.0], [0.5, 0.5, 0.5], [0.8, 0.4, 0.1]]
TESTS = [
    dict(kernel="quantize", dim=(40, 48), args=dict(img=("uniform", 0, 1), pal=PAL, strength=0.25),
         shapes=dict(pal=(10,)), outputs=["idx", "err"], rtol=1e-5, atol=1e-6),
]
