"""float64 vectors (vec2d, vec3d, vec4d): components must be float64 values
(wp.vec3d(1.0, 2.0, 3.0) with float32 literals does not compile)."""
import warp as wp


@wp.kernel
def doubles(a: wp.array(dtype=wp.vec3d), b: wp.array(dtype=wp.vec3d), out: wp.array(dtype=wp.vec3d),
            s: wp.array(dtype=wp.float64), q: wp.array(dtype=wp.vec4d)):
    i = wp.tid()
    u = a[i]
    v = b[i]
    two = wp.float64(2.0)
    w = wp.cross(u, v) * two + u / two
    out[i] = w
    s[i] = wp.dot(u, v) + wp.length(w) - wp.length_sq(u)
    n = wp.normalize(v)
    q[i] = wp.vec4d(n.x, n.y, n.z, wp.float64(1.0)) + wp.vec4d(wp.float64(0.5))


@wp.kernel
def to_single(a: wp.array(dtype=wp.vec3d), out: wp.array(dtype=wp.vec3), out2: wp.array(dtype=wp.vec2d)):
    i = wp.tid()
    v = a[i]
    out[i] = wp.vec3(float(v.x), float(v.y), float(v.z))
    out2[i] = wp.vec2d(v[2], v[0]) * wp.float64(i)


TESTS = [
    dict(kernel="doubles", dim=300, args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)),
         outputs=["out", "s", "q"]),
    dict(kernel="to_single", dim=100, args=dict(a=("uniform", -1e3, 1e3)), outputs=["out", "out2"]),
]
