# Keywords of a typed vector or matrix constructor must agree with the type
# (e2e.typed_ctor_keywords: when they do).
import warp as wp

mat32d = wp.types.matrix(shape=(3, 2), dtype=wp.float64)


@wp.kernel
def bad(n: int):
    c = mat32d()
    d = mat32d(c, shape=(2, 2))
    e = mat32d(c, dtype=wp.float32)
    f = wp.vec3(1.0, 2.0, 3.0, length=4)
    g = mat32d(c, rows=3)
    h = mat32d(c, shape=(3, n))
    k = mat32d(c, shape=(3, 2), dtype=wp.float16)

# expect: 11:26: 'mat32d' has 3 rows, not 2
# expect: 12:25: 'mat32d' has dtype 'float64', not 'float32'
# expect: 13:39: 'vec3f' has 3 components, not 4
# expect: 14:19: 'mat32d' has no argument 'rows'
# expect: 15:29: the columns of 'mat32d' must be a constant integer
# expect: 16:39: 'mat32d' has dtype 'float64', not 'float16'
