"""@wp.func_native with array parameters: Warp passes a wp::array_t, which
converts to a pointer to the array's first element (array.h's
`operator T*`), so a snippet indexes it with [] (flat, whatever the
array's shape).  warpc gives the snippet that pointer, `T *name`: the
snippets of Warp's own test_snippet.py (test_cpu_snippet's increment),
a read-modify-write of a 2-d array by flat index, a vector array, an array
beside a result, and a loop over an array's elements by pointer."""
import warp as wp


@wp.func_native("""
    int inc = 1;
    out[tid] = x[tid] + inc;
""")
def increment_snippet(x: wp.array(dtype=wp.int32), out: wp.array(dtype=wp.int32), tid: int):
    ...


@wp.kernel
def increment(x: wp.array(dtype=wp.int32), out: wp.array(dtype=wp.int32)):
    tid = wp.tid()
    increment_snippet(x, out, tid)


@wp.func_native("""
    m[k] = m[k] * 2.0f + s;
""")
def scale_flat(m: wp.array2d(dtype=float), k: int, s: float):
    ...


@wp.func_native("""
    float acc = 0.0f;
    const float *p = a;
    for (int j = 0; j < n; j++, p++)
        acc += *p * v[j].c[1];
    return acc;
""")
def dot_y(a: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), n: int) -> float:
    ...


@wp.kernel
def flat2d(m: wp.array2d(dtype=float), a: wp.array(dtype=float), v: wp.array(dtype=wp.vec3),
           out: wp.array(dtype=float)):
    i, j = wp.tid()
    scale_flat(m, i * 6 + j, 0.5)
    if j == 0:
        out[i] = dot_y(a, v, 5) + float(i)


TESTS = [
    dict(kernel="increment", dim=16, args=dict(x=("int", -50, 50))),
    dict(kernel="flat2d", dim=(4, 6), args=dict(m=("uniform", -1, 1), a=("uniform", -1, 1), v=("uniform", -1, 1)),
         shapes=dict(a=(5,), v=(5,), out=(4,)), outputs=["m", "out"]),
]
