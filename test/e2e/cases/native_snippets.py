"""@wp.func_native: the snippet, C code that is also valid C++, is pasted as
the function's body with the parameters named as in Python; the result type
is the `-> T` annotation.  Snippets as literals and as module-level names,
scalar and vector parameters, int and float results, a snippet with
control flow and locals, one using <stdint.h>'s and <math.h>'s names
(uint32_t, int32_t, INFINITY: Warp compiles snippets with them)."""
import warp as wp

CLAMP_SNIPPET = """
    float r = x;
    if (r < lo) {
        r = lo;
    } else if (r > hi) {
        r = hi;
    }
    return r;
"""


@wp.func_native(CLAMP_SNIPPET)
def clamp_native(x: float, lo: float, hi: float) -> float:
    ...


@wp.func_native("return a * 3 + b;")
def imix(a: int, b: int) -> int:
    ...


@wp.func_native(snippet="return v.c[0] * w.c[0] + v.c[1] * w.c[1] + v.c[2] * w.c[2];")
def dot3(v: wp.vec3, w: wp.vec3) -> float:
    ...


@wp.func_native("""
    double acc = 0.0;
    for (int k = 1; k <= n; k++) {
        acc += x / (double)k;
    }
    return acc;
""")
def harmonic(x: wp.float64, n: int) -> wp.float64:
    ...


@wp.func_native("""
    uint32_t h = (uint32_t)k * 2654435761u;
    int32_t s = (int32_t)(h >> 16);
    float m = x < 0.0f ? -INFINITY : x;
    return (m == -INFINITY ? -1.0f : m) + (float)(s & 7);
""")
def hashmix(x: float, k: int) -> float:
    ...


@wp.func
def wrapped(x: float):
    return clamp_native(x * 2.0, -1.0, 1.0) + 0.5


@wp.kernel
def natives(a: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), out: wp.array(dtype=float),
            iout: wp.array(dtype=int), dout: wp.array(dtype=wp.float64)):
    i = wp.tid()
    out[i * 3 + 0] = clamp_native(a[i], -0.5, 0.75)
    out[i * 3 + 1] = wrapped(a[i])
    out[i * 3 + 2] = dot3(v[i], wp.vec3(1.0, -2.0, 0.5))
    iout[i] = imix(i, -7)
    dout[i] = harmonic(wp.float64(a[i]), i % 5)


@wp.kernel
def std_names(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = hashmix(a[i], i)


TESTS = [
    dict(kernel="natives", dim=24, args=dict(a=("uniform", -2, 2), v=("uniform", -1, 1)),
         shapes=dict(out=(72,)), outputs=["out", "iout", "dout"]),
    dict(kernel="std_names", dim=24, args=dict(a=("uniform", -2, 2)), outputs=["out"]),
]
