"""Tuples as values (what warp-lang 1.10.1 accepts): a tuple literal bound to
a variable and indexed with constants `t[0]`, unpacked `x, y = t`, swapped
`x, y = y, x`, a func's tuple result kept whole and indexed, a tuple of
vectors (elements taken out, then indexed), `len(t)` (a constant), and
`for k in range(len(t)): s += t[k]`, which warp-lang unrolls (constant
ranges up to max_unroll iterations) so k is a constant in each copy.
warp-lang rejects chained indexing of a tuple element (`t[0][1]`: it reads
it as t[0, 1]), negative tuple indices and run-time indices; warpc accepts
the first and rejects the other two (test/diag/tuple_index.py)."""
import warp as wp


@wp.func
def two(x: float):
    return x * 2.0, x + 1.0


@wp.func
def vecs(x: float):
    return wp.vec3(x, 1.0, 2.0), wp.vec2(x, -x)


@wp.func
def sum3(t: float, u: float, v: float):
    tt = (t, u, v)
    s = float(0.0)
    for k in range(len(tt)):
        s += tt[k] * float(k + 1)
    return s


@wp.kernel
def tuples(a: wp.array(dtype=float), n: wp.array(dtype=int), out: wp.array(dtype=float, ndim=2)):
    i = wp.tid()
    x = a[i]
    t = (x, 2.0 * x)
    out[i, 0] = t[0] + t[1]
    p, q = t
    out[i, 1] = p * q
    p, q = q, p
    out[i, 2] = p - q
    r = two(x)
    out[i, 3] = r[0] - r[1]
    vs = vecs(x)
    v3 = vs[0]
    v2 = vs[1]
    out[i, 4] = v3[0] + v3[2] * v2.y
    w = (x, n[i], 3.0)
    out[i, 5] = float(len(w)) + float(w[1])
    w2 = (x, 3.0, x * x)
    s = float(0.0)
    for k in range(len(w2)):
        if k != 1:
            s += w2[k]
    out[i, 6] = s
    for k in range(2):
        s += t[k] * 10.0
    out[i, 7] = s + sum3(x, 1.0, p)


TESTS = [
    dict(kernel="tuples", dim=16, shapes=dict(out=(16, 8)),
         args=dict(a=("uniform", -1, 1), n=("int", -5, 5)), outputs=["out"]),
]
