"""Conditional factories: a factory's `if` whose condition is a constant
for the call (its parameters, `x is None`, `not`, `elif`, module
constants, strings) runs the branch Python would, so the @wp.func, @wp.struct and
locals it defines are the ones the call made; two @wp.func defs of one name
in a factory are overloads of each other; a default value is computed as the
def saw it (warp-lang's
test_codegen_instancing create_func_cond / create_struct_cond, and newton's
`if _support_funcs is not None:` factories).  A host function's `match` on
values (enum members, literals, `|` alternatives, a guard, `case _:`) runs
the case Python would (newton's kamino get_material_mixing_function)."""
from enum import IntEnum

import warp as wp

LIMIT = 2.0


def create_func_cond(cond):
    if cond:

        @wp.func
        def f():
            return 17

    else:

        @wp.func
        def f():
            return 42

    return f


cond_func_1 = create_func_cond(True)
cond_func_2 = create_func_cond(False)


def create_struct_cond(cond):
    if cond:

        @wp.struct
        class S:
            v: float

    else:

        @wp.struct
        class S:
            v: wp.vec2

    return S


CondStruct1 = create_struct_cond(True)
CondStruct2 = create_struct_cond(False)


@wp.func
def plus_one(x: float):
    return x + 1.0


def make_scaled(helper=None, scale: float = 1.0, twice=False):
    if helper is None:

        @wp.func
        def h(x: float):
            return x * 2.0

    elif scale > LIMIT:
        h = helper
    else:

        @wp.func
        def h(x: float):
            return helper(x) + scale

    if not twice:
        reps = 1
    else:
        reps = 2

    @wp.kernel
    def scaled(a: wp.array(dtype=float), out: wp.array(dtype=float)):
        i = wp.tid()
        x = a[i]
        for _r in range(reps):
            x = h(x)
        out[i] = x

    return scaled


MODE = "mul"


def make_op(kind="add"):  # a string parameter chooses the branch
    if kind == "add":

        @wp.func
        def op(a: float, b: float):
            return a + b

    elif kind != "mul":

        @wp.func
        def op(a: float, b: float):
            return a - b

    else:

        @wp.func
        def op(a: float, b: float):
            return a * b

    return op


op_add = make_op()
op_mul = make_op(kind=MODE)
op_sub = make_op("sub")


@wp.kernel
def string_ops(out: wp.array(dtype=float)):
    out[0] = op_add(2.0, 3.0)
    out[1] = op_mul(2.0, 3.0)
    out[2] = op_sub(2.0, 3.0)


def make_truthy(helper=None):
    if not helper:  # None is false, a func true

        @wp.func
        def t(x: float):
            return x * 2.0

    else:

        @wp.func
        def t(x: float):
            return helper(x) * 3.0

    return t


t_none = make_truthy()
t_func = make_truthy(plus_one)


@wp.kernel
def truthy(out: wp.array(dtype=float)):
    out[0] = t_none(1.5)
    out[1] = t_func(1.5)


BASE = 2


def make_base(n=BASE):  # the default is BASE as the def saw it: 2
    @wp.kernel
    def based(out: wp.array(dtype=int)):
        out[wp.tid()] = n * 10 + BASE  # the kernel sees BASE's last binding

    return based


BASE = 5
k_based = make_base()


def make_aug(n):
    scale = 2.0
    scale *= 3.0  # augmented assignments run in order
    scale += float(n)

    @wp.kernel
    def aug(out: wp.array(dtype=float)):
        out[wp.tid()] = scale

    return aug


k_aug = make_aug(4)
k_none = make_scaled()
k_helper = make_scaled(plus_one, 0.5)
k_big = make_scaled(plus_one, 3.0, twice=True)


def create_func_closure_overload(value: int):
    @wp.func
    def f():
        return value

    @wp.func
    def f(x: int):
        return f() * x  # the other overload of the same call

    return f


closure_func_overload_1 = create_func_closure_overload(2)
closure_func_overload_2 = create_func_closure_overload(3)


