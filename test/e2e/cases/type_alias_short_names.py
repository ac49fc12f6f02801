"""wp.vec(length=, dtype=) and wp.mat(shape=, dtype=) are Warp's short
names of wp.types.vector / wp.types.matrix: module-level aliases made with
them (as warp-lang's own tests write mat32d = wp.mat(shape=(3, 2),
dtype=wp.float64)) and generic annotations written with them are types."""
from typing import Any

import warp as wp

mat32d = wp.mat(shape=(3, 2), dtype=wp.float64)
vec5 = wp.vec(length=5, dtype=float)
vec3i = wp.vec(3, wp.int32)
mat22 = wp.mat((2, 2), float)


@wp.func
def total(v: wp.vec(length=Any, dtype=wp.Float)):
    s = v[0]
    for k in range(1, len(v)):
        s += v[k]
    return s


@wp.kernel
def short_names(a: wp.array(dtype=float), m: wp.array(dtype=mat32d), out: wp.array(dtype=float)):
    i = wp.tid()
    x = mat32d()
    x[1, 1] = wp.float64(a[i])
    x[2, 0] = wp.float64(2.0)
    m[i] = x
    v = vec5(a[i])
    v[4] = 3.0
    w = vec3i(1, 2, 3)
    q = mat22(1.0, 2.0, 3.0, a[i])
    out[i] = float(x[1, 1]) + total(v) + float(w[2]) + wp.determinant(q) + float(total(wp.vec2d(x[2, 0], x[1, 1])))


TESTS = [
    dict(kernel="short_names", dim=8, args=dict(a=("uniform", -1, 1)), outputs=["m", "out"]),
]
