"""Linear-algebra helpers: argmax/argmin (float and int vectors, ties go to
the first index), ddot, diag, get_diag, trace, skew, identity (positional and
keyword forms), wp.matrix / wp.vector with shape/length/dtype keywords
(components, fill, copy/conversion, column vectors, zero), matrix_from_cols
and matrix_from_rows, on float32 and float64."""
import warp as wp


@wp.kernel
def arg_ext(a: wp.array(dtype=wp.vec4), b: wp.array(dtype=wp.vec3i), out: wp.array2d(dtype=wp.uint32)):
    i = wp.tid()
    v = a[i]
    out[i, 0] = wp.argmax(v)
    out[i, 1] = wp.argmin(v)
    out[i, 2] = wp.argmax(b[i])
    out[i, 3] = wp.argmin(a=b[i])
    out[i, 4] = wp.argmax(wp.vec2d(wp.float64(1.0), wp.float64(1.0))) + wp.argmin(wp.vector(3.0, 1.0, 2.0, 1.0))


@wp.kernel
def mat_helpers(a: wp.array(dtype=wp.mat33), v: wp.array(dtype=wp.vec3), s: wp.array2d(dtype=float),
                m: wp.array2d(dtype=wp.mat33), d: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    x = a[i]
    y = wp.transpose(x) * 2.0
    s[i, 0] = wp.ddot(x, y)
    tr = wp.trace(x)
    s[i, 1] = tr
    s[i, 2] = wp.trace(a=y)
    w = wp.matrix(x[0, 0], x[0, 1], x[0, 2], x[1, 0], x[1, 1], x[1, 2], shape=(2, 3), dtype=float)
    s[i, 3] = wp.ddot(w, w * 0.5)
    m[i, 0] = wp.diag(v[i])
    m[i, 1] = wp.skew(v[i])
    m[i, 2] = wp.skew(vec=v[i]) * x + wp.identity(n=3, dtype=float)
    m[i, 3] = wp.identity(3, float) * tr + wp.diag(vec=wp.get_diag(x))
    d[i] = wp.get_diag(mat=x) + wp.get_diag(wp.skew(v[i]) * wp.skew(v[i]))


@wp.kernel
def mat_f64(a: wp.array(dtype=wp.mat22d), v: wp.array(dtype=wp.vec2d), s: wp.array2d(dtype=wp.float64),
            m: wp.array2d(dtype=wp.mat22d)):
    i = wp.tid()
    x = a[i]
    s[i, 0] = wp.ddot(x, x)
    s[i, 1] = wp.trace(x)
    g = wp.get_diag(x)
    s[i, 2] = g[1]
    m[i, 0] = wp.diag(v[i])
    m[i, 1] = wp.identity(n=2, dtype=wp.float64) + x
    # a matrix from vectors is wp.matrix_from_cols (warp-lang 1.12 removed wp.matrix(v, w);
    # test/diag/removed_1_19.py)
    m[i, 2] = wp.matrix_from_cols(v[i], v[i] * wp.float64(2.0))
    m[i, 3] = wp.matrix_from_rows(v[i], g) + wp.matrix_from_cols(g, v[i])


@wp.kernel
def ctors(v: wp.array(dtype=wp.vec3), out: wp.array2d(dtype=float), mo: wp.array2d(dtype=wp.mat33),
          vo: wp.array2d(dtype=wp.vec3), m24: wp.array2d(dtype=float)):
    i = wp.tid()
    a = v[i]
    vo[i, 0] = wp.vector(a[2], a[1], a[0])
    vo[i, 1] = wp.vector(a[0], length=3)
    vo[i, 2] = wp.vector(a, dtype=float) + wp.vector(length=3, dtype=float)
    vo[i, 3] = wp.vector(wp.vec3d(a), dtype=wp.float32)
    f = wp.vector(a[0], a[1], a[2], a[0] + a[1], a[1] * a[2], length=5, dtype=float)
    out[i, 0] = f[3] + f[4]
    out[i, 1] = wp.length(f)
    mo[i, 0] = wp.matrix(a[0], a[1], a[2], a[1], a[2], a[0], a[2], a[0], a[1], shape=(3, 3))
    mo[i, 1] = wp.matrix(a[1], shape=(3, 3))
    mo[i, 2] = wp.matrix(mo[i, 0], shape=(3, 3)) + wp.matrix(shape=(3, 3), dtype=float)
    mo[i, 3] = wp.matrix_from_cols(a, a * 2.0, wp.cross(a, wp.vec3(0.0, 0.0, 1.0)))
    mo[i, 4] = wp.matrix_from_rows(a, a * 2.0, wp.cross(a, wp.vec3(0.0, 0.0, 1.0)))
    q = wp.matrix_from_rows(wp.vec4(a[0], a[1], a[2], 1.0), wp.vec4(1.0, a[2], a[1], a[0]))
    for k in range(8):
        m24[i, k] = q[k // 4, k % 4]
    r = wp.matrix_from_cols(wp.vec2(a[0], a[1]), wp.vec2(a[1], a[2]), wp.vec2(a[2], a[0]))
    out[i, 2] = r[1, 2] + wp.ddot(r, r)


TESTS = [
    dict(kernel="arg_ext", dim=200, args=dict(a=("choice", [-1.0, 0.0, 0.5, 2.0]), b=("int", -3, 3)),
         shapes=dict(out=(200, 5))),
    dict(kernel="mat_helpers", dim=100, args=dict(a=("uniform", -2, 2), v=("uniform", -2, 2)),
         shapes=dict(s=(100, 4), m=(100, 4)), outputs=["s", "m", "d"], rtol=1e-5, atol=1e-5),
    dict(kernel="mat_f64", dim=100, args=dict(a=("uniform", -2, 2), v=("uniform", -2, 2)),
         shapes=dict(s=(100, 3), m=(100, 4)), outputs=["s", "m"]),
    dict(kernel="ctors", dim=50, args=dict(v=("uniform", -2, 2)),
         shapes=dict(out=(50, 3), mo=(50, 5), vo=(50, 4), m24=(50, 8)), outputs=["out", "mo", "vo", "m24"], rtol=1e-5,
         atol=1e-5),
]
