# Function-valued locals (warp-lang 1.19.0): Warp has no function pointers,
# so a local bound to a function keeps that function; a wp.grad() local
# keeps being a gradient; functions are not values otherwise.
import warp as wp


@wp.func
def double_it(x: float):
    return x * 2.0


@wp.func
def triple_it(x: float):
    return x * 3.0


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    f = double_it
    a[i] = f(a[i])
    f = triple_it
    f = 1.0
    g = wp.grad(double_it)
    g = a[i]
    b = wp.sin
    b = wp.cos
    h = wp.grad(wp.atomic_add)
    v = double_it + 1.0

# expect: 22:5: rebinding function-valued local 'f' to a different function is not supported
# expect: 23:5: rebinding function-valued local 'f' to a non-function value is not supported
# expect: 25:5: cannot reassign local 'g' after binding it to wp.grad(...)
# expect: 27:5: rebinding function-valued local 'b' to a different function is not supported
# expect: 28:9: wp.grad() takes a @wp.func or a differentiable Warp builtin
# expect: 29:9: a function is not a value
