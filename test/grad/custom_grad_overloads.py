"""@wp.func_grad on overloaded funcs attaches, as in Warp, to the overload
defined above it whose parameter types begin the gradient function's: here
the float64 and vec2 overloads of f get custom rules (deliberately not
their derivatives, so only warp-lang is the reference: fd=False) while the
float32 overload is differentiated from its body."""
import warp as wp


@wp.func
def f(x: float):
    return x * x


@wp.func
def f(x: wp.float64):
    return x * x * x


@wp.func_grad(f)
def adj_f(x: wp.float64, adj_ret: wp.float64):
    wp.adjoint[x] += wp.float64(100.0) * adj_ret


@wp.func
def f(x: wp.vec2):
    return wp.dot(x, x)


@wp.func_grad(f)
def adj_f(x: wp.vec2, adj_ret: float):
    wp.adjoint[x] += x * (10.0 * adj_ret)


@wp.kernel
def use_overloads(a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = f(a[i]) * b[i] + f(wp.vec2(a[i], b[i])) + float(f(wp.float64(b[i])))


GRAD_TESTS = [
    dict(name="func_grad_overloads", kernel="use_overloads", dim=8,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)), outputs=["y"], fd=False),
]
