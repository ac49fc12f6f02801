"""A @wp.func parameter annotated tuple[T, ...] takes tuples of any length
whose items are all T (one instance per length, as warp-lang; warp's
test_tuple test_loop_variadic_ellipsis)."""
import warp as wp


@wp.func
def total(values: tuple[int, ...]):
    out = wp.int32(0)
    for i in range(wp.static(len(values))):
        out += values[i] * (i + 1)
    return out


@wp.func
def scaled(values: tuple[float, ...], s: float):
    out = float(0.0)
    for i in range(wp.static(len(values))):
        out += values[i] * s
    return out


@wp.kernel
def sums(x: wp.array(dtype=int), f: wp.array(dtype=float), out: wp.array(dtype=int), outf: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = total((x[i],)) + total((2, x[i])) * 10 + total((3, 4, x[i])) * 100
    outf[i] = scaled((f[i], 2.0), 3.0) + scaled((f[i], f[i], 1.0, 0.5), -1.0)


TESTS = [
    dict(kernel="sums", dim=8, args=dict(x=("int", -9, 9), f=("uniform", -1, 1)), outputs=["out", "outf"]),
]
