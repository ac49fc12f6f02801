"""Functions as values (warp-lang 1.19.0): a local bound to a @wp.func
(`f = double_it`, `f = module.func`), to a builtin (`f = wp.sin`), to a
`wp.static(...)` result naming a function (an item of a tuple or, by
its string key, of a dict), or to `wp.grad(f)`, then called;
`wp.grad()` of such a local and of builtins (`wp.grad(wp.atan2)` gives the
tuple of partials, `wp.grad(wp.sqrt)` inside a @wp.func_grad)."""
import warp as wp

import mf_features


@wp.func
def double_it(x: float):
    return x * 2.0


@wp.func
def triple_it(x: float):
    return x * 3.0


@wp.func
def square(x: float):
    return x * x


@wp.func
def poly(x: float, y: float):
    return x * x * y + 3.0 * y


FUNCS = [double_it, triple_it]
TABLE = (square, double_it)
NAMED = {"double": double_it, "sq": square, "sq": triple_it}


@wp.func
def grad_in_func(x: float):
    g = wp.grad(square)
    return g(x) + wp.grad(square)(x)


@wp.func
def safe_sqrt(x: float):
    return wp.sqrt(x)


@wp.func_grad(safe_sqrt)
def adj_safe_sqrt(x: float, adj_ret: float):
    if x > 0.0:
        wp.adjoint[x] += wp.grad(wp.sqrt)(x) * adj_ret


@wp.kernel
def aliases(x: wp.array(dtype=float), out: wp.array(dtype=float, ndim=2)):
    i = wp.tid()
    f = double_it
    out[i, 0] = f(x[i])
    f = double_it  # the same function again: allowed
    out[i, 1] = f(x[i] + 1.0)
    s = wp.static(FUNCS[1])
    out[i, 2] = s(x[i])
    t = wp.static(TABLE[0])
    out[i, 3] = t(x[i])
    m = mf_features.affine
    out[i, 4] = m(x[i], 2.0)
    b = wp.sin
    out[i, 5] = b(x[i])
    h = f
    out[i, 6] = h(x[i])
    if x[i] > 0.0:
        k = triple_it
        out[i, 7] = k(x[i])
    for j in range(2):
        out[i, 8] += f(float(j))
    d = wp.static(NAMED["double"])
    out[i, 9] = d(x[i]) + wp.static(NAMED["sq"])(x[i])


@wp.kernel(enable_backward=False)
def grads(x: wp.array(dtype=float), y: wp.array(dtype=float), out: wp.array(dtype=float, ndim=2)):
    i = wp.tid()
    out[i, 0] = wp.grad(square)(x[i])
    g = wp.grad(square)
    out[i, 1] = g(x[i])
    f = square
    out[i, 2] = wp.grad(f)(x[i])
    b, a = wp.grad(wp.atan2)(y[i], x[i])
    out[i, 3] = b
    out[i, 4] = a
    dx, dy = wp.grad(poly)(x[i], y[i])
    out[i, 5] = dx
    out[i, 6] = dy
    gp = wp.grad(poly)
    px, py = gp(y[i], x[i])
    out[i, 7] = px + py
    out[i, 8] = wp.grad(wp.sin)(x[i])
    out[i, 9] = grad_in_func(x[i])
    g = wp.grad(double_it)  # rebinding a gradient local to another gradient
    out[i, 10] = g(x[i])
    e = wp.exp
    out[i, 11] = wp.grad(e)(x[i] * 0.5)


@wp.kernel
def custom(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = safe_sqrt(x[i])


TESTS = [
    dict(kernel="aliases", dim=16, args=dict(x=("uniform", -2, 2)),
         shapes=dict(out=(16, 10)), outputs=["out"]),
    dict(kernel="grads", dim=16, args=dict(x=("uniform", 0.5, 2), y=("uniform", -2, 2)),
         shapes=dict(out=(16, 12)), outputs=["out"]),
    dict(kernel="custom", dim=8, args=dict(x=("uniform", 0.5, 4)), outputs=["y"]),
]
