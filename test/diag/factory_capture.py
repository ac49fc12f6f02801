# Definitions made by factories whose captured names are not compile-time
# constants, or are not defined by the factory (a branch the call does not
# take binds nothing).
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
    arr = np.ones(3)
    if s > 0.0:
        cond = 1.0

    @wp.func
    def f(x: float):
        y = x * s + arr[0]
        z = x + cond
        return y + z

    return f


ok = make_scale(2.0)
bad = make_scale(np.ones(3))
f2 = make_func(-1.0)  # the `if` is not taken: cond stays unbound


@wp.kernel
def use(a: wp.array(dtype=float)):
    a[0] = f2(a[0])

# expect: 15:23: captured name 'scale' is not a compile-time constant
# expect: 27:21: captured name 'arr' is not a compile-time constant
# expect: 28:17: name 'cond' is not defined
