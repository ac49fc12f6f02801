"""Catmull-Rom spline through a polyline of vec3d points (float64): the
segment index from a global parameter with floor and clamp, the
tangents from neighbours, cubic Hermite basis functions; and a
centripetal variant's knot spacing with pow on float64 distances."""
import warp as wp


@wp.kernel
def spline(pts: wp.array(dtype=wp.vec3d), s: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.vec3d),
           knots: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    n = pts.shape[0]
    u = s[i] * wp.float64(n - 3)
    seg = wp.clamp(int(wp.floor(u)), 0, n - 4)
    t = u - wp.float64(seg)
    p0 = pts[seg]
    p1 = pts[seg + 1]
    p2 = pts[seg + 2]
    p3 = pts[seg + 3]
    half = wp.float64(0.5)
    m1 = (p2 - p0) * half
    m2 = (p3 - p1) * half
    t2 = t * t
    t3 = t2 * t
    two = wp.float64(2.0)
    three = wp.float64(3.0)
    h00 = two * t3 - three * t2 + wp.float64(1.0)
    h10 = t3 - two * t2 + t
    h01 = -two * t3 + three * t2
    h11 = t3 - t2
    out[i] = p1 * h00 + m1 * h10 + p2 * h01 + m2 * h11
    a = wp.float64(0.5)
    k1 = wp.pow(wp.length(p1 - p0), a)
    k2 = k1 + wp.pow(wp.length(p2 - p1), a)
    k3 = k2 + wp.pow(wp.length(p3 - p2), a)
    knots[i] = wp.vec3d(k1, k2, k3)


TESTS = [
    dict(kernel="spline", dim=400, args=dict(pts=("uniform", -2, 2), s=("uniform", 0, 1)),
         shapes=dict(pts=(20,)), outputs=["out", "knots"]),
]
