# A differentiable kernel reads arrays after writing them, with the first
# calls of @wp.funcs in between: each func is lowered at that point, with
# its own locals, loop, array writes and reads (no warning in a func), a
# func it calls in turn, a custom gradient, a generic instance.  Every read
# still gets the read-after-write warning, once per array and kernel
# (warpc once reset its list of written arrays when it lowered a func on
# demand).  With enable_backward=False nothing is warned.
# expect-exit: 0
import typing

import warp as wp


@wp.func
def inner(a: wp.array(dtype=float), i: int) -> float:
    a[i] = 2.0
    return a[i]


@wp.func
def outer(a: wp.array(dtype=float), i: int, x: float) -> float:
    s = float(0.0)
    for j in range(3):
        s = s + inner(a, i) * x
        if j > 1:
            break
    return s


@wp.func
def sq(x: float):
    return x * x


@wp.func_grad(sq)
def adj_sq(x: float, adj_ret: float):
    wp.adjoint[x] += 2.0 * x * adj_ret


@wp.func
def twice(x: typing.Any):
    return x + x


@wp.kernel
def k(w: wp.array(dtype=float), v: wp.array(dtype=float),
      b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    w[i] = 1.0
    v[i] = 3.0
    s = outer(b, i, 2.0)
    y[i] = s + w[i]  # expect-warning: 52:16: 'w' is read after being written [-Wadjoint-overwrite]
    y[i] = sq(s) + v[i]  # expect-warning: 53:20: 'v' is read after being written
    y[i] = twice(s) + w[i] + v[i]


@wp.kernel
def k2(w: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    w[i] = 1.0
    y[i] = twice(2.0) + sq(1.0) + outer(y, i, 1.0) + w[i]  # expect-warning: 61:54: 'w' is read after being written


@wp.kernel(enable_backward=False)
def quiet(w: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    w[i] = 1.0
    y[i] = twice(wp.vec2(1.0, 2.0))[0] + w[i]
