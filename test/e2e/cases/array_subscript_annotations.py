"""Subscript annotations of warp-lang 1.19: wp.array[T], wp.array2d[T] ...
wp.array4d[T], wp.array[T, N] and wp.array[T, Literal[N]] on kernel and
@wp.func parameters and struct fields, composite dtypes written as calls
inside them (wp.types.vector(3, wp.float64)), Warp scalar and composite
return annotations on @wp.func (-> wp.float64, -> wp.vec3,
-> wp.float16) and `-> None` on a kernel."""
from typing import Literal

import warp as wp

vec3d = wp.types.vector(3, wp.float64)


@wp.struct
class Data:
    values: wp.array[float]
    grid: wp.array[wp.float32, 2]
    scale: float


@wp.func
def twice64(x: float) -> wp.float64:
    return wp.float64(x) * wp.float64(2.0)


@wp.func
def splat(x: float) -> wp.vec3:
    return wp.vec3(x, x * 2.0, x * 3.0)


@wp.func
def half(x: float) -> wp.float16:
    return wp.float16(x)


@wp.func
def first(a: wp.array[float], b: wp.array[wp.float32, Literal[2]]) -> float:
    return a[0] + b[0, 1]


@wp.kernel
def subscripts(a: wp.array[float], b: wp.array2d[wp.vec3], c: wp.array3d[int], d: wp.array4d[wp.float64],
               e: wp.array[wp.float32, 2], f: wp.array[wp.vec2, Literal[3]], g: wp.array2d[wp.types.vector(3, wp.float64)],
               s: Data, out: wp.array[wp.float64], outv: wp.array[wp.vec3], outh: wp.array[wp.float16]) -> None:
    i = wp.tid()
    x = a[i] + b[i, 1][2] + float(c[i, 0, 1]) + float(d[i, 0, 0, 1]) + e[i, 1] + f[i, 0, 1][0]
    x += float(g[i, 1][2]) + s.values[i] * s.scale + s.grid[i, 0] + first(a, e)
    out[i] = twice64(x)
    outv[i] = splat(x)
    outh[i] = half(x)


TESTS = [
    dict(kernel="subscripts", dim=6,
         shapes=dict(b=(6, 2), c=(6, 1, 2), d=(6, 1, 1, 2), e=(6, 2), f=(6, 1, 2), g=(6, 2), vals=(6,),
                     grid=(6, 3)),
         arrays=dict(vals=("uniform", -1, 1), grid=("uniform", -1, 1)),
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), c=("int", -5, 5), d=("uniform", -1, 1),
                   e=("uniform", -1, 1), f=("uniform", -1, 1), g=("uniform", -1, 1),
                   s=dict(values="vals", grid="grid", scale=1.5)),
         outputs=["out", "outv", "outh"], tol=dict(out=(1e-6, 1e-6), outh=(1e-3, 1e-3))),
]
