# A negative constant index below -len on a vector is out of range too.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), p: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    v = p[i]
    a[i] = v[-4]

# expect: 9:14: index -4 is out of range for 'vec3f'
