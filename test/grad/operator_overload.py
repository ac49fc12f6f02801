"""Gradients through overloaded operators (`a * b` calling a @wp.func named
mul on structs, as in Warp): the user funcs are differentiated like any
call.  Float64 twin for the finite differences."""
import warp as wp


@wp.struct
class Cpx:
    re: float
    im: float


@wp.struct
class Cpx64:
    re: wp.float64
    im: wp.float64


@wp.func
def add(a: Cpx, b: Cpx) -> Cpx:
    return Cpx(a.re + b.re, a.im + b.im)


@wp.func
def mul(a: Cpx, b: Cpx) -> Cpx:
    return Cpx(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)


@wp.func
def add(a: Cpx64, b: Cpx64) -> Cpx64:
    return Cpx64(a.re + b.re, a.im + b.im)


@wp.func
def mul(a: Cpx64, b: Cpx64) -> Cpx64:
    return Cpx64(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)


@wp.kernel
def cpx(a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float), z: wp.array(dtype=float)):
    i = wp.tid()
    p = Cpx(a[i], b[i])
    q = Cpx(b[i] * 0.5, a[i] - 1.0)
    r = p * q + p
    r *= q
    y[i] = r.re
    z[i] = r.im


@wp.kernel
def cpx_f64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
            z: wp.array(dtype=wp.float64)):
    i = wp.tid()
    p = Cpx64(a[i], b[i])
    q = Cpx64(b[i] * wp.float64(0.5), a[i] - wp.float64(1.0))
    r = p * q + p
    r *= q
    y[i] = r.re
    z[i] = r.im


GRAD_TESTS = [
    dict(name="overloaded_mul_add", kernel="cpx", dim=8,
         args=dict(a=("uniform", -1.5, 1.5), b=("uniform", -1.5, 1.5)), outputs=["y", "z"]),
]
