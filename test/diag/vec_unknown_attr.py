# An attribute a vector does not have (vec3 has x, y, z).
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), p: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    v = p[i]
    a[i] = v.q
    v.w = 1.0
    p[i] = v

# expect: 9:12: 'vec3f' has no attribute 'q'
# expect: 10:5: 'vec3f' has no component 'w'
