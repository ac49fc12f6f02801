"""Conditional expressions: `a if c else b` and wp.where on scalars and vectors.

(wp.select is gone from warp-lang 1.10; wp.where(cond, if_true, if_false) is
the builtin.  A ternary evaluates only the chosen branch; wp.where evaluates
both arguments.)
"""
import warp as wp


@wp.kernel
def relu_like(x: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    v = x[i]
    out[i, 0] = v if v > 0.0 else 0.0
    out[i, 1] = wp.where(v > 0.0, v, 0.1 * v)
    out[i, 2] = 1.0 if v > 0.5 else (-1.0 if v < -0.5 else 0.0)
    out[i, 3] = wp.where(v < 0.0, -v, v) + (2.0 if i % 2 == 0 else 3.0)


@wp.kernel
def int_select(n: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    k = n[i]
    out[i] = (k // 2 if k % 2 == 0 else 3 * k + 1) + wp.where(k > 10, 100, -100)


@wp.kernel
def vec_select(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    u = a[i]
    v = b[i]
    out[i] = wp.where(wp.length(u) < wp.length(v), u, v) + (u if u[0] > v[0] else v)


TESTS = [
    dict(kernel="relu_like", dim=500, args=dict(x=("uniform", -1, 1)), shapes=dict(out=(500, 4)), outputs=["out"]),
    dict(kernel="int_select", dim=500, args=dict(n=("int", -50, 50)), outputs=["out"]),
    dict(kernel="vec_select", dim=300, args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)), outputs=["out"]),
]
