"""Gradients through arrays made with wp.zeros() in the kernel (and copies
`c = m` of them): warpc's backward kernel has its own storage for them and
their grads, writes them again, and passes the adjoints of their elements
to what was stored (float64 finite differences agree).
- coeffs: coefficients stored in the kernel, read by the adjoint of the
  products (without the replay they read as 0), in a loop too;
- through_func: a value stored by a @wp.func, read back;
- through_memory: values of x stored, updated, copied and read back in a
  dynamic loop (each iteration's array gets its own adjoints).
warp-lang 1.19.0 is right only when a @wp.func does the store
(through_func); where the kernel itself stores, its backward reads zeros
and gives x a zero gradient (warp_wrong)."""
import warp as wp


@wp.kernel
def coeffs(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    m = wp.zeros(shape=(2, 2), dtype=float)
    m[0, 0] = 3.0
    m[1, 1] = -0.5
    s = float(0.0)
    for k in range(3):
        c = wp.zeros(shape=3, dtype=float)
        c[k] = float(k + 1)
        s += wp.sin(x[i]) * c[k] + x[i] * c[0]
    y[i] = x[i] * x[i] * m[0, 0] + wp.cos(x[i]) * m[1, 1] + s


@wp.kernel
def coeffs_f64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    m = wp.zeros(shape=(2, 2), dtype=wp.float64)
    m[0, 0] = wp.float64(3.0)
    m[1, 1] = wp.float64(-0.5)
    s = wp.float64(0.0)
    for k in range(3):
        c = wp.zeros(shape=3, dtype=wp.float64)
        c[k] = wp.float64(k + 1)
        s += wp.sin(x[i]) * c[k] + x[i] * c[0]
    y[i] = x[i] * x[i] * m[0, 0] + wp.cos(x[i]) * m[1, 1] + s


@wp.func
def put(t: wp.array(dtype=float), v: float):
    t[2] = v * 3.0


@wp.func
def put_f64(t: wp.array(dtype=wp.float64), v: wp.float64):
    t[2] = v * wp.float64(3.0)


@wp.kernel
def through_func(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    v = x[i]
    t = wp.zeros(shape=3, dtype=float)
    put(t, v)
    y[i] = t[2] * v


@wp.kernel
def through_func_f64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    v = x[i]
    t = wp.zeros(shape=3, dtype=wp.float64)
    put_f64(t, v)
    y[i] = t[2] * v


@wp.kernel
def through_memory(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    s = float(0.0)
    fk = float(0.0)
    for _k in range(4):  # no integer arithmetic: warp-lang cannot build it here
        fk = fk + 1.0
        m = wp.zeros(shape=3, dtype=float)
        m[1] = wp.sin(x[i]) * fk
        m[2] = m[2] + x[i] * x[i]
        c = m
        c[0] = c[1] * 2.0
        s += m[1] * m[2] + c[0] + m[0] * fk
    y[i] = s


@wp.kernel
def through_memory_f64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    s = wp.float64(0.0)
    fk = wp.float64(0.0)
    for _k in range(4):  # no integer arithmetic: warp-lang cannot build it here
        fk = fk + wp.float64(1.0)
        m = wp.zeros(shape=3, dtype=wp.float64)
        m[1] = wp.sin(x[i]) * fk
        m[2] = m[2] + x[i] * x[i]
        c = m
        c[0] = c[1] * wp.float64(2.0)
        s += m[1] * m[2] + c[0] + m[0] * fk
    y[i] = s


GRAD_TESTS = [
    dict(name="coeffs", kernel="coeffs", dim=8, args=dict(x=("uniform", -1, 1)),
         outputs=["y"], inputs=["x"], warp_wrong=True),
    dict(name="through_func", kernel="through_func", dim=8, args=dict(x=("uniform", -1, 1)),
         outputs=["y"], inputs=["x"]),
    dict(name="through_memory", kernel="through_memory", dim=8, args=dict(x=("uniform", -1, 1)),
         outputs=["y"], inputs=["x"], warp_wrong=True),
]
