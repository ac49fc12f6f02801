"""@wp.func helpers: parameters, return values, calls between functions,
arguments passed by value (a callee reassigning its parameter does not change
the caller's variable)."""
import warp as wp


@wp.func
def square(x: float) -> float:
    return x * x


@wp.func
def hypot2(x: float, y: float) -> float:
    return wp.sqrt(square(x) + square(y))


@wp.func
def smoothstep(e0: float, e1: float, x: float) -> float:
    t = wp.clamp((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


@wp.func
def bump(x: float):
    x = x + 1.0  # local to the callee
    return x * 2.0


@wp.func
def ipow(base: int, e: int) -> int:
    r = int(1)  # a plain `r = 1` is a constant Warp refuses to mutate in a loop
    for _k in range(e):
        r = r * base
    return r


@wp.kernel
def use_funcs(x: wp.array(dtype=float), y: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    a = x[i]
    b = y[i]
    out[i, 0] = hypot2(a, b)
    out[i, 1] = smoothstep(-0.5, 0.5, a)
    c = a
    d = bump(c)
    out[i, 2] = c
    out[i, 3] = d
    out[i, 4] = square(hypot2(a, 1.0)) - square(a)


@wp.kernel
def int_funcs(base: wp.array(dtype=int), e: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    out[i] = ipow(base[i], e[i]) - ipow(2, e[i] % 5)


TESTS = [
    dict(kernel="use_funcs", dim=400, args=dict(x=("uniform", -1, 1), y=("uniform", -2, 2)),
         shapes=dict(out=(400, 5)), outputs=["out"]),
    dict(kernel="int_funcs", dim=200, args=dict(base=("int", -5, 5), e=("int", 0, 9)), outputs=["out"]),
]
