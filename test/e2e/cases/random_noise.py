"""Perlin noise: noise(state, x) for float32, vec2, vec3 and vec4 points and
periodic pnoise on a grid of points (negative coordinates included, so the
lattice floor and Warp's integer mod of negative cells are covered).
Tolerance 1e-6 absolute, no relative slack (observed: bit-exact)."""
import warp as wp


@wp.kernel
def noise_grid(seed: int, scale: float, n1: wp.array2d(dtype=float), n2: wp.array2d(dtype=float),
               n3: wp.array2d(dtype=float), n4: wp.array2d(dtype=float)):
    i, j = wp.tid()
    s = wp.rand_init(seed)
    x = (float(i) - 20.0) * scale
    y = (float(j) - 13.0) * scale
    n1[i, j] = wp.noise(s, x + 0.37 * y)
    n2[i, j] = wp.noise(s, wp.vec2(x, y))
    n3[i, j] = wp.noise(s, wp.vec3(x, y, 0.5 * x - y))
    n4[i, j] = wp.noise(s, wp.vec4(x, y, 0.25 * y, 1.7 - x))


@wp.kernel
def pnoise_grid(seed: int, scale: float, px: int, py: int, p1: wp.array2d(dtype=float),
                p2: wp.array2d(dtype=float), p3: wp.array2d(dtype=float), p4: wp.array2d(dtype=float)):
    i, j = wp.tid()
    s = wp.rand_init(seed)
    x = (float(i) - 20.0) * scale
    y = (float(j) - 13.0) * scale
    p1[i, j] = wp.pnoise(s, x, px)
    p2[i, j] = wp.pnoise(s, wp.vec2(x, y), px, py)
    p3[i, j] = wp.pnoise(s, wp.vec3(x, y, x + y), px, py, 3)
    p4[i, j] = wp.pnoise(s, wp.vec4(x, y, y - x, 0.3), px, py, 5, 2)


TOL = dict(rtol=0.0, atol=1e-6)
TESTS = [
    dict(kernel="noise_grid", dim=(40, 30), args=dict(seed=42, scale=0.173), **TOL),
    dict(kernel="noise_grid", dim=(40, 30), args=dict(seed=-5, scale=1.37), **TOL),
    dict(kernel="pnoise_grid", dim=(40, 30), args=dict(seed=7, scale=0.41, px=4, py=6), **TOL),
    dict(kernel="pnoise_grid", dim=(40, 30), args=dict(seed=8, scale=0.9, px=3, py=2), **TOL),
]
