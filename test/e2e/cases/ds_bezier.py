"""Cubic Bezier curves (vec2 control points) evaluated by de Casteljau
with wp.lerp, the derivative from the hodograph, and the arc length by
summing chord lengths over a fixed number of segments; also a float64
evaluation in Bernstein form with vec2d."""
import warp as wp

SEGMENTS = 32


@wp.func
def casteljau(p0: wp.vec2, p1: wp.vec2, p2: wp.vec2, p3: wp.vec2, t: float):
    a = wp.lerp(p0, p1, t)
    b = wp.lerp(p1, p2, t)
    c = wp.lerp(p2, p3, t)
    d = wp.lerp(a, b, t)
    e = wp.lerp(b, c, t)
    return wp.lerp(d, e, t)


@wp.kernel
def curves(ctrl: wp.array2d(dtype=wp.vec2), t: wp.array(dtype=float), pos: wp.array(dtype=wp.vec2),
           tangent: wp.array(dtype=wp.vec2), length: wp.array(dtype=float)):
    i = wp.tid()
    p0 = ctrl[i, 0]
    p1 = ctrl[i, 1]
    p2 = ctrl[i, 2]
    p3 = ctrl[i, 3]
    pos[i] = casteljau(p0, p1, p2, p3, t[i])
    u = t[i]
    tangent[i] = 3.0 * ((1.0 - u) * (1.0 - u) * (p1 - p0) + 2.0 * u * (1.0 - u) * (p2 - p1) + u * u * (p3 - p2))
    l = float(0.0)
    prev = p0
    for k in range(1, SEGMENTS + 1):
        q = casteljau(p0, p1, p2, p3, float(k) / float(SEGMENTS))
        l += wp.length(q - prev)
        prev = q
    length[i] = l


@wp.kernel
def bernstein64(ctrl: wp.array2d(dtype=wp.vec2d), t: wp.array(dtype=wp.float64), pos: wp.array(dtype=wp.vec2d)):
    i = wp.tid()
    u = t[i]
    one = wp.float64(1.0)
    three = wp.float64(3.0)
    v = one - u
    pos[i] = ctrl[i, 0] * (v * v * v) + ctrl[i, 1] * (three * u * v * v) + ctrl[i, 2] * (three * u * u * v) + \
        ctrl[i, 3] * (u * u * u)


TESTS = [
    dict(kernel="curves", dim=500, args=dict(ctrl=("uniform", -1, 1), t=("uniform", 0, 1)),
         shapes=dict(ctrl=(500, 4)), outputs=["pos", "tangent", "length"], rtol=1e-5, atol=1e-6),
    dict(kernel="bernstein64", dim=500, args=dict(ctrl=("uniform", -1, 1), t=("uniform", 0, 1)),
         shapes=dict(ctrl=(500, 4)), outputs=["pos"]),
]
