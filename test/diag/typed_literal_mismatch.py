# A typed constructor converts Python numbers (literals, module constants)
# to its element type, but not computed values nor runtime values of
# another type (warp-lang 1.19: "all values used to initialize this vector
# are expected to be of the type `float64`"), nor bools.
import warp as wp


@wp.kernel
def k(x: wp.float64, y: wp.float32):
    a = wp.vec3d(1.0 + 0.0, 0.0, 0.0)
    b = wp.vec3d(float(0.5), 0.0, 0.0)
    c = wp.vec3f(x, x, x)
    d = wp.vec3h(1.0, y, 3.0)
    e = wp.mat22(x)
    f = wp.vec3d(True, 0.5, 1)
    g = wp.quaternion(1.0, 0, 0.0, 0.0)
    h = wp.vector(1.0, 2, 3.0)

# expect: 10:18: all values used to initialize a 'vec3d' must be 'float64', got 'float32'
# expect: 11:18: all values used to initialize a 'vec3d' must be 'float64', got 'float32'
# expect: 12:18: all values used to initialize a 'vec3f' must be 'float32', got 'float64'
# expect: 13:23: all values used to initialize a 'vec3h' must be 'float16', got 'float32'
# expect: 14:18: the value used to fill a 'mat22f' must be 'float32', got 'float64'
# expect: 15:18: all values used to initialize a 'vec3d' must be 'float64', got 'bool'
# expect: 16:28: all values given when constructing a quaternion must have the same type
# expect: 17:24: all values used to initialize this vector are expected to be of the type `float32`, got 'int32'
