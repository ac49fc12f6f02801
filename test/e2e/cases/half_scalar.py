"""float16 scalars: every operator and the common math builtins, computed as
Warp computes them (in float32, the result rounded back to float16 to
nearest even), so results must match warp-lang bit for bit (tolerance 0):
lerp and smoothstep round after every step of Warp's formulas.  Comparisons and min/max/clamp/sign/step/abs give exact
results; x // y floors the quotient rounded to float16, as Warp does."""
import warp as wp


@wp.kernel
def half_ops(a: wp.array(dtype=wp.float16), b: wp.array(dtype=wp.float16),
             add: wp.array(dtype=wp.float16), sub: wp.array(dtype=wp.float16),
             mul: wp.array(dtype=wp.float16), div: wp.array(dtype=wp.float16),
             mod: wp.array(dtype=wp.float16), fdiv: wp.array(dtype=wp.float16),
             neg: wp.array(dtype=wp.float16), cmp: wp.array(dtype=wp.int32),
             chain: wp.array(dtype=wp.float16), s: wp.float16):
    i = wp.tid()
    x = a[i]
    y = b[i]
    add[i] = x + y
    sub[i] = x - y
    mul[i] = x * y
    div[i] = x / y
    mod[i] = x % y
    fdiv[i] = x // y
    neg[i] = -x
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
    # every step rounds to float16
    t = x * s + y * y - x / s
    t += s
    t *= x
    t -= y
    t /= s
    chain[i] = t


@wp.kernel
def half_math(a: wp.array(dtype=wp.float16), b: wp.array(dtype=wp.float16),
              u: wp.array(dtype=wp.float16), out: wp.array2d(dtype=wp.float16)):
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
    out[i, 23] = wp.clamp(x, wp.float16(-0.5), wp.float16(0.75))
    out[i, 24] = wp.abs(x)
    out[i, 25] = wp.sign(x)
    out[i, 26] = wp.step(x)
    out[i, 27] = wp.nonzero(x)
    out[i, 28] = wp.pow(p, y)
    out[i, 29] = p ** x
    out[i, 30] = wp.cbrt(x)
    out[i, 31] = wp.degrees(x)
    out[i, 32] = wp.radians(x)
    out[i, 33] = wp.where(x > y, x, y)
    out[i, 34] = +x
    out[i, 35] = wp.float16(1.0) if wp.isfinite(x) else wp.float16(0.0)


@wp.kernel
def half_compound(a: wp.array(dtype=wp.float16), b: wp.array(dtype=wp.float16),
                  u: wp.array(dtype=wp.float16), out: wp.array2d(dtype=wp.float16)):
    i = wp.tid()
    out[i, 0] = wp.lerp(a[i], b[i], u[i])
    out[i, 1] = wp.smoothstep(wp.float16(-1.0), wp.float16(1.5), a[i])


HALF_OPS_OUT = ["add", "sub", "mul", "div", "mod", "fdiv", "neg", "cmp", "chain"]

TESTS = [
    dict(kernel="half_ops", dim=500,
         args=dict(a=("uniform", -8, 8), b=("choice", [-3.0, -1.5, -0.25, 0.5, 1.0, 2.0, 3.0, 7.0]), s=1.375),
         outputs=HALF_OPS_OUT, rtol=0, atol=0),
    # equal operands, zeros of both signs
    dict(name="half_ops_equal", kernel="half_ops", dim=8,
         args=dict(a=[0.0, -0.0, 1.0, -2.5, 3.0, 0.0, 65504.0, 1e-3],
                   b=[1.0, 1.0, 1.0, -2.5, 3.0, 2.0, 1.0, 1e-3], s=0.5),
         outputs=HALF_OPS_OUT, rtol=0, atol=0, allow_nonfinite=True),
    dict(kernel="half_math", dim=400,
         args=dict(a=("uniform", -4, 4), b=("uniform", -4, 4), u=("uniform", 0.05, 0.95)),
         shapes=dict(out=(400, 36)), outputs=["out"], rtol=0, atol=0),
    dict(kernel="half_compound", dim=400,
         args=dict(a=("uniform", -4, 4), b=("uniform", -4, 4), u=("uniform", 0.0, 1.0)),
         shapes=dict(out=(400, 2)), outputs=["out"], rtol=0, atol=0),
]
