# A vector built from components of the wrong type or count.
import warp as wp


@wp.kernel
def k(out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i] = wp.vec3(i, 2, 3)


@wp.kernel
def k2(out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i] = wp.vec3(1.0, i, 3.0)
    out[i] = wp.vec3(1.0, 2.0)

# expect: 8:22: all values used to initialize a 'vec3f' must be 'float32', got 'int32'
# expect: 14:27: all values used to initialize a 'vec3f' must be 'float32', got 'int32'
# expect: 15:14: 'vec3f' takes 3 components, got 2
