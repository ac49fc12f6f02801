# Vectors and matrices of bool are stored, compared with == and !=, built
# and taken apart; any other builtin on them is an error (warpc has no
# arithmetic for them).
import warp as wp

vec3bool = wp.types.vector(length=3, dtype=wp.bool)
mat22bool = wp.types.matrix((2, 2), dtype=bool)


@wp.kernel
def bad(out: wp.array(dtype=int)):
    a = vec3bool(True, False, True)
    b = a + a
    m = mat22bool(True)
    n = m * m
    c = wp.dot(a, a)

# expect: 13:9: warpc supports only == and != on vectors and matrices of bool, not 'add' (of 'vec3bool')
# expect: 15:9: warpc supports only == and != on vectors and matrices of bool, not 'mul' (of 'mat22bool')
# expect: 16:9: warpc supports only == and != on vectors and matrices of bool, not 'dot' (of 'vec3bool')
