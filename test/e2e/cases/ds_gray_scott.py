"""Gray-Scott reaction-diffusion on a periodic 2D grid: concentrations
(u, v) stored as vec2, a 9-point Laplacian with weights, feed and kill
rates as parameters, explicit Euler steps by ping-pong."""
import warp as wp


@wp.kernel
def gray_scott(src: wp.array2d(dtype=wp.vec2), dst: wp.array2d(dtype=wp.vec2), du: float, dv: float, feed: float,
               kill: float, dt: float):
    i, j = wp.tid()
    n = src.shape[0]
    m = src.shape[1]
    ip = (i + 1) % n
    im = (i + n - 1) % n
    jp = (j + 1) % m
    jm = (j + m - 1) % m
    c = src[i, j]
    lap = (src[ip, j] + src[im, j] + src[i, jp] + src[i, jm]) * 0.2 + (src[ip, jp] + src[ip, jm] + src[im, jp]
                                                                         + src[im, jm]) * 0.05 - c
    u = c[0]
    v = c[1]
    uvv = u * v * v
    dst[i, j] = wp.vec2(u + dt * (du * lap[0] - uvv + feed * (1.0 - u)), v + dt * (dv * lap[1] + uvv - (feed + kill) * v))


TESTS = [
    dict(name="spots", dim=(32, 32), arrays=dict(a=("uniform", 0.2, 0.8)),
         launches=[dict(kernel="gray_scott", args=dict(src=s, dst=t, du=1.0, dv=0.5, feed=0.055, kill=0.062, dt=1.0))
                   for s, t in [("a", "b"), ("b", "a")]],
         repeat=10, outputs=["a", "b"], rtol=1e-4, atol=1e-5),
]
