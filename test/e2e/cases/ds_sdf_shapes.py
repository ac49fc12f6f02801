"""Signed distance functions evaluated on a 3D grid: sphere, box, torus,
capsule, combined with min/max (union, intersection, subtraction) and a
polynomial smooth-min; also the SDF gradient by central differences."""
import warp as wp


@wp.func
def sd_sphere(p: wp.vec3, r: float):
    return wp.length(p) - r


@wp.func
def sd_box(p: wp.vec3, b: wp.vec3):
    q = wp.vec3(wp.abs(p[0]), wp.abs(p[1]), wp.abs(p[2])) - b
    outside = wp.length(wp.max(q, wp.vec3(0.0)))
    inside = wp.min(wp.max(q[0], wp.max(q[1], q[2])), 0.0)
    return outside + inside


@wp.func
def sd_torus(p: wp.vec3, r0: float, r1: float):
    q = wp.vec2(wp.length(wp.vec2(p[0], p[2])) - r0, p[1])
    return wp.length(q) - r1


@wp.func
def sd_capsule(p: wp.vec3, a: wp.vec3, b: wp.vec3, r: float):
    pa = p - a
    ba = b - a
    h = wp.clamp(wp.dot(pa, ba) / wp.dot(ba, ba), 0.0, 1.0)
    return wp.length(pa - ba * h) - r


@wp.func
def smin(a: float, b: float, k: float):
    h = wp.clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0)
    return wp.lerp(b, a, h) - k * h * (1.0 - h)


@wp.func
def scene(p: wp.vec3):
    d = smin(sd_sphere(p - wp.vec3(0.3, 0.0, 0.0), 0.5), sd_box(p + wp.vec3(0.4, 0.0, 0.0), wp.vec3(0.3, 0.4, 0.2)),
             0.2)
    d = wp.min(d, sd_torus(p - wp.vec3(0.0, -0.5, 0.0), 0.6, 0.1))
    d = wp.max(d, -sd_capsule(p, wp.vec3(0.0, 0.0, -1.0), wp.vec3(0.0, 0.0, 1.0), 0.15))
    return d


@wp.kernel
def eval_sdf(origin: wp.vec3, h: float, dist: wp.array3d(dtype=float), grad: wp.array3d(dtype=wp.vec3)):
    i, j, k = wp.tid()
    p = origin + wp.vec3(float(i), float(j), float(k)) * h
    dist[i, j, k] = scene(p)
    e = 1.0e-2
    g = wp.vec3(scene(p + wp.vec3(e, 0.0, 0.0)) - scene(p - wp.vec3(e, 0.0, 0.0)),
                scene(p + wp.vec3(0.0, e, 0.0)) - scene(p - wp.vec3(0.0, e, 0.0)),
                scene(p + wp.vec3(0.0, 0.0, e)) - scene(p - wp.vec3(0.0, 0.0, e)))
    grad[i, j, k] = g / (2.0 * e)


TESTS = [
    dict(kernel="eval_sdf", dim=(20, 20, 20), args=dict(origin=[-1.0, -1.0, -1.0], h=0.105),
         outputs=["dist", "grad"], rtol=1e-4, atol=2e-4,
         note="grad divides float32 differences by 0.02: absolute error ~ 50 ulp of |d|"),
]
