# Misused autodiff forms: wp.adjoint outside a @wp.func_grad, a func_grad
# whose signature does not match, wp.grad of a function without a float
# result.
import warp as wp


@wp.func
def square(x: float):
    return x * x


@wp.func_grad(square)
def adj_square(x: float):
    wp.adjoint[x] += 2.0 * x


@wp.func
def count(x: int):
    return x + 1


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int)):
    i = wp.tid()
    a[i] = wp.adjoint[i]
    a[i] = square(a[i])
    b[i] = wp.grad(count)(b[i])

# expect: 13:5: @wp.func_grad 'adj_square' must take the parameters of 'square' followed by the adjoint of its result ('float32')
# expect: 25:12: wp.adjoint[...] is only meaningful in a @wp.func_grad function
# expect: 27:12: wp.grad() needs a function with a float scalar result; 'count' returns 'int32'
