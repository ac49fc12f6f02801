# Functions are values only where warp-lang 1.19.0 takes them (a
# wp.Function parameter, a local `f = func`): a func passed for an `Any`
# parameter does not match it (warp-lang: "Unrecognized type '<Function
# sq(x: float)>'"), and a function is no operand ("Couldn't find function
# overload for 'add' that matched inputs with types: [function, float32]").
import warp as wp
from typing import Any


@wp.func
def sq(x: float):
    return x * x


@wp.func
def apply(f: Any, x: float):
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = apply(sq, a[i])
    a[i] = sq + 1.0
    g = wp.sin
    h = sq
    a[i] = g(h(a[i]))

# expect: 23:12: no overload of 'apply' accepts arguments of type (function sq, float32)
# expect: 24:12: a function is not a value
