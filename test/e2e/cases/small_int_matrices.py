"""Matrices of 8- and 16-bit integers (wp.types.matrix(shape, dtype=wp.int8 /
uint8 / int16 / uint16)), as warp-lang 1.19.0 computes them: arithmetic in
the element type (wrapping), products with matrices, vectors and scalars,
transpose, components, `==`, and a struct with such a field
(tests/test_array.py has one).  Atomics on them are errors, as in warp-lang
(diag.atomic_misuse)."""

import warp as wp

mat22b = wp.types.matrix(shape=(2, 2), dtype=wp.int8)
mat23ub = wp.types.matrix(shape=(2, 3), dtype=wp.uint8)
mat33s = wp.types.matrix(shape=(3, 3), dtype=wp.int16)
mat22us = wp.types.matrix(shape=(2, 2), dtype=wp.uint16)
vec3ub = wp.types.vector(length=3, dtype=wp.uint8)
vec2ub = wp.types.vector(length=2, dtype=wp.uint8)


@wp.struct
class Holder:
    m5: wp.types.matrix((5, 5), wp.int8)
    k: wp.int32


@wp.kernel
def int8_ops(a: wp.array(dtype=mat22b), s: wp.array(dtype=wp.int8), out: wp.array(dtype=mat22b),
             flags: wp.array(dtype=wp.int32)):
    i = wp.tid()
    m = a[i]
    k = s[i]
    r = m * m + wp.transpose(m) * wp.int8(3) - m * k
    r[0, 1] = r[0, 1] + wp.int8(100)
    out[i] = -r
    f = int(m[1, 0])
    if m == wp.transpose(m):
        f += 1000
    flags[i] = f


@wp.kernel
def uint8_products(b: wp.array(dtype=mat23ub), v: wp.array(dtype=vec3ub), outv: wp.array(dtype=vec2ub),
                   out: wp.array(dtype=mat23ub)):
    i = wp.tid()
    outv[i] = b[i] * v[i]
    out[i] = b[i] * wp.uint8(7) + b[i]


@wp.kernel
def int16_matmul(a: wp.array(dtype=mat33s), out: wp.array(dtype=mat33s), acc: wp.array(dtype=mat33s)):
    i = wp.tid()
    m = a[i]
    out[i] = m @ wp.transpose(m) - m
    acc[i] = m * wp.int16(i) + acc[i]


@wp.kernel
def uint16_wrap(u: wp.array(dtype=mat22us), uo: wp.array(dtype=mat22us)):
    i = wp.tid()
    uo[i] = u[i] * u[i] - wp.transpose(u[i]) * wp.uint16(3)


@wp.kernel
def struct_field(a: wp.array(dtype=wp.int8), out: wp.array(dtype=wp.int32)):
    i = wp.tid()
    h = Holder()
    h.m5[1, 2] = a[i]
    h.m5[4, 4] = a[i] * wp.int8(2)
    h.k = 3
    out[i] = int(h.m5[1, 2]) + int(h.m5[4, 4]) + h.k + int(h.m5[0, 0])


TESTS = [
    dict(kernel="int8_ops", dim=29, args=dict(a=("int", -128, 127), s=("int", -128, 127))),
    dict(kernel="uint8_products", dim=17, args=dict(b=("int", 0, 255), v=("int", 0, 255))),
    dict(kernel="int16_matmul", dim=13, args=dict(a=("int", -300, 300), acc=("int", -300, 300))),
    dict(kernel="uint16_wrap", dim=11, args=dict(u=("int", 0, 65535))),
    dict(kernel="struct_field", dim=9, args=dict(a=("int", -100, 100))),
]
