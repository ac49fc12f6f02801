"""Vector adjoints (vec3): + - with vectors, vec*s, s*vec, vec/s, s/vec,
unary -, dot, cross, length, length_sq, normalize, component extraction
(v[i], v.x), the vec3 constructor.  (cw_mul/cw_div: see more_math.py.)  `op` picks the operation;
vector results go to y, scalar results to f (both outputs are seeded; the
one an op leaves at zero contributes nothing)."""
import warp as wp


@wp.kernel
def vops(op: int, a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.vec3), s: wp.array(dtype=float),
         y: wp.array(dtype=wp.vec3), f: wp.array(dtype=float)):
    i = wp.tid()
    u = a[i]
    v = b[i]
    k = s[i]
    if op == 0:
        y[i] = u + v
    elif op == 1:
        y[i] = u - v
    elif op == 2:
        y[i] = u * k
    elif op == 3:
        y[i] = k * u
    elif op == 4:
        y[i] = u / k
    elif op == 5:
        y[i] = k / u
    elif op == 6:
        y[i] = -u + v * 0.5
    elif op == 7:
        f[i] = wp.dot(u, v)
    elif op == 8:
        y[i] = wp.cross(u, v)
    elif op == 9:
        f[i] = wp.length(u)
    elif op == 10:
        f[i] = wp.length_sq(u)
    elif op == 11:
        y[i] = wp.normalize(u)
    elif op == 12:
        f[i] = u[0] * v[1] + u.z * k - v.x * u[1]
    elif op == 13:
        y[i] = wp.vec3(u[0] * k, k * k, v.y - u.z)


@wp.kernel
def vops_f64(op: int, a: wp.array(dtype=wp.vec3d), b: wp.array(dtype=wp.vec3d), s: wp.array(dtype=wp.float64),
             y: wp.array(dtype=wp.vec3d), f: wp.array(dtype=wp.float64)):
    i = wp.tid()
    u = a[i]
    v = b[i]
    k = s[i]
    if op == 0:
        y[i] = u + v
    elif op == 1:
        y[i] = u - v
    elif op == 2:
        y[i] = u * k
    elif op == 3:
        y[i] = k * u
    elif op == 4:
        y[i] = u / k
    elif op == 5:
        y[i] = k / u
    elif op == 6:
        y[i] = -u + v * wp.float64(0.5)
    elif op == 7:
        f[i] = wp.dot(u, v)
    elif op == 8:
        y[i] = wp.cross(u, v)
    elif op == 9:
        f[i] = wp.length(u)
    elif op == 10:
        f[i] = wp.length_sq(u)
    elif op == 11:
        y[i] = wp.normalize(u)
    elif op == 12:
        f[i] = u[0] * v[1] + u.z * k - v.x * u[1]
    elif op == 13:
        y[i] = wp.vec3d(u[0] * k, k * k, v.y - u.z)


AWAY = ("choice", [-1.75, -1.25, -0.75, -0.5, 0.5, 0.625, 0.875, 1.125, 1.5, 2.0])


def T(name, op, inputs, a=("uniform", -2, 2), b=("uniform", -2, 2), s=AWAY, **kw):
    return dict(name=name, kernel="vops", dim=6, args=dict(op=op, a=a, b=b, s=s), outputs=["y", "f"],
                inputs=inputs, **kw)


GRAD_TESTS = [
    T("vec_add", 0, ["a", "b"]),
    T("vec_sub", 1, ["a", "b"]),
    T("vec_mul_s", 2, ["a", "s"]),
    T("s_mul_vec", 3, ["a", "s"]),
    T("vec_div_s", 4, ["a", "s"]),
    T("s_div_vec", 5, ["a", "s"], a=AWAY),
    T("vec_neg", 6, ["a", "b"]),
    T("dot", 7, ["a", "b"]),
    T("cross", 8, ["a", "b"]),
    T("length", 9, ["a"]),
    T("length_sq", 10, ["a"]),
    T("normalize", 11, ["a"]),
    T("components", 12, ["a", "b", "s"]),
    T("constructor", 13, ["a", "b", "s"]),
]
