# Kernels made by factories whose captured names are not compile-time
# constants, or not parameters of the factory, or a factory-made func.
import numpy as np

import warp as wp


def make_scale(scale):
    factor = 2.0

    @wp.kernel
    def k(a: wp.array(dtype=float)):
        i = wp.tid()
        a[i] = a[i] * scale * factor

    return k


def make_func(s):
    @wp.func
    def f(x: float):
        return x * s

    return f


ok = make_scale(2.0)
bad = make_scale(np.ones(3))
f2 = make_func(1.0)

# expect: 14:31: name 'factor' is not defined
# expect: 28:18: module-level value is not a compile-time constant warpc can evaluate
# expect: 29:1: @wp.func definitions made by a factory are not supported yet; define 'f' at module level
