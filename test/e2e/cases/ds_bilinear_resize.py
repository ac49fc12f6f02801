"""Image resampling: bilinear upscaling of an RGB image (array2d of
vec3) with half-pixel centers and clamped edges, and a 2x2 box
downsample; also nearest-neighbour lookup with integer scaling."""
import warp as wp


@wp.func
def texel(img: wp.array2d(dtype=wp.vec3), y: int, x: int):
    return img[wp.clamp(y, 0, img.shape[0] - 1), wp.clamp(x, 0, img.shape[1] - 1)]


@wp.kernel
def resize_bilinear(src: wp.array2d(dtype=wp.vec3), dst: wp.array2d(dtype=wp.vec3)):
    i, j = wp.tid()
    sy = (float(i) + 0.5) * float(src.shape[0]) / float(dst.shape[0]) - 0.5
    sx = (float(j) + 0.5) * float(src.shape[1]) / float(dst.shape[1]) - 0.5
    y0 = int(wp.floor(sy))
    x0 = int(wp.floor(sx))
    ty = sy - float(y0)
    tx = sx - float(x0)
    top = wp.lerp(texel(src, y0, x0), texel(src, y0, x0 + 1), tx)
    bot = wp.lerp(texel(src, y0 + 1, x0), texel(src, y0 + 1, x0 + 1), tx)
    dst[i, j] = wp.lerp(top, bot, ty)


@wp.kernel
def downsample(src: wp.array2d(dtype=wp.vec3), dst: wp.array2d(dtype=wp.vec3), nearest: wp.array2d(dtype=wp.vec3)):
    i, j = wp.tid()
    s = src[2 * i, 2 * j] + src[2 * i + 1, 2 * j] + src[2 * i, 2 * j + 1] + src[2 * i + 1, 2 * j + 1]
    dst[i, j] = s * 0.25
    nearest[i, j] = src[(i * src.shape[0]) / dst.shape[0], (j * src.shape[1]) / dst.shape[1]]


TESTS = [
    dict(kernel="resize_bilinear", dim=(45, 70), args=dict(src=("uniform", 0, 1)), shapes=dict(src=(20, 30)),
         outputs=["dst"]),
    dict(kernel="downsample", dim=(16, 24), args=dict(src=("uniform", 0, 1)), shapes=dict(src=(32, 48)),
         outputs=["dst", "nearest"]),
]