@wp.kernel
def closure_overload_kernel(a: wp.array(dtype=int)):
    a[0] = closure_func_overload_1()
    a[1] = closure_func_overload_1(5)
    a[2] = closure_func_overload_2()
    a[3] = closure_func_overload_2(7)


@wp.kernel
def cond_kernel(out: wp.array(dtype=float)):
    out[0] = float(cond_func_1())
    out[1] = float(cond_func_2())
    s1 = CondStruct1()
    s1.v = 3.0
    s2 = CondStruct2()
    s2.v = wp.vec2(4.0, 5.0)
    out[2] = s1.v
    out[3] = s2.v[0] + s2.v[1]


class Mix(IntEnum):
    AVERAGE = 0
    MULTIPLY = 1
    MAX = 2
    MIN = 3


@wp.func
def mix_average(a: float, b: float) -> float:
    return 0.5 * (a + b)


@wp.func
def mix_multiply(a: float, b: float) -> float:
    return a * b


@wp.func
def mix_max(a: float, b: float) -> float:
    return wp.max(a, b)


@wp.func
def mix_min(a: float, b: float) -> float:
    return wp.min(a, b)


def mixing_function(mode: Mix = Mix.AVERAGE):
    match mode:
        case Mix.AVERAGE:
            f = mix_average
        case Mix.MULTIPLY | Mix.MAX if mode == Mix.MULTIPLY:
            f = mix_multiply
        case 2 | "max":
            f = mix_max
        case _:
            if mode != Mix.MIN:
                raise ValueError(f"unsupported mode {mode}")
            f = mix_min
    return f


def make_mixed(mode):
    mix = mixing_function(mode)

    @wp.func
    def mixed(a: float, b: float) -> float:
        return mix(a, b)

    return mixed


def neg_pick(v):
    match v:
        case -1 | -2:
            return mix_min
        case -2.5:
            return mix_max
    return mix_average


def make_neg(v):
    mix = neg_pick(v)

    @wp.func
    def picked(a: float, b: float) -> float:
        return mix(a, b)

    return picked


neg_min = make_neg(-2)
neg_max = make_neg(-2.5)
neg_avg = make_neg(2)
mixed_avg = make_mixed(Mix.AVERAGE)
mixed_mul = make_mixed(Mix.MULTIPLY)
mixed_max = make_mixed(Mix.MAX)
mixed_min = make_mixed(Mix.MIN)


@wp.kernel
def match_modes(a: wp.array(dtype=float), b: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    out[i, 0] = mixed_avg(a[i], b[i])
    out[i, 1] = mixed_mul(a[i], b[i])
    out[i, 2] = mixed_max(a[i], b[i])
    out[i, 3] = mixed_min(a[i], b[i])
    out[i, 4] = neg_min(a[i], b[i])
    out[i, 5] = neg_max(a[i], b[i])
    out[i, 6] = neg_avg(a[i], b[i])


TESTS = [
    dict(kernel="match_modes", dim=16, args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)),
         shapes=dict(out=(16, 7)), outputs=["out"]),
    dict(kernel="closure_overload_kernel", dim=1, shapes=dict(a=4), outputs=["a"]),
    dict(kernel="cond_kernel", dim=1, shapes=dict(out=4), outputs=["out"]),
    dict(kernel="string_ops", dim=1, shapes=dict(out=3), outputs=["out"]),
    dict(kernel="truthy", dim=1, shapes=dict(out=2), outputs=["out"]),
    dict(kernel="k_based", dim=1, shapes=dict(out=1), outputs=["out"]),
    dict(kernel="k_aug", dim=2, shapes=dict(out=2), outputs=["out"]),
    dict(kernel="k_none", dim=32, args=dict(a=("uniform", -1, 1)), outputs=["out"]),
    dict(kernel="k_helper", dim=32, args=dict(a=("uniform", -1, 1)), outputs=["out"]),
    dict(kernel="k_big", dim=32, args=dict(a=("uniform", -1, 1)), outputs=["out"]),
]
