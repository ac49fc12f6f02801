"""Adjoints through @wp.func calls: nested calls, a func with a vector
result, a func with a dynamic loop (warp-lang replays it inside the func's
adjoint with the final values: warp_wrong), a func with an early return in a
branch, and a func called twice with different arguments.  The float64
twins have their own funcs (suffix _d)."""
import warp as wp


@wp.func
def sq(x: float):
    return x * x


@wp.func
def poly(x: float, c: float):
    return sq(x) * c + wp.sin(x * c)


@wp.func
def vfun(v: wp.vec3, s: float):
    return wp.normalize(v) * poly(s, v[0]) + v * sq(s)


@wp.func
def pick(x: float, z: float):
    if x > z:
        return x * z
    return sq(z) - x


@wp.func
def powloop(x: float, n: int):
    p = float(1.0)
    for j in range(n):
        p = p * x + 0.25
    return p


@wp.func
def sq_d(x: wp.float64):
    return x * x


@wp.func
def poly_d(x: wp.float64, c: wp.float64):
    return sq_d(x) * c + wp.sin(x * c)


@wp.func
def vfun_d(v: wp.vec3d, s: wp.float64):
    return wp.normalize(v) * poly_d(s, v[0]) + v * sq_d(s)


@wp.func
def pick_d(x: wp.float64, z: wp.float64):
    if x > z:
        return x * z
    return sq_d(z) - x


@wp.func
def powloop_d(x: wp.float64, n: int):
    p = wp.float64(1.0)
    for j in range(n):
        p = p * x + wp.float64(0.25)
    return p


@wp.kernel
def calls(op: int, a: wp.array(dtype=float), b: wp.array(dtype=float), v: wp.array(dtype=wp.vec3),
          y: wp.array(dtype=float), yv: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    if op == 0:
        y[i] = poly(x, z) + poly(z, sq(x))
    elif op == 1:
        yv[i] = vfun(v[i], x) * z
    elif op == 2:
        y[i] = pick(x, z) * pick(z, x)
    elif op == 3:
        y[i] = powloop(x, 5) * z


@wp.kernel
def calls_f64(op: int, a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), v: wp.array(dtype=wp.vec3d),
              y: wp.array(dtype=wp.float64), yv: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    if op == 0:
        y[i] = poly_d(x, z) + poly_d(z, sq_d(x))
    elif op == 1:
        yv[i] = vfun_d(v[i], x) * z
    elif op == 2:
        y[i] = pick_d(x, z) * pick_d(z, x)
    elif op == 3:
        y[i] = powloop_d(x, 5) * z


def T(name, op, inputs, a=("uniform", -1.5, 1.5), b=("uniform", -1.5, 1.5), **kw):
    return dict(name=name, kernel="calls", dim=8, args=dict(op=op, a=a, b=b, v=("uniform", -2, 2)),
                outputs=["y", "yv"], inputs=inputs, **kw)


GRAD_TESTS = [
    T("nested_calls", 0, ["a", "b"]),
    T("vector_func", 1, ["a", "b", "v"]),
    T("func_early_return", 2, ["a", "b"], a=("choice", [-1.25, -0.5, 0.25, 1.0]),
      b=("choice", [-1.0, -0.25, 0.5, 1.5])),
    T("func_dynamic_loop", 3, ["a", "b"], warp_wrong=["a"]),
]
