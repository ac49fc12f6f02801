"""@wp.func_native with adj_snippet: the backward pastes adj_snippet, which
reads the parameters and adj_ret and adds to adj_<param>.  axpo's rule is
deliberately not its derivative (x's adjoint scaled by 10), so only
warp-lang is the reference (fd=False); a native func without adj_snippet
passes no gradient (Warp's empty reverse body)."""
import warp as wp


@wp.func_native("""
    float t = x * s;
    return t + 1.0f;
""", """
    adj_x += s * adj_ret * 10.0f;
    adj_s += x * adj_ret;
""")
def axpo(x: float, s: float) -> float:
    ...


@wp.func_native("return x * x;")
def square_no_adj(x: float) -> float:
    ...


@wp.kernel
def use_native(a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = axpo(a[i], b[i]) * a[i] + square_no_adj(b[i]) + b[i]


GRAD_TESTS = [
    dict(name="native_adj_snippet", kernel="use_native", dim=8,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)), outputs=["y"], fd=False),
]


# A native func with no result called in a dynamic loop: the loop's
# backward replays the call's block, and there is no value of it to save
# (a void result put on the tape is C that does not compile).
@wp.func_native("(void)x;")
def touch(x: float):
    ...


@wp.kernel
def native_void_in_loop(a: wp.array(dtype=float), n: int, y: wp.array(dtype=float)):
    i = wp.tid()
    s = float(0.0)
    for j in range(n):
        touch(a[j])
        s = s + a[j] * a[i]
    y[i] = s


@wp.func_native("(void)x;")
def touch64(x: wp.float64):
    ...


@wp.kernel
def native_void_in_loop_f64(a: wp.array(dtype=wp.float64), n: int, y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    s = wp.float64(0.0)
    for j in range(n):
        touch64(a[j])
        s = s + a[j] * a[i]
    y[i] = s


GRAD_TESTS += [
    dict(name="native_void_in_loop", kernel="native_void_in_loop", dim=6,
         args=dict(a=("uniform", -1, 1), n=6), outputs=["y"]),
]
