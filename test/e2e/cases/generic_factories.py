"""Kernels made by factories: a host function defines a @wp.kernel that
captures the factory's parameters and returns it; each module-level call
`k2 = make(...)` is a kernel of its own (launcher t_k2) in which the
captured names are the call's (compile-time constant) arguments: numbers,
module constants and expressions of them, defaults, keyword arguments, a
dtype, a @wp.func of the module."""
import warp as wp

OFFSET = 0.25


@wp.func
def square(x: float):
    return x * x


@wp.func
def cube(x: float):
    return x * x * x


def make_affine(scale: float, shift=1.0):
    @wp.kernel
    def affine(a: wp.array(dtype=float), out: wp.array(dtype=float)):
        i = wp.tid()
        out[i] = a[i] * scale + shift

    return affine


def make_apply(fn, times: int):
    @wp.kernel
    def apply(a: wp.array(dtype=float), out: wp.array(dtype=float)):
        i = wp.tid()
        x = a[i]
        for _k in range(times):
            x = fn(x)
        out[i] = x

    return apply


def make_fill(dtype, value):
    @wp.kernel
    def fill(out: wp.array(dtype=dtype)):
        out[wp.tid()] = dtype(value) + dtype(wp.tid())

    return fill


double_plus_one = make_affine(2.0)
halve = make_affine(0.5, shift=OFFSET * 2.0)
negate = make_affine(scale=-1.0, shift=0.0)
square_twice = make_apply(square, 2)
cube_once = make_apply(cube, 1)
fill_f64 = make_fill(wp.float64, 1.5)
fill_i32 = make_fill(wp.int32, 7)


TESTS = [
    dict(kernel="double_plus_one", dim=40, args=dict(a=("uniform", -1, 1)), outputs=["out"]),
    dict(kernel="halve", dim=40, args=dict(a=("uniform", -1, 1)), outputs=["out"]),
    dict(kernel="negate", dim=40, args=dict(a=("uniform", -1, 1)), outputs=["out"]),
    dict(kernel="square_twice", dim=40, args=dict(a=("uniform", -1, 1)), outputs=["out"]),
    dict(kernel="cube_once", dim=40, args=dict(a=("uniform", -1, 1)), outputs=["out"]),
    dict(kernel="fill_f64", dim=16, outputs=["out"]),
    dict(kernel="fill_i32", dim=16, outputs=["out"]),
]
