# float16 vectors take float16 values (a literal converts, a
# float32 value does not); generic matrix() types need literal shapes (8- and
# 16-bit integer matrices are types: e2e.small_int_matrices).
import warp as wp


@wp.kernel
def k(v: wp.array(dtype=wp.vec3h)):
    i = wp.tid()
    v[i] = wp.vec3h(float(i), 2.0, 3.0)
    x = wp.float16(1.5)


@wp.kernel
def k2(v: wp.array(dtype=wp.float16)):
    i = wp.tid()


@wp.kernel
def k3(a: wp.array(dtype=wp.types.matrix((2, 2), wp.int8)), b: wp.array(dtype=wp.types.vector(0, wp.float16)),
       c: wp.array(dtype=wp.types.matrix(2, wp.float16))):
    i = wp.tid()

# expect: 10:21: all values used to initialize a 'vec3h' must be 'float16', got 'float32'
# expect: 20:95: length must be an integer constant from 1 to 64
# expect: 21:42: shape must be a tuple (rows, cols)
