# Calls of @wp.func with defaults and keyword arguments that do not bind.
import enum

import numpy as np

import warp as wp


@wp.func
def f(x: float, s: float = 2):
    return x * s


@wp.func
def g(x: float, s: float = 2.0):
    return x * s


@wp.func
def h(x: float, y: float = np.random.rand()):
    return x * y


@wp.func
def o(x: float, s: float = 1.0):
    return x + s


@wp.func
def o(x: int):
    return x


class Mode(enum.IntEnum):
    SLOW = 0
    FAST = 1


@wp.func
def e(x: float, m: int = Mode.FAST):
    return x * float(m)


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] = f(1.0)
    a[1] = g(1.0, t=2.0)
    a[2] = g(1.0, x=2.0)
    a[3] = g(s=1.0)
    a[4] = g(1.0, 2.0, 3.0)
    a[5] = h(1.0)
    a[6] = o(1, s=2.0)
    a[7] = e(1.0)
    a[8] = e(1.0, Mode.FAST.value)

# expect: 46:12: the default value of parameter 's' of 'f' is a 'int32', not a 'float32' (Warp matches a default by the type of its value)
# expect: 47:12: 'g' has no parameter 't'
# expect: 48:12: 'g' got several values for its parameter 'x'
# expect: 49:12: 'g' is called without its argument 'x'
# expect: 50:12: 'g' takes 2 arguments, got 3
# expect: 20:28: warpc does not evaluate 'numpy.random.rand' at compile time; write the value as a literal
# expect: 52:12: no overload of 'o' accepts arguments of type (int32, s=float32)
# expect: 40:26: an IntEnum/IntFlag member as a default value matches no parameter type in Warp
