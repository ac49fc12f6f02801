"""bfloat16 math builtins (warp-lang 1.19): each computed in float32 and
rounded to bfloat16, as Warp; lerp and smoothstep round after every step;
isfinite/isnan/isinf; bfloat16 vectors and matrices (storage, construction,
indexing, component-wise arithmetic, conversions) and atomics on bfloat16
arrays."""
import warp as wp

bvec3 = wp.types.vector(3, dtype=wp.bfloat16)
bvec2 = wp.types.vector(2, dtype=wp.bfloat16)
bmat22 = wp.types.matrix(shape=(2, 2), dtype=wp.bfloat16)


@wp.kernel
def bf16_math(a: wp.array(dtype=wp.bfloat16), b: wp.array(dtype=wp.bfloat16),
              u: wp.array(dtype=wp.bfloat16), out: wp.array2d(dtype=wp.bfloat16),
              cls: wp.array2d(dtype=wp.bool)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    p = u[i]  # in (0, 1)
    out[i, 0] = wp.sqrt(wp.abs(x))
    out[i, 1] = wp.sin(x)
    out[i, 2] = wp.cos(x)
    out[i, 3] = wp.tan(p)
    out[i, 4] = wp.asin(p)
    out[i, 5] = wp.acos(p)
    out[i, 6] = wp.atan(x)
    out[i, 7] = wp.atan2(x, y)
    out[i, 8] = wp.sinh(p)
    out[i, 9] = wp.cosh(p)
    out[i, 10] = wp.tanh(x)
    out[i, 11] = wp.exp(p)
    out[i, 12] = wp.log(p)
    out[i, 13] = wp.log2(p)
    out[i, 14] = wp.log10(p)
    out[i, 15] = wp.floor(x)
    out[i, 16] = wp.ceil(x)
    out[i, 17] = wp.round(x)
    out[i, 18] = wp.trunc(x)
    out[i, 19] = wp.rint(x)
    out[i, 20] = wp.frac(x)
    out[i, 21] = wp.min(x, y)
    out[i, 22] = wp.max(x, y)
    out[i, 23] = wp.clamp(x, wp.bfloat16(-0.5), wp.bfloat16(0.75))
    out[i, 24] = wp.sign(x)
    out[i, 25] = wp.step(x)
    out[i, 26] = wp.nonzero(x)
    out[i, 27] = wp.pow(p, y)
    out[i, 28] = wp.cbrt(x)
    out[i, 29] = wp.degrees(x)
    out[i, 30] = wp.radians(x)
    out[i, 31] = wp.where(x > y, x, y)
    out[i, 32] = wp.mod(x, y)
    out[i, 33] = wp.floordiv(x, y)
    out[i, 34] = wp.lerp(x, y, p)
    out[i, 35] = wp.smoothstep(wp.bfloat16(-1.0), wp.bfloat16(1.5), x)
    out[i, 36] = wp.erf(x)
    out[i, 37] = wp.erfc(x)
    out[i, 38] = wp.erfinv(p)
    out[i, 39] = wp.erfcinv(p)
    out[i, 40] = wp.div_approx(x, y)
    out[i, 41] = wp.copysign(x, y)
    out[i, 42] = p ** y
    cls[i, 0] = wp.isfinite(x / p)
    cls[i, 1] = wp.isinf(x / wp.bfloat16(0.0))
    cls[i, 2] = wp.isnan(p - p / wp.bfloat16(0.0))


@wp.kernel
def bf16_vecmat(a: wp.array(dtype=wp.bfloat16), vs: wp.array(dtype=bvec3),
                ms: wp.array(dtype=bmat22), ov: wp.array(dtype=bvec3),
                om: wp.array(dtype=bmat22), of: wp.array2d(dtype=wp.float32)):
    i = wp.tid()
    x = a[i]
    v = bvec3(x, wp.bfloat16(2.0), x * x)
    w = vs[i]
    ov[i] = v + w * x
    m = ms[i]
    n = bmat22(x, wp.bfloat16(1.0), wp.bfloat16(-3.0), x)
    om[i] = m - n + wp.identity(2, dtype=wp.bfloat16) * x + wp.transpose(m)
    of[i, 0] = wp.float32(w[1])
    of[i, 1] = wp.float32(m[1, 0])
    of[i, 2] = wp.float32(m[0][1])
    # step by step in Warp's order, every step rounded
    of[i, 3] = wp.float32(wp.dot(v, w))
    of[i, 4] = wp.float32(wp.length(w))
    c = wp.cross(v, w)
    of[i, 5] = wp.float32(c[2])
    u = m * bvec2(w[0], w[1])
    of[i, 6] = wp.float32(u[1])
    of[i, 7] = wp.float32(wp.determinant(m))
    q = m * n
    of[i, 8] = wp.float32(q[1, 0])


@wp.kernel
def bf16_vec_convert(h: wp.array(dtype=wp.vec3h), o: wp.array(dtype=bvec3), f: wp.array(dtype=wp.vec3),
                     back: wp.array(dtype=wp.vec3h), acc: wp.array(dtype=bvec3)):
    i = wp.tid()
    o[i] = bvec3(h[i])
    f[i] = wp.vec3(o[i])
    back[i] = wp.vec3h(o[i])
    wp.atomic_add(acc, 0, o[i])
    wp.atomic_sub(acc, 1, o[i])
    wp.atomic_min(acc, 2, o[i])
    wp.atomic_max(acc, 3, o[i])


@wp.kernel
def bf16_atomics(a: wp.array(dtype=wp.bfloat16), acc: wp.array(dtype=wp.bfloat16)):
    i = wp.tid()
    wp.atomic_add(acc, 0, a[i])
    wp.atomic_sub(acc, 1, a[i])
    wp.atomic_min(acc, 2, a[i])
    wp.atomic_max(acc, 3, a[i])
    acc[4] += wp.bfloat16(0.25)


TESTS = [
    dict(kernel="bf16_math", dim=400,
         args=dict(a=("uniform", -4, 4), b=("uniform", -4, 4), u=("uniform", 0.05, 0.95)),
         shapes=dict(out=(400, 43), cls=(400, 3)), outputs=["out", "cls"]),
    dict(kernel="bf16_vecmat", dim=100,
         args=dict(a=("uniform", -4, 4), vs=("uniform", -4, 4), ms=("uniform", -4, 4)),
         shapes=dict(of=(100, 9)), outputs=["ov", "om", "of"]),
    dict(kernel="bf16_vec_convert", dim=50, args=dict(h=("uniform", -100, 100)),
         shapes=dict(acc=(4,)), outputs=["o", "f", "back", "acc"]),
    # the CPU runs the threads in order: the rounded sums are exact
    dict(kernel="bf16_atomics", dim=1, args=dict(a=[1.5], acc=[0.0, 0.0, 7.0, -7.0, 0.0]),
         shapes=dict(acc=(5,)), outputs=["acc"]),
    dict(name="bf16_atomics_minmax", kernel="bf16_atomics", dim=64,
         args=dict(a=("uniform", -4, 4), acc=[0.0, 0.0, 7.0, -7.0, 0.0]),
         shapes=dict(acc=(5,)), outputs=["acc"]),
]
