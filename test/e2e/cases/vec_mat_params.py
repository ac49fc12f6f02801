"""Vector and matrix kernel parameters passed by value: wp.vec3 / vec2i /
vec4d / mat22 / mat33 / mat44d, as a C program passes them."""
import warp as wp


@wp.kernel
def apply(p: wp.array(dtype=wp.vec3), rot: wp.mat33, offset: wp.vec3, scale: wp.vec2i,
          out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    q = rot * p[i] + offset
    out[i] = q * float(scale[0]) - q * float(scale.y)


@wp.kernel
def small(m: wp.mat22, w: wp.vec4d, big: wp.mat44d, out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    s = m[0, 0] + m[0, 1] * 2.0 + m[1, 0] * 3.0 + m[1, 1] * 4.0
    out[i] = wp.float64(s) + w[i % 4] + big[i % 4, (i + 1) % 4]


TESTS = [
    dict(kernel="apply", dim=200,
         args=dict(p=("uniform", -1, 1), rot=[[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
                   offset=(0.5, -0.25, 2.0), scale=(3, -2)),
         outputs=["out"]),
    dict(kernel="small", dim=16,
         args=dict(m=[1.5, -2.0, 0.25, 8.0], w=(0.1, 0.2, 0.3, 0.4),
                   big=[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16.5]]),
         outputs=["out"]),
]
