# The part of a transform array element takes its own type: a vec3 of the
# transform's precision for `.p`, a quaternion for `.q`.
import warp as wp


@wp.kernel
def k(y: wp.array(dtype=wp.transform), v: wp.vec3d):
    i = wp.tid()
    y[i].p = v
    y[i].q = wp.vec3(1.0)

# expect: 9:14: cannot assign a value of type 'vec3d' to '.p' of a 'transformf' (a 'vec3f')
# expect: 10:14: cannot assign a value of type 'vec3f' to '.q' of a 'transformf' (a 'quatf')
