"""@wp.func parameters are values in warp-lang 1.10.1 (it has no wp.ref,
in-out parameters or address-of for user code): a func that assigns a
component of a vector, matrix or struct parameter, a field of a struct
parameter, or the parameter itself changes only its own copy; the caller's
variables keep their values.  Arrays are the only way out (stores through
an array parameter are seen by the caller)."""
import warp as wp


@wp.struct
class S:
    a: float
    v: wp.vec3


@wp.func
def mut_vec(v: wp.vec3):
    v[0] = 100.0
    return v[0]


@wp.func
def mut_vec_attr(v: wp.vec3):
    v.y = 200.0
    return v.y


@wp.func
def mut_struct(s: S):
    s.a = 300.0
    s.v[2] = 5.0
    return s.a + s.v[2]


@wp.func
def mut_mat(m: wp.mat22):
    m[0, 0] = 7.0
    return m[0, 0]


@wp.func
def mut_scalar(x: float):
    x = 9.0
    return x


@wp.func
def store(a: wp.array(dtype=float), i: int, x: float):
    a[i] = x


@wp.kernel
def by_value(xs: wp.array(dtype=float), out: wp.array(dtype=float, ndim=2)):
    i = wp.tid()
    x = xs[i]
    v = wp.vec3(x, 2.0, 3.0)
    r0 = mut_vec(v)
    out[i, 0] = v[0] + r0
    r1 = mut_vec_attr(v)
    out[i, 1] = v[1] + r1
    s = S()
    s.a = x
    r2 = mut_struct(s)
    out[i, 2] = s.a + r2
    out[i, 3] = s.v[2]
    m = wp.mat22(x, 2.0, 3.0, 4.0)
    r3 = mut_mat(m)
    out[i, 4] = m[0, 0] + r3
    r4 = mut_scalar(x)
    out[i, 5] = x + r4
    store(xs, i, x * 2.0)


TESTS = [
    dict(kernel="by_value", dim=8, shapes=dict(out=(8, 6)), args=dict(xs=("uniform", -1, 1)),
         outputs=["xs", "out"]),
]
