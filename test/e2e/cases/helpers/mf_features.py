"""Helper module of the e2e case multifile_features (not a case itself):
an IntEnum and an IntFlag, funcs with default parameter values that use
this module's constants, a vector type whose length is a named constant,
a func and a struct made by factory calls of this module, a kernel factory
and a func factory for the importing file, and a @wp.func_native whose
snippet is a constant of this module."""
import enum
from enum import IntFlag, auto

import warp as wp

N = 3
SCALE = 1.5
OFFSET = 0.25


class Mode(enum.IntEnum):
    SLOW = 0
    FAST = 2
    TURBO = auto()


class Bits(IntFlag):
    A = auto()
    B = auto()
    C = 16


Vec = wp.types.vector(length=N, dtype=float)
FLAGS_AC = int(Bits.A | Bits.C)
SQUARE_SNIPPET = "return x * x + 1.0f;"


@wp.func
def affine(x: float, a: float = SCALE, b: float = OFFSET * 4.0):
    return a * x + b


@wp.func
def pick(m: int, x: float, fast: int = Mode.FAST.value):
    if m == fast:
        return x * 2.0
    elif m == Mode.TURBO:
        return x * 3.0
    return x


@wp.func_native(SQUARE_SNIPPET)
def square1(x: float) -> float:
    ...


def make_shift(k: float):
    delta = k + OFFSET

    @wp.func
    def shift(x: float):
        return x + delta * SCALE

    return shift


def make_pair(dtype):
    @wp.struct
    class Pair:
        a: dtype
        b: float

    return Pair


def make_gain(g: float, count: int = N):
    gg = g * SCALE

    @wp.kernel
    def gain(a: wp.array(dtype=float), out: wp.array(dtype=float)):
        i = wp.tid()
        v = Vec()
        for k in range(count):
            v[k] = a[i] * float(k + 1)
        out[i] = wp.length(v) * gg + OFFSET + affine(a[i])

    return gain


def make_twice(fn):
    @wp.func
    def twice(x: float):
        return fn(fn(x))

    return twice


shift2 = make_shift(2.0)
Pair64 = make_pair(wp.float64)
