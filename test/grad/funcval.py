"""Gradients through functions as values (warp-lang 1.19.0): a kernel's
backward through a func specialized on a wp.Function argument (a user
func, a builtin, a default target), through a function-valued local
(`f = cube`) and a wp.static() result, and with wp.grad() used in the
forward code."""
from typing import Any

import warp as wp


@wp.func
def cube(x: Any):
    return x * x * x


@wp.func
def apply_unary(g: wp.Function, x: Any):
    return g(x)


@wp.func
def apply_binary(g: wp.Function, x: Any, y: Any):
    return g(x, y)


@wp.func
def apply_default(x: Any, g: wp.Function = wp.sin):
    return g(x)


TARGETS = (cube, wp.exp)


@wp.kernel
def fv(x: wp.array(dtype=float), y: wp.array(dtype=float), z: wp.array(dtype=float)):
    i = wp.tid()
    f = cube
    s = wp.static(TARGETS[1])
    z[i] = (apply_unary(cube, x[i]) + apply_binary(wp.atan2, y[i], x[i]) + apply_default(x[i] * y[i])
            + f(y[i]) + apply_unary(s, 0.5 * x[i]) + apply_unary(f, x[i]) * y[i])


@wp.kernel
def fv_f64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64), z: wp.array(dtype=wp.float64)):
    i = wp.tid()
    f = cube
    s = wp.static(TARGETS[1])
    z[i] = (apply_unary(cube, x[i]) + apply_binary(wp.atan2, y[i], x[i]) + apply_default(x[i] * y[i])
            + f(y[i]) + apply_unary(s, wp.float64(0.5) * x[i]) + apply_unary(f, x[i]) * y[i])


GRAD_TESTS = [
    dict(name="funcval", kernel="fv", dim=12,
         args=dict(x=("uniform", 0.5, 2.0), y=("uniform", -2.0, 2.0)),
         outputs=["z"], inputs=["x", "y"]),
]
