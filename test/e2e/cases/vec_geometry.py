"""Vector geometry builtins: dot, cross, length, length_sq, normalize, and
triangle normals / areas from vertex arrays."""
import warp as wp


@wp.kernel
def triangle_props(v0: wp.array(dtype=wp.vec3), v1: wp.array(dtype=wp.vec3), v2: wp.array(dtype=wp.vec3),
                   normal: wp.array(dtype=wp.vec3), area: wp.array(dtype=float), cos_angle: wp.array(dtype=float)):
    i = wp.tid()
    e0 = v1[i] - v0[i]
    e1 = v2[i] - v0[i]
    n = wp.cross(e0, e1)
    area[i] = 0.5 * wp.length(n)
    normal[i] = wp.normalize(n)
    cos_angle[i] = wp.dot(e0, e1) / wp.sqrt(wp.length_sq(e0) * wp.length_sq(e1))


@wp.kernel
def reflect(d: wp.array(dtype=wp.vec3), n: wp.array(dtype=wp.vec3), r: wp.array(dtype=wp.vec3),
            lens: wp.array2d(dtype=float)):
    i = wp.tid()
    nn = wp.normalize(n[i])
    r[i] = d[i] - 2.0 * wp.dot(d[i], nn) * nn
    lens[i, 0] = wp.length(d[i])
    lens[i, 1] = wp.length(r[i])
    lens[i, 2] = wp.length_sq(wp.vec2(d[i].x, d[i].y))
    lens[i, 3] = wp.dot(wp.vec4(1.0, 2.0, 3.0, 4.0), wp.vec4(d[i].x, d[i].y, d[i].z, 1.0))


TESTS = [
    dict(kernel="triangle_props", dim=500, args=dict(v0=("uniform", -1, 1), v1=("uniform", -1, 1),
                                                     v2=("uniform", -1, 1)),
         outputs=["normal", "area", "cos_angle"], atol=1e-5, rtol=1e-4),
    dict(kernel="reflect", dim=500, args=dict(d=("uniform", -1, 1), n=("uniform", 0.5, 1)), shapes=dict(lens=(500, 4)),
         outputs=["r", "lens"], atol=1e-5),
]
