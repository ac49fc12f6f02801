"""Gradients through starred call arguments (a vector, a matrix's rows, a
constant slice of a 1-D array) and through writing a transform part of an
array element (`t[i].p = v`), against warp-lang 1.19 and finite
differences."""
import warp as wp


@wp.func
def weigh(a: float, b: float, c: float):
    return a * b + c * c


@wp.kernel
def starred(v: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat22), a: wp.array(dtype=float),
            y: wp.array(dtype=float)):
    i = wp.tid()
    r = wp.matrix_from_cols(*m[i])
    w = wp.vec4(*v[i][1:], *a[1:3])
    y[i] = weigh(*v[i]) + wp.ddot(r, m[i]) + wp.dot(w, w) * a[0]


@wp.func
def weigh_f64(a: wp.float64, b: wp.float64, c: wp.float64):
    return a * b + c * c


@wp.kernel
def starred_f64(v: wp.array(dtype=wp.vec3d), m: wp.array(dtype=wp.mat22d), a: wp.array(dtype=wp.float64),
                y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    r = wp.matrix_from_cols(*m[i])
    w = wp.vec4d(*v[i][1:], *a[1:3])
    y[i] = weigh_f64(*v[i]) + wp.ddot(r, m[i]) + wp.dot(w, w) * a[0]


@wp.kernel
def parts(x: wp.array(dtype=wp.transform), v: wp.array(dtype=wp.vec3), q: wp.array(dtype=wp.quat),
          t: wp.array(dtype=wp.transform), y: wp.array(dtype=float)):
    i = wp.tid()
    t[i] = x[i]
    t[i].p = v[i] * 2.0
    t[i].q = q[i]
    y[i] = wp.dot(wp.transform_point(x[i], v[i]), v[i])


@wp.kernel
def parts_f64(x: wp.array(dtype=wp.transformd), v: wp.array(dtype=wp.vec3d), q: wp.array(dtype=wp.quatd),
              t: wp.array(dtype=wp.transformd), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    t[i] = x[i]
    t[i].p = v[i] * wp.float64(2.0)
    t[i].q = q[i]
    y[i] = wp.dot(wp.transform_point(x[i], v[i]), v[i])


GRAD_TESTS = [
    dict(name="starred", kernel="starred", dim=5, shapes=dict(a=(4,)),
         args=dict(v=("uniform", -2, 2), m=("uniform", -2, 2), a=("uniform", -2, 2)),
         outputs=["y"], inputs=["v", "m", "a"]),
    dict(name="transform_parts", kernel="parts", dim=5,
         args=dict(x=("uniform", -1, 1), v=("uniform", -2, 2), q=("uniform", -1, 1)),
         outputs=["t", "y"], inputs=["x", "v", "q"]),
]
