"""A @wp.func_grad rule that calls its own primal func (as warp-lang's
tests/test_grad_customs.py does): the call inside the rule is an ordinary
call of the primal, not a recursion.  sigmoid's rule is its true derivative,
so it is also checked against finite differences (float64 twin); scaled's
rule calls the primal with other arguments and is deliberately not the
derivative (fd=False, compared with warp-lang only)."""
import warp as wp


@wp.func
def sigmoid(x: float):
    return 1.0 / (1.0 + wp.exp(-x))


@wp.func_grad(sigmoid)
def adj_sigmoid(x: float, adj_ret: float):
    s = sigmoid(x)
    wp.adjoint[x] += adj_ret * s * (1.0 - s)


@wp.func
def sigmoid_d(x: wp.float64):
    return wp.float64(1.0) / (wp.float64(1.0) + wp.exp(-x))


@wp.func_grad(sigmoid_d)
def adj_sigmoid_d(x: wp.float64, adj_ret: wp.float64):
    s = sigmoid_d(x)
    wp.adjoint[x] += adj_ret * s * (wp.float64(1.0) - s)


@wp.func
def scaled(x: float, k: float):
    return x * k


@wp.func_grad(scaled)
def adj_scaled(x: float, k: float, adj_ret: float):
    # not the derivative: uses the primal at other arguments
    wp.adjoint[x] += adj_ret * scaled(k, 2.0)
    wp.adjoint[k] += adj_ret * scaled(x, 3.0) + scaled(1.0, adj_ret)


@wp.kernel
def use_sigmoid(op: int, a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    if op == 0:
        y[i] = sigmoid(a[i] * b[i]) * b[i]
    else:
        y[i] = scaled(a[i], b[i]) + sigmoid(a[i])


@wp.kernel
def use_sigmoid_f64(op: int, a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64),
                    y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    if op == 0:
        y[i] = sigmoid_d(a[i] * b[i]) * b[i]


GRAD_TESTS = [
    dict(name="func_grad_calls_primal", kernel="use_sigmoid", dim=8,
         args=dict(op=0, a=("uniform", -2, 2), b=("uniform", -1.5, 1.5)), outputs=["y"]),
    dict(name="func_grad_calls_primal_other_args", kernel="use_sigmoid", dim=8,
         args=dict(op=1, a=("uniform", -2, 2), b=("uniform", -1.5, 1.5)), outputs=["y"], fd=False),
]
