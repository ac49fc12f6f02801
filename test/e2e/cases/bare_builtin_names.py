"""Warp looks a name the module does not bind up in warp itself, so kernels
may call builtins and construct types without the wp. prefix (warp-lang's
own test_operators.py calls expect_eq(...) bare): sin(x), vec3(...),
length(v), expect_eq(a, b) (not tid(), which Warp does not find bare).  A local variable, a module-level def or
an import of the same name still wins."""
import warp as wp


@wp.func
def cos(x: float):  # the module's own cos shadows warp's
    return x + 100.0


@wp.kernel
def bare(a: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    x = a[i]
    v = vec3(x, 2.0, 3.0)
    out[i, 0] = sin(x) + length(v)
    out[i, 1] = cos(x)
    expect_eq(i, i)
    sqrt = 5.0  # a local shadows warp's sqrt
    out[i, 2] = sqrt + clamp(x, 0.0, 0.5)
    out[i, 3] = float(max(i, 3)) + dot(v, v)


TESTS = [
    dict(kernel="bare", dim=16, args=dict(a=("uniform", -1, 1)), shapes=dict(out=(16, 4)), outputs=["out"]),
]
