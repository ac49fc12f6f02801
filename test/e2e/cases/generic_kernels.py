"""Generic kernels: parameters annotated wp.array(dtype=Any), typing.Any,
wp.Float; instances declared with @wp.overload, wp.overload(k, [types]) and
wp.overload(k, {"name": type}) (also assigned to a name).  Each instance has
its own launcher MODULE_k_<generic parameter types> (an array parameter
contributes its dtype): t_scale_float32, t_scale_float64, t_scale_int32,
t_axpy_float32_float32, ...  Instances are launched here with
dict(kernel=..., overload=[types]) (see test/e2e/README.md)."""
from typing import Any

import warp as wp


@wp.func
def twice(x: Any):
    return x + x


@wp.kernel
def scale(a: wp.array(dtype=Any), s: Any, out: wp.array(dtype=Any)):
    i = wp.tid()
    out[i] = twice(a[i] * s)


@wp.overload
def scale(a: wp.array(dtype=wp.float32), s: wp.float32, out: wp.array(dtype=wp.float32)):
    ...


wp.overload(scale, [wp.array(dtype=wp.float64), wp.float64, wp.array(dtype=wp.float64)])
scale_i32 = wp.overload(scale, {"a": wp.array(dtype=wp.int32), "s": wp.int32, "out": wp.array(dtype=wp.int32)})
wp.overload(scale, [wp.array(dtype=wp.vec3), wp.float32, wp.array(dtype=wp.vec3)])


@wp.kernel
def axpy(x: wp.array(dtype=wp.Float), y: wp.array2d(dtype=Any), alpha: wp.Float, n: int):
    i, j = wp.tid()
    y[i, j] = y[i, j] + alpha * x[i] * y.dtype(n)


@wp.overload
def axpy(x: wp.array(dtype=float), y: wp.array2d(dtype=float), alpha: float, n: int):
    pass


wp.overload(axpy, {"x": wp.array(dtype=wp.float64), "y": wp.array2d(dtype=wp.float64), "alpha": wp.float64})


TESTS = [
    dict(kernel="scale", overload=[wp.array(dtype=wp.float32), wp.float32, wp.array(dtype=wp.float32)],
         dim=50, args=dict(a=("uniform", -1, 1), s=1.5), outputs=["out"]),
    dict(kernel="scale", overload=[wp.array(dtype=wp.float64), wp.float64, wp.array(dtype=wp.float64)],
         dim=50, args=dict(a=("uniform", -1, 1), s=-0.25), outputs=["out"]),
    dict(kernel="scale", overload={"a": wp.array(dtype=wp.int32), "s": wp.int32, "out": wp.array(dtype=wp.int32)},
         dim=50, args=dict(a=("int", -1000, 1000), s=3), outputs=["out"]),
    dict(kernel="scale", overload=[wp.array(dtype=wp.vec3), wp.float32, wp.array(dtype=wp.vec3)],
         dim=20, args=dict(a=("uniform", -1, 1), s=2.0), outputs=["out"]),
    dict(kernel="axpy", overload=[wp.array(dtype=float), wp.array2d(dtype=float), float, int],
         dim=(8, 4), args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1), alpha=0.5, n=2),
         shapes=dict(x=(8,)), outputs=["y"]),
    dict(kernel="axpy", overload={"x": wp.array(dtype=wp.float64), "y": wp.array2d(dtype=wp.float64),
                                  "alpha": wp.float64},
         dim=(8, 4), args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1), alpha=-2.0, n=3),
         shapes=dict(x=(8,)), outputs=["y"]),
]
