"""type(a).dtype and a.dtype.dtype in a generic kernel (warp's test_generics
test_generic_type_construction_kernel): the array's element type and that
type's scalar type, used as constructors."""
from typing import Any

import warp as wp


@wp.kernel
def scaled(a: wp.array(dtype=Any), out: wp.array(dtype=Any)):
    i = wp.tid()
    zero = type(a[i])()
    copy = type(a).dtype(a[i]) * a.dtype.dtype(2.0)
    out[i] = copy + zero


wp.overload(scaled, [wp.array(dtype=wp.vec3f), wp.array(dtype=wp.vec3f)])
wp.overload(scaled, [wp.array(dtype=wp.mat22d), wp.array(dtype=wp.mat22d)])


TESTS = [
    dict(kernel="scaled", overload=[wp.array(dtype=wp.vec3f), wp.array(dtype=wp.vec3f)], dim=5,
         args=dict(a=("uniform", -1, 1)), outputs=["out"]),
    dict(kernel="scaled", overload=[wp.array(dtype=wp.mat22d), wp.array(dtype=wp.mat22d)], dim=5,
         args=dict(a=("uniform", -1, 1)), outputs=["out"]),
]
