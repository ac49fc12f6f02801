"""Matrices of integers (wp.types.matrix(shape=..., dtype=wp.int32 / int64 /
uint32 ...)): element-wise arithmetic, products with matrices, vectors and
scalars, transpose, `==`, components, atomic_add.  (`!=` on matrices does not
build in warp-lang 1.10.1, so it is not compared.)"""

import warp as wp

mat22i = wp.types.matrix(shape=(2, 2), dtype=wp.int32)
mat23i = wp.types.matrix(shape=(2, 3), dtype=wp.int32)
mat33l = wp.types.matrix(shape=(3, 3), dtype=wp.int64)
mat22u = wp.types.matrix(shape=(2, 2), dtype=wp.uint32)
vec2i = wp.types.vector(length=2, dtype=wp.int32)
vec3i = wp.types.vector(length=3, dtype=wp.int32)


@wp.kernel
def int_ops(a: wp.array(dtype=mat22i), b: wp.array(dtype=mat23i), v: wp.array(dtype=vec3i),
            s: wp.array(dtype=wp.int32), out: wp.array(dtype=mat22i), out23: wp.array(dtype=mat23i),
            outv: wp.array(dtype=vec2i), flags: wp.array(dtype=wp.int32)):
    i = wp.tid()
    m = a[i]
    k = s[i]
    r = m * m + wp.transpose(m) * 2 - m * k
    r[0, 1] = r[0, 1] + 1
    out[i] = -r
    out23[i] = m @ b[i] + b[i] * 3
    outv[i] = b[i] * v[i] + wp.vec2i(m[1, 0], m[0][1])
    f = 0
    if m == wp.transpose(m):
        f = 1
    if m == a[i]:
        f += 2
    flags[i] = f + m[1, 1]


@wp.kernel
def int_accumulate(a: wp.array(dtype=mat33l), acc: wp.array(dtype=mat33l),
                   u: wp.array(dtype=mat22u), uo: wp.array(dtype=mat22u)):
    i = wp.tid()
    wp.atomic_add(acc, 0, a[i])
    m = mat33l()
    m[1, 2] = wp.int64(i)
    acc[1] = acc[1]  # keep acc[1] as is
    wp.atomic_add(acc, 2, m)
    uo[i] = u[i] * u[i] + wp.transpose(u[i])


TESTS = [
    dict(kernel="int_ops", dim=23,
         args=dict(a=("int", -20, 20), b=("int", -20, 20), v=("int", -9, 9),
                   s=("int", -5, 5))),
    dict(kernel="int_accumulate", dim=11,
         args=dict(a=("int", -1000, 1000), u=("int", 0, 4000)),
         shapes=dict(acc=(3,))),
]
