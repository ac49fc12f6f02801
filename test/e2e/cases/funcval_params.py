"""wp.Function parameters (warp-lang 1.19.0): a @wp.func taking a function
and calling it, specialized per target: user funcs, funcs of another module,
builtins (wp.sin, wp.add, wp.min), keyword arguments, default targets
(a func, a builtin), a generic parameter beside it, nesting, a parameter
rebound to a local and passed on, function-valued locals and wp.static()
results as arguments, a wp.ref[T] parameter after it, wp.grad() of such a
func, and an overload set with a wp.Function overload."""
from typing import Any

import warp as wp

import mf_features


@wp.func
def double_it(x: float):
    return x * 2.0


@wp.func
def triple_it(x: float):
    return x * 3.0


@wp.func
def square_it(x: float):
    return x * x


@wp.func
def apply_unary(g: wp.Function, x: float):
    return g(x)


@wp.func
def apply_generic(g: wp.Function, x: Any):
    return g(x)


@wp.func
def apply_default(g: wp.Function = double_it, x: float = 3.0):
    return g(x)


@wp.func
def apply_builtin_default(g: wp.Function = wp.sin, x: float = 0.5):
    return g(x)


@wp.func
def apply_nested(x: float):
    return apply_unary(double_it, x)


@wp.func
def apply_binary(g: wp.Function, x: float, y: float):
    return g(x, y)


@wp.func
def apply_bound(g: wp.Function, x: float):
    f = g
    return apply_unary(f, x) + f(1.0)


@wp.func
def apply_twice(g: wp.Function, h: wp.Function, x: float):
    return h(g(x))


@wp.func
def write_after(g: wp.Function, dst: wp.ref[wp.float32], x: wp.float32):
    dst = g(x)


@wp.func
def apply_overloaded(x: int):
    return float(x)


@wp.func
def apply_overloaded(g: wp.Function, x: float):
    return g(x)


@wp.func
def read_array(arr: wp.array(dtype=float), i: int):
    return arr[i]


@wp.func
def apply_array(g: wp.Function, arr: wp.array(dtype=float), i: int):
    return g(arr, i)


TARGETS = (double_it, triple_it)
FN_TARGET = triple_it


@wp.kernel
def params(x: wp.array(dtype=float), out: wp.array(dtype=float, ndim=2)):
    i = wp.tid()
    v = x[i]
    out[i, 0] = apply_unary(double_it, v)
    out[i, 1] = apply_unary(triple_it, v)
    out[i, 2] = apply_nested(v)
    out[i, 3] = apply_default()
    out[i, 4] = apply_unary(g=triple_it, x=v)
    out[i, 5] = apply_generic(double_it, v)
    out[i, 6] = apply_unary(wp.sin, v)
    out[i, 7] = apply_binary(wp.add, v, 3.0)
    out[i, 8] = apply_binary(wp.min, v, 0.5)
    out[i, 9] = apply_builtin_default()
    out[i, 10] = apply_unary(g=wp.cos, x=v)
    f = double_it
    out[i, 11] = apply_unary(f, v)
    out[i, 12] = apply_bound(triple_it, v)
    s = wp.static(TARGETS[1])
    out[i, 13] = apply_unary(s, v)
    out[i, 14] = apply_unary(wp.static(TARGETS[0]), v)
    out[i, 15] = apply_twice(square_it, double_it, v)
    out[i, 16] = apply_unary(mf_features.affine, v)
    out[i, 17] = apply_overloaded(FN_TARGET, v) + apply_overloaded(2)
    out[i, 18] = apply_array(read_array, x, i)
    out[i, 19] = apply_default(triple_it)


@wp.kernel(enable_backward=False)
def refs(out: wp.array(dtype=wp.float32)):
    write_after(double_it, out[0], wp.float32(3.0))
    write_after(triple_it, out[1], wp.float32(4.0))


@wp.kernel(enable_backward=False)
def grads(x: wp.array(dtype=float), out: wp.array(dtype=float, ndim=2)):
    i = wp.tid()
    out[i, 0] = wp.grad(apply_unary)(square_it, x[i])
    out[i, 1] = wp.grad(apply_unary)(wp.sin, x[i])
    da, db = wp.grad(apply_binary)(wp.atan2, x[i], 3.0)
    out[i, 2] = da
    out[i, 3] = db


TESTS = [
    dict(kernel="params", dim=16, args=dict(x=("uniform", -2, 2)),
         shapes=dict(out=(16, 20)), outputs=["out"]),
    dict(kernel="refs", dim=1, shapes=dict(out=(2,)), outputs=["out"]),
    dict(kernel="grads", dim=16, args=dict(x=("uniform", -2, 2)),
         shapes=dict(out=(16, 4)), outputs=["out"]),
]
