# A constant component index past the end of a vector, read and write.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), p: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    v = p[i]
    a[i] = v[3]
    v[5] = 1.0
    p[i] = v

# expect: 9:14: index 3 is out of range for 'vec3f'
# expect: 10:7: index 5 is out of range for 'vec3f'
