"""Ray tracing a few spheres: a ray per pixel (2D launch), analytic
ray-sphere intersection with the quadratic formula, nearest hit over a
sphere array, Lambert shading with a directional light written into an
image of vec3 colors plus a depth buffer."""
import warp as wp

MISS = wp.constant(1.0e6)


@wp.func
def hit_sphere(center: wp.vec3, radius: float, ro: wp.vec3, rd: wp.vec3) -> float:
    oc = ro - center
    b = wp.dot(oc, rd)
    c = wp.dot(oc, oc) - radius * radius
    disc = b * b - c
    if disc < 0.0:
        return MISS
    s = wp.sqrt(disc)
    t = -b - s
    if t < 1.0e-4:
        t = -b + s
    if t < 1.0e-4:
        return MISS
    return t


@wp.kernel
def render(centers: wp.array(dtype=wp.vec3), radii: wp.array(dtype=float), width: int, height: int,
           light: wp.vec3, img: wp.array2d(dtype=wp.vec3), depth: wp.array2d(dtype=float)):
    y, x = wp.tid()
    u = (float(x) + 0.5) / float(width) * 2.0 - 1.0
    v = (float(y) + 0.5) / float(height) * 2.0 - 1.0
    ro = wp.vec3(0.0, 0.0, -3.0)
    rd = wp.normalize(wp.vec3(u, v, 1.5))
    best = MISS
    hit = int(-1)
    for k in range(centers.shape[0]):
        t = hit_sphere(centers[k], radii[k], ro, rd)
        if t < best:
            best = t
            hit = k
    if hit < 0:
        img[y, x] = wp.vec3(0.1, 0.1, 0.2) * (1.0 - 0.5 * v)
        depth[y, x] = -1.0
    else:
        p = ro + rd * best
        n = wp.normalize(p - centers[hit])
        ndl = wp.max(wp.dot(n, wp.normalize(light)), 0.0)
        base = wp.vec3(0.2 + 0.1 * float(hit), 0.5, 0.8 - 0.1 * float(hit))
        img[y, x] = base * (0.1 + 0.9 * ndl)
        depth[y, x] = best


TESTS = [
    dict(kernel="render", dim=(48, 64),
         args=dict(centers=[[0.0, 0.0, 1.0], [-1.0, 0.3, 2.0], [0.8, -0.5, 0.5], [0.0, -101.0, 0.0]],
                   radii=[0.7, 0.9, 0.4, 100.0], width=64, height=48, light=[0.4, 0.8, -0.5]),
         shapes=dict(centers=(4,), radii=(4,)), outputs=["img", "depth"], rtol=1e-4, atol=1e-5),
]
