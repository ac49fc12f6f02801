"""Python numbers given to typed constructors take the constructor's
precision (warp-lang >= 1.11).

A float literal alone is a float32 and an int literal an int32, but a
compile-time constant handed to wp.float64 / wp.int64 / wp.uint64, or as a
component or the fill value of a typed vector, matrix, quaternion or
transform, is converted from its Python value: wp.float64(0.1) is the double
0.1 (it was float32's 0.1 widened), wp.vec3d(1.00000005, 2, 3) keeps every
digit, wp.vec3h(1, 2, 3) takes ints, wp.vec3i(1.7, -2.7, 3) truncates as C
does, wp.vec2ub(257, -1) wraps.  A constant is a literal, a negated literal,
a local assigned one, a module-level number (plain, wp.constant, or a Warp
scalar such as wp.constant(wp.float32(x)), whose Python value x is what a
constructor converts) or one of Warp's (wp.PI).  A computed value (1.0 + 0.0, float(x)) is not, and must
have the element type already.  A runtime value of another type is an error
(test/diag/typed_literal_mismatch.py).
"""
import warp as wp

BIG = 1099511627777          # 2**40 + 1: needs int64
PLAIN = 1.00000005           # a float64 digit string
NEAR_ONE = wp.constant(1.00000005)
TAU_D = wp.constant(6.283185307179586)
F64C = wp.constant(wp.float64(0.1))
X32 = wp.constant(wp.float32(1.00000005))  # keeps the double as its value
I8C = wp.constant(wp.int8(5))
SUM64 = wp.constant(wp.float64(0.1) + wp.float64(0.2))  # a float64 result
WRAP8 = wp.int8(100) + wp.int8(100)  # an int8 result, -56
Mat22D = wp.types.matrix(shape=(2, 2), dtype=wp.float64)
Vec5D = wp.types.vector(length=5, dtype=wp.float64)


@wp.kernel
def scalars(d: wp.array(dtype=wp.float64), l: wp.array(dtype=wp.int64), u: wp.array(dtype=wp.uint64)):
    x = 0.1
    d[0] = wp.float64(3.141592653589793)
    d[1] = wp.float64(-2.718281828459045)
    d[2] = wp.float64(x)
    d[3] = wp.float64(PLAIN)
    d[4] = wp.float64(NEAR_ONE)
    d[5] = wp.float64(wp.PI)
    d[6] = wp.float64(16777217)
    d[7] = wp.float64(wp.float32(1.00000005))  # a float32 value: rounded
    d[8] = wp.float64(X32)
    l[0] = wp.int64(BIG)
    l[1] = wp.int64(-1099511627777)
    l[2] = wp.int64(9007199254740993)
    u[0] = wp.uint64(18446744073709551615)
    u[1] = wp.uint64(9223372036854775808)


