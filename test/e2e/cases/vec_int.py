"""Integer vectors (vec2i, vec3i, vec4i): construction, component access,
+ - and scalar *, /, % (truncating, as for int scalars), dot."""
import warp as wp


@wp.kernel
def int_vectors(a: wp.array(dtype=wp.vec3i), b: wp.array(dtype=wp.vec3i), out: wp.array(dtype=wp.vec3i),
                d: wp.array(dtype=int), cells: wp.array(dtype=wp.vec2i)):
    i = wp.tid()
    u = a[i]
    v = b[i]
    w = u + v * 3 - wp.vec3i(1, 2, 3)
    w = w / 2
    w[2] = w[2] + u[0]
    out[i] = w
    d[i] = wp.dot(u, v) + u.x * v.z
    cells[i] = wp.vec2i(i % 7, i / 7) + wp.vec2i(u.y, -u.z) % wp.vec2i(5, 5)


@wp.kernel
def vec4i_ops(a: wp.array(dtype=wp.vec4i), out: wp.array(dtype=wp.vec4i)):
    i = wp.tid()
    v = a[i]
    r = wp.vec4i(v.w, v.z, v.y, v.x) - v
    out[i] = -r * 2


TESTS = [
    dict(kernel="int_vectors", dim=400, args=dict(a=("int", -100, 100), b=("int", -100, 100)),
         outputs=["out", "d", "cells"]),
    dict(kernel="vec4i_ops", dim=100, args=dict(a=("int", -1000, 1000)), outputs=["out"]),
]
