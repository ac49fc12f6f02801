"""Type aliases at module level: `real = wp.float64`, `Vec = wp.vec3`,
`vec5 = wp.types.vector(length=5, dtype=float)`, `mat32d =
wp.types.matrix(shape=(3, 2), dtype=wp.float64)`, an alias of an alias; used
in annotations, as constructors (`vec5(...)`, `real(1.0)`), as array dtypes,
and in module constants (`ORIGIN = Vec(...)`).  A class subclassing a vector
or matrix type (`class vec6f(wp.types.vector(length=6, dtype=wp.float32)):
pass`, as newton's kamino solver writes them) is that type.  A constant built
by calling a type expression (`wp.types.matrix((3, 2), dtype=wp.int32)(1, 2,
...)`, newton's raycast), and constants built from typed parts:
`wp.transform(wp.vec3(...), wp.quat(...))` (tests/test_compile_consts.py),
`wp.vec3(wp.float32(1.5), ...)`, a conversion `wp.vec3d(wp.vec3(...))`,
components given as a list `wp.vec3([...])`."""
import warp as wp

real = wp.float64
Vec = wp.vec3
Vec2 = Vec
vec5 = wp.types.vector(length=5, dtype=float)
mat32d = wp.types.matrix(shape=(3, 2), dtype=wp.float64)
vec2i = wp.types.vector(length=2, dtype=wp.int32)



class vec6f(wp.types.vector(length=6, dtype=wp.float32)):
    pass


class mat63f(wp.types.matrix(shape=(6, 3), dtype=wp.float32)):
    """A docstring instead of pass."""


ORIGIN = Vec(1.0, 2.0, 3.0)
IFACE = wp.types.matrix((3, 2), dtype=wp.int32)(1, 2, 0, 2, 0, 1)
V4 = wp.types.vector(length=4, dtype=wp.float64)(1.0, 2.0, 3.0, 4.5)
XFORM = wp.transform(wp.vec3(1.0, 2.0, 3.0), wp.quat(0.1, 0.2, 0.3, 0.9))
PARTS = wp.vec3(wp.float32(1.5), 2.0, wp.float16(0.5))
CONVERTED = wp.vec3d(wp.vec3(0.1, 2.0, 3.0))
LISTED = wp.vec3([1.0, 2.5, 3.0])
HALF = real(0.5)


@wp.func
def weight(x: real) -> real:
    return x * HALF + real(1.0)


@wp.func
def total(v: vec5) -> float:
    s = float(0.0)
    for k in range(5):
        s += v[k]
    return s


@wp.kernel
def use_aliases(x: wp.array(dtype=real), v: wp.array(dtype=vec5), p: wp.array(dtype=Vec2),
                m: mat32d, out: wp.array(dtype=real), vout: wp.array(dtype=vec5),
                pout: wp.array(dtype=Vec), iout: wp.array(dtype=vec2i)):
    i = wp.tid()
    y = weight(x[i])
    q = wp.vec2d(y, real(2.0))
    r = m * q  # a 3-vector of float64
    out[i] = r[0] + r[1] * r[2]
    w = v[i] * 2.0 + vec5(1.0, 2.0, 3.0, 4.0, 5.0)
    w[0] = total(v[i])
    vout[i] = w
    pout[i] = p[i] - ORIGIN + Vec(0.0, float(i), 0.0)
    iout[i] = vec2i(i, 2 * i)


@wp.func
def dot6(a: vec6f, b: vec6f) -> float:
    return wp.dot(a, b)


@wp.kernel
def subclassed(x: wp.array(dtype=vec6f), m: wp.array(dtype=mat63f), out: wp.array(dtype=float),
               vout: wp.array(dtype=vec6f), mout: wp.array(dtype=mat63f)):
    i = wp.tid()
    v = vec6f(1.0, 2.0, 3.0, 4.0, 5.0, 6.0)
    w = m[i] * wp.vec3(1.0, -2.0, 0.5)  # a vector of length 6
    out[i] = dot6(x[i], v) + dot6(w, v) + vec6f()[2] + v[5]
    vout[i] = x[i] * 2.0 - w
    mout[i] = m[i] * 3.0 + wp.outer(v, wp.vec3(1.0, 0.0, 2.0))


@wp.kernel
def called_types(o: wp.array(dtype=int), f: wp.array(dtype=wp.float64)):
    i = wp.tid()
    o[i] = IFACE[i % 3, 1] + IFACE[2, 0] * 10
    f[i] = V4[i % 4] * wp.float64(2.0) + CONVERTED[i % 3]
    p = wp.transform_point(XFORM, PARTS + LISTED * float(i))
    f[i] += wp.float64(p[i % 3])


TESTS = [
    dict(kernel="use_aliases", dim=40,
         args=dict(x=("uniform", -3, 3), v=("uniform", -1, 1), p=("uniform", -5, 5),
                   m=[[1.0, 2.0], [0.5, -1.0], [3.0, 0.25]]),
         outputs=["out", "vout", "pout", "iout"]),
    dict(kernel="subclassed", dim=23, args=dict(x=("uniform", -2, 2), m=("uniform", -1, 1)),
         outputs=["out", "vout", "mout"]),
    dict(kernel="called_types", dim=7, outputs=["o", "f"]),
]
