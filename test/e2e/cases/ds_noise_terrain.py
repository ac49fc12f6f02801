"""Procedural terrain: fractal Brownian motion from summed octaves of
wp.noise on vec2 points, ridged noise with abs, a periodic pnoise detail
layer, and a normal map from finite differences of the height function."""
import warp as wp

OCTAVES = 5


@wp.func
def fbm(s: wp.uint32, p: wp.vec2):
    amp = float(0.5)
    freq = float(1.0)
    h = float(0.0)
    for _ in range(OCTAVES):
        h += amp * wp.noise(s, p * freq)
        amp *= 0.5
        freq *= 2.0
    return h


@wp.func
def ridged(s: wp.uint32, p: wp.vec2):
    r = 1.0 - wp.abs(wp.noise(s, p * 3.0))
    return r * r


@wp.func
def height(s: wp.uint32, p: wp.vec2):
    return fbm(s, p) + 0.3 * ridged(s, p)


@wp.kernel
def terrain(seed: int, scale: float, h: wp.array2d(dtype=float), nrm: wp.array2d(dtype=wp.vec3),
            detail: wp.array2d(dtype=float)):
    i, j = wp.tid()
    s = wp.rand_init(seed)
    p = wp.vec2(float(i), float(j)) * scale
    hc = height(s, p)
    h[i, j] = hc
    e = scale
    dx = height(s, p + wp.vec2(e, 0.0)) - hc
    dy = height(s, p + wp.vec2(0.0, e)) - hc
    nrm[i, j] = wp.normalize(wp.vec3(-dx, e, -dy))
    detail[i, j] = wp.pnoise(s, p * 4.0, 8, 8)


TESTS = [
    dict(kernel="terrain", dim=(32, 32), args=dict(seed=11, scale=0.07), outputs=["h", "nrm", "detail"],
         rtol=1e-4, atol=1e-5),
]
