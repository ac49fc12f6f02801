"""Operator overloading with @wp.func (as in warp-lang's
tests/test_operators.py): `a OP b` calls a @wp.func named after the operator
(add, sub, mul for * and @, div, floordiv, mod, pow, bit_and, bit_or,
bit_xor, lshift, rshift) when one of its overloads accepts the operand types;
otherwise the builtin operator.  Augmented assignment (`c += b`) goes through
the same lookup.  As in Warp, the user func wins even over a builtin that
accepts the types (mod on int below), and inside the user func the operator
on other types is the builtin one."""
import warp as wp


@wp.struct
class Complex:
    real: float
    imag: float


@wp.func
def add(a: Complex, b: Complex) -> Complex:
    return Complex(a.real + b.real, a.imag + b.imag)


@wp.func
def sub(a: Complex, b: Complex) -> Complex:
    return Complex(a.real - b.real, a.imag - b.imag)


@wp.func
def mul(a: Complex, b: Complex) -> Complex:
    return Complex(a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real)


@wp.func
def mul(a: Complex, s: float) -> Complex:
    return Complex(a.real * s, a.imag * s)


@wp.func
def mul(a: wp.vec2, b: wp.vec2) -> wp.vec2:
    return wp.vec2(a[0] * b[0], a[1] * b[1])


@wp.func
def div(a: Complex, b: Complex) -> Complex:
    d = b.real * b.real + b.imag * b.imag
    return Complex((a.real * b.real + a.imag * b.imag) / d, (a.imag * b.real - a.real * b.imag) / d)


@wp.func
def mod(a: int, b: int) -> int:
    return a * 100 + b


@wp.func
def lshift(a: Complex, k: int) -> Complex:
    return Complex(a.real * float(1 << k), a.imag * float(1 << k))


@wp.kernel
def complex_ops(re: wp.array(dtype=float), im: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    a = Complex(re[i], im[i])
    b = Complex(im[i] + 1.5, re[i] - 0.5)
    c = a
    c += b
    c *= b
    c -= a
    c /= b
    out[i, 0] = (a + b).real
    out[i, 1] = (a + b).imag
    out[i, 2] = (a - b).real
    out[i, 3] = (a * b).imag
    out[i, 4] = (a / b).real
    out[i, 5] = (a / b).imag
    out[i, 6] = (a * 2.5).imag
    out[i, 7] = (a << 2).real
    out[i, 8] = c.real
    out[i, 9] = c.imag
    out[i, 10] = (a * b + a / b - b).real


@wp.kernel
def builtin_types(x: wp.array(dtype=int), v: wp.array(dtype=wp.vec2), xo: wp.array(dtype=int),
                  vo: wp.array(dtype=wp.vec2), fo: wp.array(dtype=float)):
    i = wp.tid()
    xo[i] = x[i] % 7
    y = x[i]
    y %= 3
    xo[i] = xo[i] + y
    vo[i] = v[i] * v[i] + v[i] * 2.0
    fo[i] = float(x[i]) * 1.5 + 7.0 / 2.0


TESTS = [
    dict(kernel="complex_ops", dim=16, args=dict(re=("uniform", -2, 2), im=("uniform", -2, 2)),
         shapes=dict(out=(16, 11)), outputs=["out"], rtol=1e-5, atol=1e-6),
    dict(kernel="builtin_types", dim=16, args=dict(x=("int", -50, 50), v=("uniform", -2, 2)),
         outputs=["xo", "vo", "fo"]),
]
