# Storing a value of the wrong type into an array element.
import warp as wp


@wp.kernel
def k(f: wp.array(dtype=float), n: wp.array(dtype=int), v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    f[i] = i
    n[i] = 1.0
    f[i] = v[i]
    v[i] = 0.0

# expect: 8:12: cannot store a value of type 'int32' into an array of 'float32'
# expect: 9:12: cannot store a value of type 'float32' into an array of 'int32'
# expect: 10:12: cannot store a value of type 'vec3f' into an array of 'float32'
# expect: 11:12: cannot store a value of type 'float32' into an array of 'vec3f'
