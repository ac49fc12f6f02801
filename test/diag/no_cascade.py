# A variable whose initializer has an error is still declared: later uses
# must not add "name is not defined" errors.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), p: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    v = wp.vec3(i, 2, 3)
    p[i] = v
    t = a[0.5]
    a[i] = t

# expect: 9:17: all values used to initialize a 'vec3f' must be 'float32'
# expect: 11:11: index must be an integer
