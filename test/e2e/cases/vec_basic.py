"""Vector basics: constructors (components, fill, zero), .x .y .z .w, v[i]
with constant and dynamic indices, component assignment, + - scalar * and /,
negation, vec2 / vec3 / vec4."""
import warp as wp


@wp.kernel
def vec_ops(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.vec3), s: wp.array(dtype=float),
            out: wp.array(dtype=wp.vec3), comps: wp.array2d(dtype=float)):
    i = wp.tid()
    u = a[i]
    v = b[i]
    w = u + v * 2.0 - v / 4.0
    w = w - 0.5 * u
    w = -w + s[i] * wp.vec3(1.0, -1.0, 0.5)
    w[1] = w[1] + 1.0
    w.z = w.z * 3.0
    out[i] = w
    comps[i, 0] = u.x + u.y * 10.0 + u.z * 100.0
    comps[i, 1] = v[0] - v[1] + v[2]
    comps[i, 2] = u[i % 3]
    comps[i, 3] = wp.vec3(2.0).y + wp.vec3().z


@wp.kernel
def vec24(p: wp.array(dtype=wp.vec2), q: wp.array(dtype=wp.vec4), out2: wp.array(dtype=wp.vec2),
          out4: wp.array(dtype=wp.vec4)):
    i = wp.tid()
    a = p[i]
    b = q[i]
    out2[i] = wp.vec2(a.y, a.x) * b.w + wp.vec2(b.z, b.y)
    c = wp.vec4(a.x, a.y, a.x + a.y, 1.0)
    c.w = b.x
    out4[i] = c - b * 0.5 + wp.vec4(b[3], b[2], b[1], b[0])


@wp.kernel
def vec_explicit_types(a: wp.array(dtype=wp.vec3f), out: wp.array(dtype=wp.vec4f)):
    i = wp.tid()
    v = a[i]
    out[i] = wp.vec4f(v.x, v.y, v.z, wp.float32(i))


TESTS = [
    dict(kernel="vec_ops", dim=300, args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), s=("uniform", -2, 2)),
         shapes=dict(comps=(300, 4)), outputs=["out", "comps"]),
    dict(kernel="vec24", dim=300, args=dict(p=("uniform", -1, 1), q=("uniform", -1, 1)), outputs=["out2", "out4"]),
    dict(kernel="vec_explicit_types", dim=50, args=dict(a=("uniform", -1, 1)), outputs=["out"]),
]
