# Misused kernel overloads: of a kernel that is not generic, with a type its
# annotation rejects, with the wrong number of types, of an unknown name.
from typing import Any

import warp as wp


@wp.kernel
def plain(a: wp.array(dtype=float)):
    a[wp.tid()] = 1.0


@wp.kernel
def gen(a: wp.array(dtype=wp.Float), s: Any):
    a[wp.tid()] = a.dtype(s)


wp.overload(plain, [wp.array(dtype=float)])
wp.overload(gen, [wp.array(dtype=wp.int32), wp.int32])
wp.overload(gen, [wp.array(dtype=float)])
wp.overload(nothing, [float])


@wp.overload
def gen(a: wp.array(dtype=wp.float64), s: wp.vec3):
    ...

# expect: 18:1: only generic kernels can be overloaded; kernel 'plain' is not generic
# expect: 19:19: 'array(dtype=int32, ndim=1)' does not match the annotation 'wp.array(dtype=wp.Float)' of parameter 'a' of kernel 'gen'
# expect: 20:1: kernel 'gen' has 2 parameters; this overload gives 1 types
# expect: 21:13: wp.overload() needs a @wp.kernel of this file
# expect: 15:19: 'float64' takes one scalar argument
