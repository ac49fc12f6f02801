"""Funcs and structs made by factories, and factory locals: each
module-level call of a factory makes its own definition, in which the
factory's parameters and its local assignments computed from them
(`factor = k * 2.0`, a vector type of length n, `op = inner` naming one of
its funcs) are compile-time constants;
the @wp.func and @wp.struct defs of a kernel factory are visible to the
kernel it makes; funcs may be passed to factories and composed."""
import warp as wp

BASE = 0.5


def make_scaler(k: float):
    factor = k * 2.0 + BASE

    @wp.func
    def scale(x: float):
        return x * factor

    return scale


def make_pair(dtype):
    @wp.struct
    class Pair:
        a: dtype
        b: float

    return Pair


def make_compose(f, g):
    @wp.func
    def fg(x: float):
        return f(g(x))

    return fg


def make_twice(k: float):
    @wp.func
    def inner(x: float):
        return x * k + 1.0

    op = inner

    @wp.func
    def twice(x: float):
        return op(op(x))

    return twice


def make_stencil(n: int, weight: float):
    total = float(n) * weight
    vec_t = wp.types.vector(length=n, dtype=float)

    @wp.struct
    class Acc:
        s: float
        count: int

    @wp.func
    def add(acc: Acc, x: float):
        acc.s = acc.s + x * weight
        acc.count = acc.count + 1
        return acc

    @wp.kernel
    def stencil(a: wp.array(dtype=float), out: wp.array(dtype=float), cnt: wp.array(dtype=int)):
        i = wp.tid()
        acc = Acc()
        v = vec_t()
        for k in range(n):
            acc = add(acc, a[(i + k) % 32])
            v[k] = a[(i + k) % 32]
        out[i] = acc.s / total + wp.length(v)
        cnt[i] = acc.count

    return stencil


scale3 = make_scaler(3.0)
scale_half = make_scaler(k=0.25)
Pair64 = make_pair(wp.float64)
Pair32 = make_pair(wp.float32)
scale_both = make_compose(scale3, scale_half)
twice2 = make_twice(2.0)
stencil3 = make_stencil(3, 2.0)
stencil5 = make_stencil(5, 0.5)


@wp.kernel
def use_made(a: wp.array(dtype=float), out: wp.array(dtype=float), dout: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    p = Pair64()
    p.a = wp.float64(x) * wp.float64(3.0)
    p.b = scale3(x)
    q = Pair32(x, scale_half(x))
    out[i] = p.b + q.a * q.b + scale_both(x) + twice2(x)
    dout[i] = p.a + wp.float64(q.b)


TESTS = [
    dict(kernel="use_made", dim=32, args=dict(a=("uniform", -2, 2)), outputs=["out", "dout"]),
    dict(kernel="stencil3", dim=32, args=dict(a=("uniform", -2, 2)), outputs=["out", "cnt"]),
    dict(kernel="stencil5", dim=32, args=dict(a=("uniform", -2, 2)), outputs=["out", "cnt"]),
]
