"""Short-circuit `and` / `or` (Warp >= 1.11): the right operand is evaluated
only when the left one does not decide the result, as in Python.  Side
effects (atomic counters in @wp.func calls) count how often each operand
runs: chains (`a and b and c`), `and` mixed with `or`, conditions of `if`
and `while`, values assigned to locals, non-bool operands (floats, ints,
taken by their truth value; the result is a bool, as in Warp).  A guard
`i < n and small[i] > 0.0` never reads `small` (n elements) past its end."""
import warp as wp


@wp.func
def probe(cnt: wp.array(dtype=int), k: int, v: float):
    wp.atomic_add(cnt, k, 1)
    return v


@wp.func
def probe_b(cnt: wp.array(dtype=int), k: int, v: bool):
    wp.atomic_add(cnt, k, 1)
    return v


@wp.kernel
def guards(x: wp.array(dtype=float), n: int, cnt: wp.array(dtype=int), out: wp.array(dtype=float),
           bo: wp.array(dtype=wp.bool)):
    i = wp.tid()
    if i < n and probe(cnt, 0, x[i % 8]) > 0.0:
        out[i] = 1.0
    a = x[i % 8] > 0.5 or probe(cnt, 1, x[i % 8]) > 0.0
    bo[i] = a
    b = probe_b(cnt, 2, i % 2 == 0) and probe_b(cnt, 3, i % 3 == 0) and probe_b(cnt, 4, i % 5 == 0)
    if b:
        wp.atomic_add(cnt, 5, 1)
    c = (probe_b(cnt, 6, i % 2 == 0) or probe_b(cnt, 7, i % 3 == 0)) and probe_b(cnt, 8, i % 5 == 0)
    if c:
        wp.atomic_add(cnt, 9, 1)
    d = probe_b(cnt, 10, i % 2 == 0) and probe_b(cnt, 11, i % 3 == 0) or probe_b(cnt, 12, i % 5 == 0)
    if d:
        wp.atomic_add(cnt, 13, 1)
    f = x[i % 8] and probe(cnt, 14, 2.0)
    if f:
        wp.atomic_add(cnt, 15, 1)
    g = i or probe(cnt, 16, 0.0)
    if g:
        wp.atomic_add(cnt, 17, 1)
    j = int(0)
    while j < 10 and probe(cnt, 18, float(j)) < 3.0:
        j += 1
    out[i] += float(j)
    h = (i > 100 and probe(cnt, 19, 1.0) > 0.0) or (i < 5 and probe(cnt, 20, float(i)) > 1.0)
    if not h and not (i >= 3 or probe(cnt, 21, 1.0) < 0.0):
        wp.atomic_add(cnt, 22, 1)


@wp.kernel
def guarded_read(small: wp.array(dtype=float), n: int, out: wp.array(dtype=float)):
    i = wp.tid()
    if i < n and small[i] > 0.0:
        out[i] = small[i]
    if i >= n or small[i] < 0.0:
        out[i] += 10.0


TESTS = [
    dict(kernel="guards", dim=30,
         args=dict(x=[0.0, 1.0, -1.0, 0.3, 0.7, 2.0, 0.0, -0.2], n=12),
         shapes=dict(x=(8,), cnt=(24,)), outputs=["cnt", "out", "bo"]),
    dict(kernel="guarded_read", dim=64, args=dict(small=("uniform", -1, 1), n=5),
         shapes=dict(small=(5,)), outputs=["out"]),
]
