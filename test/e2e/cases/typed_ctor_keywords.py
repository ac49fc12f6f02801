"""Typed vector and matrix constructors given their own shape, length or
dtype as keywords (mat32d(c, shape=(3, 2)), warp's test_mat_constructors),
which warp-lang accepts when they agree with the type
(diag.typed_ctor_keywords: when they do not)."""
import warp as wp

mat32d = wp.types.matrix(shape=(3, 2), dtype=wp.float64)
vec4h = wp.types.vector(length=4, dtype=wp.float16)


@wp.kernel
def build(x: wp.array(dtype=wp.float64), out: wp.array(dtype=mat32d), outv: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    c = mat32d(x[i], wp.float64(2.0), wp.float64(3.0), x[i] * wp.float64(2.0), wp.float64(5.0), wp.float64(6.0))
    d = mat32d(c, shape=(3, 2))
    e = mat32d(d, dtype=wp.float64, shape=(3, 2))
    out[i] = e
    outv[i] = wp.vec3(float(x[i]), 1.0, 2.0, length=3)


TESTS = [
    dict(kernel="build", dim=4, args=dict(x=("uniform", -1, 1)), outputs=["out", "outv"]),
]
