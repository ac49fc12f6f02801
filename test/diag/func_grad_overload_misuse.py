# @wp.func_grad on overloaded and generic funcs that Warp refuses.
from typing import Any

import warp as wp


@wp.func
def h(x: Any):
    return x * x


@wp.func
def h(x: float):
    return x * x * x


@wp.func_grad(h)
def adj_h(x: float, adj_ret: float):
    wp.adjoint[x] += adj_ret


@wp.func
def g(x: float):
    return x * x


@wp.func
def g(x: wp.float64):
    return x * x


@wp.func_grad(g)
def adj_g(x: wp.float16, adj_ret: wp.float16):
    pass


@wp.func_grad(g)
def adj_g2(x: wp.vec2, adj_ret: float):
    pass


@wp.func
def g(x: wp.vec2):
    return wp.dot(x, x)

# expect: 17:15: 'h' is generic: Warp does not support custom gradients of functions whose (first) definition has generic parameters
# expect: 33:5: no overload of 'g' defined above takes the parameters of the gradient function 'adj_g' (the overload's parameters followed by the adjoint of its result)
# expect: 38:5: no overload of 'g' defined above takes the parameters of the gradient function 'adj_g2' (the overload's parameters followed by the adjoint of its result)
