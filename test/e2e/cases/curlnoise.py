"""curlnoise on a grid of points (negative coordinates included): 2-d, 3-d
and 4-d points, one and several octaves, the default octaves / lacunarity /
gain and keyword arguments.  The state is passed by value (not advanced).
Tolerance 1e-6 absolute, no relative slack."""
import warp as wp


@wp.kernel
def curl_grid(seed: int, scale: float, c2: wp.array2d(dtype=wp.vec2), c3: wp.array2d(dtype=wp.vec3),
              c4: wp.array2d(dtype=wp.vec3), after: wp.array2d(dtype=float)):
    i, j = wp.tid()
    s = wp.rand_init(seed)
    x = (float(i) - 20.0) * scale
    y = (float(j) - 13.0) * scale
    c2[i, j] = wp.curlnoise(s, wp.vec2(x, y))
    c3[i, j] = wp.curlnoise(s, wp.vec3(x, y, 0.5 * x - y))
    c4[i, j] = wp.curlnoise(s, wp.vec4(x, y, 0.25 * y, 1.7 - x))
    after[i, j] = wp.randf(s)


@wp.kernel
def curl_octaves(seed: int, scale: float, octaves: wp.uint32, lac: float, gain: float,
                 c2: wp.array2d(dtype=wp.vec2), c3: wp.array2d(dtype=wp.vec3), c4: wp.array2d(dtype=wp.vec3),
                 k3: wp.array2d(dtype=wp.vec3)):
    i, j = wp.tid()
    s = wp.rand_init(seed, i * 7 + j)
    x = (float(i) - 20.0) * scale
    y = (float(j) - 13.0) * scale
    c2[i, j] = wp.curlnoise(s, wp.vec2(x, y), octaves, lac, gain)
    c3[i, j] = wp.curlnoise(s, wp.vec3(x, y, x + y), octaves, lac, gain)
    c4[i, j] = wp.curlnoise(s, wp.vec4(x, y, y - x, 0.3), octaves, lac, gain)
    k3[i, j] = wp.curlnoise(s, wp.vec3(y, x, 1.0), gain=0.7, octaves=wp.uint32(2))


TOL = dict(rtol=0.0, atol=1e-6)
TESTS = [
    dict(kernel="curl_grid", dim=(40, 30), args=dict(seed=42, scale=0.173), **TOL),
    dict(kernel="curl_grid", dim=(40, 30), args=dict(seed=-5, scale=1.37), **TOL),
    dict(kernel="curl_octaves", dim=(40, 30), args=dict(seed=7, scale=0.41, octaves=3, lac=2.0, gain=0.5), **TOL),
    dict(kernel="curl_octaves", dim=(40, 30), args=dict(seed=8, scale=0.9, octaves=4, lac=1.7, gain=0.65), **TOL),
    dict(kernel="curl_octaves", dim=(10, 10), args=dict(seed=9, scale=0.3, octaves=0, lac=2.0, gain=0.5), **TOL),
]
