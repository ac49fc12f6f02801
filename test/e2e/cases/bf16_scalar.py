"""bfloat16 scalars (warp-lang 1.19): arrays and kernel parameters of
bfloat16, conversions from and to the other scalars (float32 to bfloat16
rounds to nearest even; an int or float64 goes through float32), and the
operators (also on struct fields), computed as Warp computes them (in float32, each result rounded
back to bfloat16), so the results match warp-lang bit for bit."""
import warp as wp


@wp.kernel
def bf16_convert(f: wp.array(dtype=wp.float32), d: wp.array(dtype=wp.float64),
                 n: wp.array(dtype=wp.int32), h: wp.array(dtype=wp.float16),
                 out: wp.array2d(dtype=wp.bfloat16), back: wp.array2d(dtype=wp.float32),
                 ints: wp.array2d(dtype=wp.int32)):
    i = wp.tid()
    x = wp.bfloat16(f[i])
    out[i, 0] = x
    out[i, 1] = wp.bfloat16(d[i])
    out[i, 2] = wp.bfloat16(n[i])
    out[i, 3] = wp.bfloat16(h[i])
    out[i, 4] = wp.bfloat16(2.7)
    back[i, 0] = wp.float32(x)
    back[i, 1] = float(wp.float64(x))
    back[i, 2] = wp.float32(wp.float16(x))
    ints[i, 0] = wp.int32(x)
    ints[i, 1] = int(x)
    ints[i, 2] = wp.int32(wp.uint8(wp.abs(x)))


@wp.kernel
def bf16_ops(a: wp.array(dtype=wp.bfloat16), b: wp.array(dtype=wp.bfloat16),
             out: wp.array2d(dtype=wp.bfloat16), cmp: wp.array(dtype=wp.int32),
             s: wp.bfloat16):
    i = wp.tid()
    x = a[i]
    y = b[i]
    out[i, 0] = x + y
    out[i, 1] = x - y
    out[i, 2] = x * y
    out[i, 3] = x / y
    out[i, 4] = -x
    out[i, 5] = x % y
    out[i, 6] = x // y
    out[i, 7] = +x
    # every step rounds to bfloat16
    t = x * s + y * y - x / s
    t += s
    t *= x
    t -= y
    t /= s
    out[i, 8] = t
    out[i, 9] = s
    c = wp.int32(0)
    if x < y:
        c = c + 1
    if x <= y:
        c = c + 2
    if x > y:
        c = c + 4
    if x >= y:
        c = c + 8
    if x == y:
        c = c + 16
    if x != y:
        c = c + 32
    cmp[i] = c


BF_C = wp.constant(wp.bfloat16(1.5))


@wp.func
def bf_fma(x: wp.bfloat16, y: wp.bfloat16 = wp.bfloat16(0.5)) -> wp.bfloat16:
    return x * y + BF_C


@wp.kernel
def bf16_funcs(a: wp.array(dtype=wp.bfloat16), o: wp.array(dtype=wp.bfloat16)):
    i = wp.tid()
    o[i] = bf_fma(a[i]) + bf_fma(a[i], a[i])
    z = wp.bfloat16(0.0)
    for j in range(3):
        z += a[i]
    o[i] = o[i] + z + wp.bfloat16(wp.static(2.0 * 3.1))


@wp.struct
class BfPair:
    h: wp.bfloat16
    f: wp.float32


@wp.kernel
def bf16_struct(s: BfPair, a: wp.array(dtype=BfPair), out: wp.array(dtype=wp.bfloat16)):
    i = wp.tid()
    p = a[i]
    out[i] = p.h * s.h + wp.bfloat16(p.f)
    p.h = p.h + wp.bfloat16(1.0)
    a[i] = p


TESTS = [
    dict(kernel="bf16_funcs", dim=50, args=dict(a=("uniform", -10, 10)), outputs=["o"]),
    dict(kernel="bf16_struct", dim=20, args=dict(s=dict(h=1.3, f=2.0), a=("uniform", -4, 4)),
         outputs=["out", "a"]),
    dict(kernel="bf16_convert", dim=300,
         args=dict(f=("uniform", -300, 300), d=("uniform", -1e4, 1e4), n=("int", -100000, 100000),
                   h=("uniform", -100, 100)),
         shapes=dict(out=(300, 5), back=(300, 3), ints=(300, 3)), outputs=["out", "back", "ints"]),
    # ties round to even, overflow to infinity, denormals, signed zeros
    dict(name="bf16_convert_edges", kernel="bf16_convert", dim=8,
         args=dict(f=[1.00390625, 1.01171875, 3.3895314e38, 3.4e38, 1e-39, -0.0, -1.00390625, 255.5],
                   d=[1.00390625, 1.0039062500001, 3.5e38, 1e-300, -0.0, 0.1, 1e10, -7.0],
                   n=[16777217, 257, 259, -257, 0, 1, 2147483647, -2147483647],
                   h=[0.0, -0.0, 65504.0, 1e-7, 1.5, -2.0, 3.0, 4.0]),
         shapes=dict(out=(8, 5), back=(8, 3), ints=(8, 3)), outputs=["out", "back"],
         allow_nonfinite=True),
    dict(kernel="bf16_ops", dim=500,
         args=dict(a=("uniform", -8, 8), b=("choice", [-3.0, -1.5, -0.25, 0.5, 1.0, 2.0, 3.0, 7.0]), s=1.375),
         shapes=dict(out=(500, 10)), outputs=["out", "cmp"]),
    dict(name="bf16_ops_equal", kernel="bf16_ops", dim=6,
         args=dict(a=[0.0, -0.0, 1.0, -2.5, 3.0, 3.0e38], b=[1.0, 0.0, 1.0, -2.5, 3.0, 2.0], s=0.5),
         shapes=dict(out=(6, 10)), outputs=["out", "cmp"], allow_nonfinite=True),
]