@wp.kernel
def vectors(d: wp.array(dtype=wp.float64), h: wp.array(dtype=wp.float16), i: wp.array(dtype=wp.int32),
            f: wp.array(dtype=wp.float32), vd: wp.array(dtype=wp.vec3d), arg: wp.float64, harg: wp.float16):
    a = wp.vec3d(1.00000005, 2.00000005, -3.00000005)
    d[0] = a[0]
    d[1] = a[1]
    d[2] = a[2]
    b = wp.vec3d(1, 16777217, 3)
    d[3] = b[1]
    c = wp.vec4d(0.30000000000000004)
    d[4] = c[3]
    m = wp.vec3d(-0.1, arg, PLAIN)
    d[5] = m[0]
    d[6] = m[1]
    d[7] = m[2]
    w = wp.vec3d(wp.PI, wp.E, TAU_D)
    d[8] = w[0] + w[1] + w[2]
    g = wp.vector(0.1, 0.2, dtype=wp.float64)
    d[9] = g[0] + g[1]
    k = wp.vector(0.7, length=3, dtype=wp.float64)
    d[10] = k[2]
    v5 = Vec5D(0.1, 0.2, 0.3, 0.4, 0.5)
    d[11] = v5[4]
    vd[0] = wp.vec3d(1.0, 2.0, 3.0)
    vd[1] = wp.vec3d(0.1)
    hv = wp.vec3h(1, 2, 3)
    h[0] = hv[0] + hv[1] + hv[2]
    hw = wp.vec3h(1.0009765625, harg, 65504.0)
    h[1] = hw[0]
    h[2] = hw[1]
    h[3] = hw[2]
    h4 = wp.vector(0.1, length=2, dtype=wp.float16)
    h[4] = h4[1]
    iv = wp.vec3i(1.7, -2.7, 3)
    i[0] = iv[0]
    i[1] = iv[1]
    i[2] = iv[2]
    ub = wp.vec2ub(257, -1)
    i[3] = wp.int32(ub[0])
    i[4] = wp.int32(ub[1])
    big = wp.vec2i(4294967297, 2)
    i[5] = big[0]
    fv = wp.vec3(16777217, 3.141592653589793, 1)
    f[0] = fv[0]
    f[1] = fv[1]
    fl = wp.types.vector(1.0, 2.0, 3.0, dtype=float)
    f[2] = fl[2]
    fc = wp.vec3(F64C, I8C, 0.0)
    f[3] = fc[0] + fc[1]
    dc = wp.vec3d(X32, I8C, F64C)
    d[12] = dc[0]
    d[13] = dc[1]
    d[14] = dc[2]


@wp.kernel
def matrices(d: wp.array(dtype=wp.float64), q: wp.array(dtype=wp.quatd), t: wp.array(dtype=wp.transformd)):
    m = wp.mat22d(1.111111111111111, 2.222222222222222, 3.333333333333333, 4.444444444444444)
    d[0] = m[0, 0]
    d[1] = m[1, 1]
    f = wp.mat33d(0.1)
    d[2] = f[2, 1]
    n = Mat22D(0.1, 0.2, 0.3, 0.4)
    d[3] = n[1, 0]
    p = Mat22D(0.7)
    d[4] = p[0, 1]
    r = wp.matrix(0.1, 0.2, 0.3, 0.4, shape=(2, 2), dtype=wp.float64)
    d[5] = r[0, 1]
    s = wp.spatial_vectord(0.1, 0.2, 0.3, 0.4, 0.5, 0.6)
    d[6] = s[5]
    q[0] = wp.quatd(0.707106781186547, 0.0, 0.707106781186547, 0.0)
    q[1] = wp.quaternion(0.1, 0.2, 0.3, 0.4, dtype=wp.float64)
    q[2] = wp.quatd(wp.vec3d(0.1, 0.2, 0.3), 0.4)
    t0 = wp.transformd(wp.vec3d(1.234567890123456, 2.345678901234567, 3.456789012345678),
                       wp.quatd(0.0, 0.0, 0.0, 1.0))
    t[0] = t0
    t[1] = wp.transformd(0.1, 0.2, 0.3, 0.0, 0.0, 0.0, 1.0)
    d[7] = wp.transform_get_translation(t0)[0]


@wp.kernel
def typed_results(f: wp.array(dtype=float), d: wp.array(dtype=wp.float64)):
    v = wp.vec3(SUM64, WRAP8, 0.0)
    f[0] = v[0]
    f[1] = v[1]
    w = wp.vec3d(SUM64, WRAP8, 0.0)
    d[0] = w[0]
    d[1] = w[1]


TESTS = [
    dict(kernel="scalars", dim=1, shapes=dict(d=(9,), l=(3,), u=(2,)), rtol=0, atol=0),
    dict(kernel="vectors", dim=1, shapes=dict(d=(15,), h=(5,), i=(6,), f=(4,), vd=(2,)),
         args=dict(arg=2.00000005, harg=2.0), rtol=0, atol=0),
    dict(kernel="typed_results", dim=1, shapes=dict(f=(2,), d=(2,)), rtol=0, atol=0),
    dict(kernel="matrices", dim=1, shapes=dict(d=(8,), q=(3,), t=(2,)), rtol=0, atol=0),
]
