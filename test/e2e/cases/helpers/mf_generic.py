"""Helper module of the e2e case multifile_generics (not a case itself):
@wp.func overloads, generic funcs whose annotations use this module's own
imports and aliases, and type aliases for the importing file."""
from typing import Any

import warp as wp

real = wp.float64
Vec5 = wp.types.vector(length=5, dtype=wp.float32)
VecF = wp.types.vector(length=Any, dtype=wp.Float)  # generic, used here only
Num = wp.Scalar
GAIN = 2.5


@wp.func
def twice(x: float):
    return GAIN * x - 0.5 * x  # this module's GAIN, whoever calls


@wp.func
def twice(x: int):
    return x * 3


@wp.func
def twice(x: real):
    return x * real(GAIN)


@wp.func
def mix(a: Any, b: Any):
    return a * b + a


@wp.func
def mix(a: int, b: int):  # the concrete overload wins for int32
    return a - b


@wp.func
def norm2(v: VecF):
    return wp.dot(v, v)


@wp.func
def clampabs(x: Num, hi: Num):
    return wp.min(wp.abs(x), hi)
