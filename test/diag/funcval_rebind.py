# Function-valued locals (warp-lang 1.19.0): Warp has no function pointers,
# so a local bound to a function keeps that function; a wp.grad() local
# keeps being a gradient; functions are not values otherwise; a dict of
# functions has the keys it has; a tuple target or augmented assignment
# rebinds too.
import warp as wp


@wp.func
def double_it(x: float):
    return x * 2.0


@wp.func
def triple_it(x: float):
    return x * 3.0


NAMED = {"double": double_it}


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
    q = wp.static(NAMED["triple"])
    g2 = wp.grad(triple_it)
    g2, y = (1.0, 2.0)
    g3 = wp.grad(triple_it)
    g3 += 1.0
    h = double_it
    h *= 2.0

# expect: 27:5: rebinding function-valued local 'f' to a different function is not sup
# expect: 28:5: rebinding function-valued local 'f' to a non-function value is not sup
# expect: 30:5: cannot reassign local 'g' after binding it to wp.grad(...): Warp treat
# expect: 32:5: rebinding function-valued local 'b' to a different function is not sup
# expect: 33:9: wp.grad() takes a @wp.func or a differentiable Warp builtin, e.g. wp.g
# expect: 34:9: a function is not a value: Warp has no function pointers; bind it to a
# expect: 35:25: the dict has no key 'triple'
# expect: 37:5: cannot reassign local 'g2' after binding it to wp.grad(...): Warp trea
# expect: 39:5: cannot reassign local 'g3' after binding it to wp.grad(...): Warp trea
# expect: 41:5: rebinding function-valued local 'h' to a non-function value is not sup
