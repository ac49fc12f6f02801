# Generic functions called with argument types their annotations reject, and
# an instance whose body does not type-check for its argument types.
from typing import Any

import warp as wp


@wp.func
def twice(x: wp.Int):
    return x + x


@wp.func
def first(a: wp.array(dtype=wp.Float)):
    return a[0]


@wp.func
def index(v: Any):
    return v[0]


@wp.kernel
def k(a: wp.array(dtype=float), n: wp.array(dtype=int)):
    i = wp.tid()
    a[i] = twice(a[i])
    a[i] = float(first(n))
    a[i] = index(a[i])

# expect: 26:12: no overload of 'twice' accepts arguments of type (float32)
# expect: 27:18: no overload of 'first' accepts arguments of type (array(dtype=int32, ndim=1))
# expect: 20:12: 'float32' cannot be indexed
