# wp.Function parameters misused (warp-lang 1.19.0 rejects each): builtins
# that are not simple targets (printf, mul), a custom gradient of a func
# with a wp.Function parameter, a value where a function is expected and
# a function where a value is, a wp.grad() handle as a target, and a
# return annotation the target's result does not match, a kernel with a
# wp.Function parameter.  Like Warp, the
# custom-gradient error is reported where such a func is called.
import warp as wp


@wp.func
def double_it(x: float):
    return x * 2.0


@wp.func
def apply_unary(g: wp.Function, x: float):
    return g(x)


@wp.func
def custom_unsupported(g: wp.Function, x: float):
    return x


@wp.func_grad(custom_unsupported)
def adj_custom_unsupported(g: wp.Function, x: float, adj_ret: float):
    wp.adjoint[x] += adj_ret


@wp.func
def wrong_ret(g: wp.Function, x: float) -> int:
    return g(x)


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = apply_unary(wp.printf, 0.5)
    out[1] = apply_unary(wp.mul, 0.5)
    out[2] = custom_unsupported(double_it, 2.0)
    out[3] = float(wrong_ret(double_it, 2.0))
    out[4] = apply_unary(1.0, 2.0)
    out[5] = apply_unary(double_it, double_it)
    g = wp.grad(double_it)
    out[6] = apply_unary(g, 2.0)


@wp.kernel
def takes_fn(out: wp.array(dtype=float), g: wp.Function):
    out[0] = g(1.0)

# expect: 38:26: wp.Function parameters take user-defined Warp functions and simple bui
# expect: 39:26: wp.Function parameters take user-defined Warp functions and simple bui
# expect: 40:14: 'custom_unsupported' has wp.Function parameters: functions specialized
# expect: 33:12: 'wrong_ret' is declared to return 'int32' but returns 'float32' here
# expect: 42:14: no overload of 'apply_unary' accepts arguments of type (float32, float
# expect: 43:14: no overload of 'apply_unary' accepts arguments of type (function doubl
# expect: 45:26: a function is not a value: Warp has no function pointers; bind it to a
# expect: 49:5: kernel 'takes_fn' has a wp.Function parameter: only @wp.func functions
