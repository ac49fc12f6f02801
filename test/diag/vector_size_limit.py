# The vector and matrix size limit (IR_MAX_DIM, man/warpc.1 LIMITS): 64
# components per vector, 64 rows and 64 columns per matrix, in type
# declarations and in constructors; one past it is an error at the position.
import warp as wp

vec64 = wp.types.vector(length=64, dtype=float)
vec65 = wp.types.vector(length=65, dtype=float)
mat64 = wp.types.matrix(shape=(64, 64), dtype=float)
mat65 = wp.types.matrix(shape=(2, 65), dtype=float)


@wp.kernel
def k(a: wp.array(dtype=vec64), c: wp.array(dtype=mat64)):
    i = wp.tid()
    v = wp.vector(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    w = wp.vector(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    m = wp.identity(n=64, dtype=float)
    m2 = wp.identity(n=65, dtype=float)
    z = wp.vector(length=65, dtype=float)
    r = wp.vec2(1.0, 2.0)
    rows = wp.matrix_from_rows(r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r)
    cols = wp.matrix_from_cols(r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r, r)
    c[i] = m
    a[i] = v


@wp.kernel
def k2(b: wp.array(dtype=vec65), d: mat65):
    pass

# expect: 7:32: length must be an integer constant from 1 to 64
# expect: 9:35: cols must be an integer constant from 1 to 64
# expect: 16:9: a vector has at most 64 components
# expect: 18:24: n must be between 1 and 64, got 65
# expect: 19:26: length must be between 1 and 64, got 65
# expect: 22:12: 'matrix_from_cols' takes at most 64 vectors
