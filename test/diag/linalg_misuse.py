# Misused linear-algebra builtins: the removed wp.matrix(pos, rot, scale)
# form (warp-lang 1.10 rejects it too), identity with a run-time size,
# matrix/vector constructors whose shape cannot be known or whose values
# disagree with dtype, unknown keywords, trace of a non-square matrix,
# svd3 with outputs that are not local variables of the right type, and a
# norm of a float64 vector (warp.math's norms are float32-only).
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), n: int, m: wp.array(dtype=wp.mat33)):
    i = wp.tid()
    x = wp.matrix(wp.vec3(1.0, 2.0, 3.0), wp.quat_identity(), wp.vec3(1.0, 1.0, 1.0))
    y = wp.identity(n=n, dtype=float)
    z = wp.matrix(1.0, 2.0, 3.0, 4.0)
    w = wp.vector(a[i], length=2, dtype=wp.float64)
    v = wp.vector(1.0, 2.0, size=2)
    t = wp.trace(wp.matrix(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, shape=(2, 3)))
    U = wp.mat33()
    s = wp.vec3()
    wp.svd3(m[i], U, s, a)
    V = wp.mat22()
    wp.svd3(m[i], U, s, V)
    h = wp.norm_huber(wp.vec3d(), wp.float64(1.0))
    q = wp.vector()

# expect: 13:9: has been removed in favor of `wp.transform_compose()`
# expect: 14:23: n must be a constant integer
# expect: 15:9: the `shape` argument must be specified when initializing a matrix by value
# expect: 16:19: expected to be of the type `float64`
# expect: 17:29: 'vector' has no argument 'size'
# expect: 18:9: the matrix must be square
# expect: 21:25: output argument 3 of 'svd3' must have type 'mat33f', not 'array
# expect: 23:25: output argument 3 of 'svd3' must have type 'mat33f', not 'mat22f'
# expect: 24:9: the vector must be a vector of float32
# expect: 25:9: the `length` argument must be specified when zero-initializing a vector
