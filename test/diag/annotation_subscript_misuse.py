# Annotations warp-lang 1.19 rejects: a union (A | B) in a kernel, an ndim
# parameter on wp.array2d[...], an ndim out of range, an ndim that is not a
# literal (Any: generic over the ndim, which warpc lacks), and a kernel
# with a return annotation other than None.
from typing import Any

import warp as wp


@wp.kernel
def union(a: wp.array[float] | float):
    pass


@wp.kernel
def nd2(a: wp.array2d[float, 2]):
    pass


@wp.kernel
def nd5(a: wp.array[float, 5]):
    pass


@wp.kernel
def nd_any(a: wp.array[float, Any]):
    pass


@wp.kernel
def returns(a: wp.array[float]) -> float:
    a[0] = 1.0

# expect: 11:14: union type annotations (A | B) are valid only at Python scope
# expect: 16:12: wp.array2d[...] takes one type parameter (the dtype)
# expect: 21:28: arrays have 1 to 4 dimensions, not 5
# expect: 26:31: the ndim of wp.array[dtype, ndim] must be an integer literal or Literal[n]
# expect: 31:36: Warp kernels cannot return values. Write results to output arguments, and omit the return annotation or use `-> None`
