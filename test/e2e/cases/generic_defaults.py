"""@wp.func default parameter values and keyword arguments: defaults fill
the parameters a call leaves out (module constants and typed values too),
keywords bind by name in any order, and overload resolution binds the
arguments to each overload first: a default's type is that of its value
(2.0 is a float32), so an overload is chosen with its defaults."""
from typing import Any

import warp as wp

SCALE = 3.0
ORIGIN = wp.constant(wp.vec3(1.0, 2.0, 3.0))


@wp.func
def scaled(x: float, s: float = 2.0):
    return x * s


@wp.func
def affine(x: float, a: float = SCALE, b: float = -1.0, c: wp.vec3 = ORIGIN):
    return x * a + b + c[1]


@wp.func
def bump(n: int, step: int = 5, twice: bool = False):
    r = n + step
    if twice:
        r = r + step
    return r


# overloads: the float one with a default, an int one without
@wp.func
def pick(x: float, s: float = 10.0):
    return x + s


@wp.func
def pick(x: int):
    return float(x) * 100.0


@wp.func
def pick(x: float, y: float, z: float):
    return x - y - z


# a generic function with a default
@wp.func
def mix(x: Any, w: float = 0.25):
    return x * type(x)(w)


@wp.kernel
def calls(a: wp.array(dtype=float), d: wp.array(dtype=wp.float64), out: wp.array(dtype=float),
          iout: wp.array(dtype=int), dout: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    out[i * 10 + 0] = scaled(x)
    out[i * 10 + 1] = scaled(x, 4.0)
    out[i * 10 + 2] = scaled(x, s=0.5)
    out[i * 10 + 3] = scaled(s=-1.0, x=x)
    out[i * 10 + 4] = affine(x)
    out[i * 10 + 5] = affine(x, b=2.0)
    out[i * 10 + 6] = affine(x, 1.0, c=wp.vec3(0.0, 7.0, 0.0))
    out[i * 10 + 7] = pick(x) + pick(i) + pick(x, s=1.0)
    out[i * 10 + 8] = pick(x, 1.0, z=2.0)
    out[i * 10 + 9] = mix(x) + mix(x, w=2.0)
    iout[i * 3 + 0] = bump(i)
    iout[i * 3 + 1] = bump(i, twice=True)
    iout[i * 3 + 2] = bump(n=i, step=-2, twice=True)
    dout[i] = mix(d[i]) + mix(d[i], 3.0)


TESTS = [
    dict(kernel="calls", dim=16,
         args=dict(a=("uniform", -2, 2), d=("uniform", -2, 2),
                   ), shapes=dict(out=(160,), iout=(48,)),
         outputs=["out", "iout", "dout"]),
]
