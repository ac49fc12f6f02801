"""Deep-zoom Mandelbrot in float64: pixel centers around a point with a
tiny scale where float32 would be useless, escape iteration with a
while loop, the smooth count via log of float64 values, and the
distance estimate from the derivative dz."""
import warp as wp


@wp.kernel
def mandel64(cx: wp.float64, cy: wp.float64, scale: wp.float64, max_it: int, n_out: wp.array2d(dtype=int),
             smooth: wp.array2d(dtype=wp.float64), de: wp.array2d(dtype=wp.float64)):
    i, j = wp.tid()
    c = wp.vec2d(cx + (wp.float64(j) - wp.float64(32.0)) * scale, cy + (wp.float64(i) - wp.float64(24.0)) * scale)
    z = wp.vec2d()
    dz = wp.vec2d()
    n = int(0)
    while n < max_it and wp.dot(z, z) < wp.float64(1.0e6):
        dz = wp.vec2d(wp.float64(2.0) * (z[0] * dz[0] - z[1] * dz[1]) + wp.float64(1.0),
                      wp.float64(2.0) * (z[0] * dz[1] + z[1] * dz[0]))
        z = wp.vec2d(z[0] * z[0] - z[1] * z[1] + c[0], wp.float64(2.0) * z[0] * z[1] + c[1])
        n += 1
    n_out[i, j] = n
    r = wp.length(z)
    if n < max_it:
        smooth[i, j] = wp.float64(n) - wp.log2(wp.log(r))
        de[i, j] = r * wp.log(r) / wp.length(dz)
    else:
        smooth[i, j] = wp.float64(0.0)
        de[i, j] = wp.float64(0.0)


TESTS = [
    dict(kernel="mandel64", dim=(48, 64), args=dict(cx=-0.743643887037151, cy=0.13182590420533, scale=2.0e-9,
                                                    max_it=400), outputs=["n_out", "smooth", "de"],
         rtol=1e-9, atol=1e-12),
]
