"""Color conversions as an image pipeline does them: sRGB <-> linear
(pow with the piecewise curve), RGB -> HSV with branches on the max
channel, luminance, and HSV -> RGB via floor/frac sector selection."""
import warp as wp


@wp.func
def srgb_to_linear(c: float):
    if c <= 0.04045:
        return c / 12.92
    return wp.pow((c + 0.055) / 1.055, 2.4)


@wp.func
def linear_to_srgb(c: float):
    if c <= 0.0031308:
        return c * 12.92
    return 1.055 * wp.pow(c, 1.0 / 2.4) - 0.055


@wp.func
def rgb_to_hsv(c: wp.vec3):
    mx = wp.max(c[0], wp.max(c[1], c[2]))
    mn = wp.min(c[0], wp.min(c[1], c[2]))
    d = mx - mn
    h = float(0.0)
    if d > 1.0e-6:
        if mx == c[0]:
            h = (c[1] - c[2]) / d
            if h < 0.0:
                h += 6.0
        elif mx == c[1]:
            h = (c[2] - c[0]) / d + 2.0
        else:
            h = (c[0] - c[1]) / d + 4.0
    s = float(0.0)
    if mx > 0.0:
        s = d / mx
    return wp.vec3(h / 6.0, s, mx)


@wp.func
def hsv_to_rgb(c: wp.vec3):
    h6 = c[0] * 6.0
    sector = int(wp.floor(h6)) % 6
    f = wp.frac(h6)
    v = c[2]
    p = v * (1.0 - c[1])
    q = v * (1.0 - c[1] * f)
    t = v * (1.0 - c[1] * (1.0 - f))
    if sector == 0:
        return wp.vec3(v, t, p)
    elif sector == 1:
        return wp.vec3(q, v, p)
    elif sector == 2:
        return wp.vec3(p, v, t)
    elif sector == 3:
        return wp.vec3(p, q, v)
    elif sector == 4:
        return wp.vec3(t, p, v)
    return wp.vec3(v, p, q)


@wp.kernel
def convert(img: wp.array2d(dtype=wp.vec3), lin: wp.array2d(dtype=wp.vec3), hsv: wp.array2d(dtype=wp.vec3),
            back: wp.array2d(dtype=wp.vec3), luma: wp.array2d(dtype=float)):
    i, j = wp.tid()
    c = img[i, j]
    l = wp.vec3(srgb_to_linear(c[0]), srgb_to_linear(c[1]), srgb_to_linear(c[2]))
    lin[i, j] = l
    luma[i, j] = wp.dot(l, wp.vec3(0.2126, 0.7152, 0.0722))
    h = rgb_to_hsv(c)
    hsv[i, j] = h
    r = hsv_to_rgb(h)
    back[i, j] = wp.vec3(linear_to_srgb(srgb_to_linear(r[0])), linear_to_srgb(srgb_to_linear(r[1])),
                         linear_to_srgb(srgb_to_linear(r[2])))


TESTS = [
    dict(kernel="convert", dim=(32, 48), args=dict(img=("uniform", 0, 1)),
         outputs=["lin", "hsv", "back", "luma"], rtol=1e-5, atol=2e-6),
]
