"""Starred call arguments, as warp-lang 1.19 expands them: vectors,
quaternions, transforms and matrices (rows), slices of them (negative
bounds and steps included) and slices of 1-D arrays with compile-time
bounds, into constructors, builtins and @wp.func calls, mixed with plain
arguments."""
import warp as wp

vec7 = wp.types.vector(7, dtype=float)
mat23 = wp.types.matrix(shape=(2, 3), dtype=float)
N = 3


@wp.func
def weigh(a: float, b: float, c: float):
    return a + b * 10.0 + c * 100.0


@wp.kernel
def from_arrays(a: wp.array(dtype=float), ai: wp.array(dtype=int), out: wp.array2d(dtype=float),
                outi: wp.array2d(dtype=int)):
    i = wp.tid()
    v = wp.vec3(*a[:3])
    out[i, 0] = float(i) + v[0] + v[1] * 2.0 + v[2] * 3.0
    out[i, 1] = weigh(*a[1:7:2])
    out[i, 2] = wp.max(*a[4:6])
    w = wp.vec4(1.5, *a[N:6])
    out[i, 3] = wp.dot(w, wp.vec4(1.0, -2.0, 3.0, -4.0))
    iv = wp.vec3i(*ai[0:6:2])
    outi[i, 0] = iv[0] * 100 + iv[1] * 10 + iv[2]
    outi[i, 1] = wp.min(*ai[3:5]) + i


@wp.kernel
def from_composites(x: wp.array(dtype=wp.vec4), q: wp.array(dtype=wp.quat), m: wp.array(dtype=wp.mat33),
                    t: wp.array(dtype=wp.transform), o4: wp.array(dtype=wp.vec4), o2: wp.array(dtype=wp.vec2),
                    om: wp.array(dtype=wp.mat33), om23: wp.array(dtype=mat23), o7: wp.array(dtype=vec7),
                    oq: wp.array(dtype=wp.quat), s: wp.array(dtype=float)):
    i = wp.tid()
    v = x[i]
    o4[i] = wp.vec4(*v[::-1])
    o2[i] = wp.vec2(*v[-3:-1]) + wp.vec2(*q[i][1:3])
    om[i] = wp.matrix_from_cols(*m[i]) + wp.matrix_from_rows(*m[i][::-1])
    om23[i] = wp.matrix_from_rows(*m[i][-2:])
    o7[i] = vec7(*t[i])
    oq[i] = wp.quat(*q[i]) + wp.quat(*v[:2], *v[2:])
    s[i] = weigh(*wp.vec3(v[0], v[1], v[2])) + wp.max(*wp.vec2(v[3], v[0]))


TESTS = [
    dict(kernel="from_arrays", dim=4, shapes=dict(a=(32,), ai=(6,), out=(4, 4), outi=(4, 2)),
         args=dict(a=("uniform", -3, 3), ai=("int", -9, 9)), outputs=["out", "outi"]),
    dict(kernel="from_composites", dim=8,
         args=dict(x=("uniform", -2, 2), q=("uniform", -1, 1), m=("uniform", -2, 2), t=("uniform", -2, 2)),
         outputs=["o4", "o2", "om", "om23", "o7", "oq", "s"]),
]
