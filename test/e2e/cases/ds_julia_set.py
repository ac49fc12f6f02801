"""Julia set escape-time rendering with complex numbers stored in vec2:
complex multiply in a @wp.func, escape radius test with length_sq, the
smooth iteration count log2(log2(|z|^2)) for coloring, and a cosine
palette producing vec3 colors."""
import warp as wp

MAX_IT = 64


@wp.func
def cmul(a: wp.vec2, b: wp.vec2):
    return wp.vec2(a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0])


@wp.func
def palette(t: float):
    a = wp.vec3(0.5, 0.5, 0.5)
    b = wp.vec3(0.5, 0.5, 0.5)
    d = wp.vec3(0.0, 0.1, 0.2)
    return a + wp.cw_mul(b, wp.vec3(wp.cos(6.28318 * (t + d[0])), wp.cos(6.28318 * (t + d[1])),
                                     wp.cos(6.28318 * (t + d[2]))))


@wp.kernel
def julia(c: wp.vec2, zoom: float, iters: wp.array2d(dtype=int), smooth: wp.array2d(dtype=float),
          color: wp.array2d(dtype=wp.vec3)):
    i, j = wp.tid()
    z = wp.vec2((float(j) - 48.0) / zoom, (float(i) - 32.0) / zoom)
    n = int(0)
    while n < MAX_IT and wp.length_sq(z) <= 256.0:
        z = cmul(z, z) + c
        n += 1
    iters[i, j] = n
    s = float(n)
    if n < MAX_IT:
        s = float(n) + 1.0 - wp.log2(wp.log2(wp.length_sq(z)) * 0.5)
    smooth[i, j] = s
    color[i, j] = palette(s / float(MAX_IT))


TESTS = [
    dict(kernel="julia", dim=(64, 96), args=dict(c=[-0.8, 0.156], zoom=32.0), outputs=["iters", "smooth", "color"],
         rtol=1e-4, atol=1e-4,
         note="chaotic near the set boundary: a 1-ulp difference could change n; none do (observed exact)"),
]
