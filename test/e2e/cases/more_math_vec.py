"""cw_mul, cw_div, lerp, isnan/isinf/isfinite on vectors and matrices
(float32, float64, int vectors)."""
import warp as wp


@wp.kernel
def vec_ops(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.vec3), t: wp.array(dtype=float),
            y: wp.array2d(dtype=wp.vec3), f: wp.array2d(dtype=int)):
    i = wp.tid()
    u = a[i]
    v = b[i]
    y[i, 0] = wp.cw_mul(u, v)
    y[i, 1] = wp.cw_div(u, v)
    y[i, 2] = wp.lerp(u, v, t[i])
    w = u / t[i]
    f[i, 0] = int(wp.isnan(w)) + 2 * int(wp.isinf(w)) + 4 * int(wp.isfinite(w))
    f[i, 1] = int(wp.isfinite(u))


@wp.kernel
def vec_misc(a: wp.array(dtype=wp.vec2d), b: wp.array(dtype=wp.vec4i), y: wp.array(dtype=wp.vec2d),
             z: wp.array2d(dtype=wp.vec4i)):
    i = wp.tid()
    u = a[i]
    y[i] = wp.lerp(u, wp.cw_mul(u, u), wp.float64(0.75)) + wp.cw_div(u, wp.vec2d(wp.float64(2.0), wp.float64(-4.0)))
    k = b[i]
    z[i, 0] = wp.cw_mul(k, k)
    z[i, 1] = wp.cw_div(k * 7, wp.vec4i(2, 3, -3, 5))
    kf = wp.vec4(k)  # isnan/isinf/isfinite take floats only since warp-lang 1.19
    z[i, 2] = wp.vec4i(int(wp.isnan(kf)), int(wp.isinf(kf)), int(wp.isfinite(kf)), 0)


@wp.kernel
def mat_ops(a: wp.array(dtype=wp.mat22), b: wp.array(dtype=wp.mat22), t: wp.array(dtype=float),
            y: wp.array2d(dtype=wp.mat22), f: wp.array(dtype=int)):
    i = wp.tid()
    m = a[i]
    n = b[i]
    y[i, 0] = wp.cw_mul(m, n)
    y[i, 1] = wp.cw_div(m, n)
    y[i, 2] = wp.lerp(m, n, t[i])
    w = m / t[i]
    f[i] = int(wp.isnan(w)) + 2 * int(wp.isinf(w)) + 4 * int(wp.isfinite(w))


@wp.kernel
def mat_f64(a: wp.array(dtype=wp.mat33d), y: wp.array(dtype=wp.mat33d)):
    i = wp.tid()
    m = a[i]
    y[i] = wp.lerp(wp.cw_mul(m, m), wp.cw_div(m, m + wp.mat33d(wp.float64(3.0), wp.float64(0.0), wp.float64(0.0),
                                                                 wp.float64(0.0), wp.float64(3.0), wp.float64(0.0),
                                                                 wp.float64(0.0), wp.float64(0.0), wp.float64(3.0))),
                   wp.float64(0.3))


TESTS = [
    dict(kernel="vec_ops", dim=200,
         args=dict(a=("uniform", -1, 1), b=("choice", [-2.0, -0.5, 0.5, 1.5]), t=("uniform", -0.5, 1.5)),
         shapes=dict(y=(200, 3), f=(200, 2)), outputs=["y", "f"]),
    dict(kernel="vec_ops", dim=4,
         args=dict(a=[[0.0, 0.0, 0.0], [1.0, 0.0, -1.0], [0.0, 1.0, 0.0], [2.0, 2.0, 2.0]],
                   b=[[1.0, 1.0, 1.0]] * 4, t=[0.0, 0.0, 1.0, 0.5]),
         shapes=dict(y=(4, 3), f=(4, 2)), outputs=["f"]),
    dict(kernel="vec_misc", dim=100, args=dict(a=("uniform", -2, 2), b=("int", -9, 9)),
         shapes=dict(z=(100, 3)), outputs=["y", "z"]),
    dict(kernel="mat_ops", dim=100,
         args=dict(a=("uniform", -1, 1), b=("choice", [-2.0, -0.5, 0.5, 1.5]), t=("uniform", -0.5, 1.5)),
         shapes=dict(y=(100, 3)), outputs=["y", "f"]),
    dict(kernel="mat_ops", dim=3,
         args=dict(a=[[[0.0, 0.0], [0.0, 0.0]], [[1.0, 0.0], [0.0, 1.0]], [[0.0, 0.0], [0.0, 0.0]]],
                   b=[[[1.0, 1.0], [1.0, 1.0]]] * 3, t=[0.0, 0.0, 2.0]),
         shapes=dict(y=(3, 3)), outputs=["f"]),
    dict(kernel="mat_f64", dim=50, args=dict(a=("uniform", 0, 2)), outputs=["y"]),
]
