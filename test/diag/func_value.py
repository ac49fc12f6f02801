# Warp 1.10.1 has no function values: a @wp.func (or a builtin) cannot be
# passed as an argument to another func, stored in a variable or returned
# (warp-lang: "Could not find function f as a built-in or user-defined
# function"; a `Callable` or `Any` annotation does not help).  Closures made
# by a Python factory with wp.static are the Warp way.
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
    g = wp.sin
    h = sq

# expect: 23:18: a function is not a value: Warp cannot pass a function as an argument, store it or return it (call it where it is needed)
# expect: 24:9: a function is not a value: Warp cannot pass a function as an argument, store it or return it (call it where it is needed)
# expect: 25:9: a function is not a value: Warp cannot pass a function as an argument, store it or return it (call it where it is needed)
