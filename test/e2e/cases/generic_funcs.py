"""Generic @wp.func: parameters annotated typing.Any (as `Any` and
`typing.Any`), wp.Scalar, wp.Float, wp.Int, wp.array(dtype=Any),
wp.types.vector(length=Any, dtype=wp.Float) and wp.types.matrix(shape=(Any,
Any), dtype=wp.Float).  Each distinct tuple of argument types gets its own
instance, whose result type is inferred from its body; a concrete overload
of the same name wins over the generic one."""
import typing
from typing import Any

import warp as wp

VecF = wp.types.vector(length=Any, dtype=wp.Float)


@wp.func
def mul_add(a: Any, b: Any, c: Any):
    return a * b + c


@wp.func
def sq(x: typing.Any):
    return x * x


@wp.func
def sq(x: int):  # the concrete overload is preferred for int32
    return x * x + 1000


@wp.func
def halve(x: wp.Float):
    return x * x - x


@wp.func
def inc(x: wp.Int):
    return x + x


@wp.func
def absdiff(x: wp.Scalar, y: wp.Scalar):
    return wp.max(x, y) - wp.min(x, y)


@wp.func
def first(a: wp.array(dtype=Any), i: int):
    return a[i]


@wp.func
def norm2(v: VecF):
    return wp.dot(v, v)


@wp.func
def trace2(m: wp.types.matrix(shape=(Any, Any), dtype=wp.Float)):
    return m[0, 0] + m[1, 1]


@wp.kernel
def use_generics(x: wp.array(dtype=float), d: wp.array(dtype=wp.float64), n: wp.array(dtype=int),
                 u: wp.array(dtype=wp.uint8), v: wp.array(dtype=wp.vec3), vd: wp.array(dtype=wp.vec2d),
                 out: wp.array2d(dtype=float), dout: wp.array2d(dtype=wp.float64), nout: wp.array2d(dtype=int),
                 uout: wp.array(dtype=wp.uint8), vout: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i, 0] = mul_add(x[i], 2.0, 1.0)
    out[i, 1] = sq(x[i])
    out[i, 2] = absdiff(x[i], 0.5)
    out[i, 3] = first(x, 0) + first(x, i)
    out[i, 4] = norm2(v[i])
    out[i, 5] = trace2(wp.mat22(x[i], 1.0, 2.0, 3.0))
    dout[i, 0] = mul_add(d[i], d[i], wp.float64(1.0))
    dout[i, 1] = sq(d[i])
    dout[i, 2] = absdiff(d[i], wp.float64(0.25))
    dout[i, 3] = norm2(vd[i])
    dout[i, 4] = first(d, i)
    nout[i, 0] = mul_add(n[i], 3, 4)
    nout[i, 1] = sq(n[i])
    nout[i, 2] = inc(n[i])
    nout[i, 3] = absdiff(n[i], 7)
    nout[i, 4] = first(n, i)
    uout[i] = inc(u[i])
    vout[i] = mul_add(v[i], 2.0, v[i])


TESTS = [
    dict(kernel="use_generics", dim=32,
         args=dict(x=("uniform", -2, 2), d=("uniform", -2, 2), n=("int", -100, 100), u=("int", 0, 100),
                   v=("uniform", -1, 1), vd=("uniform", -1, 1)),
         shapes=dict(out=(32, 6), dout=(32, 5), nout=(32, 5)),
         outputs=["out", "dout", "nout", "uout", "vout"]),
]
