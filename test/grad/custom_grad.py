"""Custom adjoints with @wp.func_grad: the replacement rule is used instead
of differentiating the func's body.  safe_sqrt's rule is the true derivative
for x > 0 and 0 at x == 0 (where the plain sqrt rule gives inf), so it
matches finite differences inside the domain and warp-lang's value at 0.
clipped_id's rule deliberately differs from the body's derivative (a
straight-through estimator: the gradient of clamp(x, -1, 1) passed as if it
were the identity), so its test compares with warp-lang only (fd=False)."""
import warp as wp


@wp.func
def safe_sqrt(x: float):
    return wp.sqrt(x)


@wp.func_grad(safe_sqrt)
def adj_safe_sqrt(x: float, adj_ret: float):
    if x > 0.0:
        wp.adjoint[x] += 0.5 / wp.sqrt(x) * adj_ret


@wp.func
def clipped_id(x: float):
    return wp.clamp(x, -1.0, 1.0)


@wp.func_grad(clipped_id)
def adj_clipped_id(x: float, adj_ret: float):
    wp.adjoint[x] += adj_ret


@wp.func
def safe_sqrt_d(x: wp.float64):
    return wp.sqrt(x)


@wp.func_grad(safe_sqrt_d)
def adj_safe_sqrt_d(x: wp.float64, adj_ret: wp.float64):
    if x > wp.float64(0.0):
        wp.adjoint[x] += wp.float64(0.5) / wp.sqrt(x) * adj_ret


@wp.kernel
def use_custom(op: int, a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    if op == 0:
        y[i] = safe_sqrt(a[i] * a[i] + b[i]) * b[i]
    elif op == 1:
        y[i] = clipped_id(a[i] * 2.0) * b[i]


@wp.kernel
def use_custom_f64(op: int, a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64),
                   y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    if op == 0:
        y[i] = safe_sqrt_d(a[i] * a[i] + b[i]) * b[i]


GRAD_TESTS = [
    dict(name="func_grad_smooth", kernel="use_custom", dim=8,
         args=dict(op=0, a=("uniform", -1, 1), b=("uniform", 0.25, 2)), outputs=["y"]),
    dict(name="func_grad_at_zero", kernel="use_custom", dim=4,
         args=dict(op=0, a=[0.0, 0.0, 1.0, 0.5], b=[0.0, 0.0, 0.0, 1.0]), outputs=["y"], fd=False),
    dict(name="func_grad_straight_through", kernel="use_custom", dim=8,
         args=dict(op=1, a=("uniform", -1.5, 1.5), b=("uniform", -1, 1)), outputs=["y"], fd=False),
]
