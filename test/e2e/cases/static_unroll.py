"""wp.static() over loop variables (Warp >= 1.11): a `for` over range() of
constants (literals, a negated literal, module constants, wp.static(...)
calls, locals holding a constant) that contains wp.static() is unrolled
whatever its trip count, and each iteration's wp.static() expressions see
that iteration's loop variable, before a module-level global of the same
name (`j = 100` below).  Covers module-level lists / tuples of @wp.func
called through wp.static(FUNCS[k]), nested unrolled loops, expressions over
several loop variables, a static `if` per iteration, `continue`, a dynamic
loop inside an unrolled one, the loop variable's value after the loop,
len() of kernel variables and a @wp.func run at compile time.  A
wp.static() that names no loop variable nor local is resolved when the
kernel is declared: it does not unroll its loop, so a `break` there is a
plain break (break_resolved)."""
import warp as wp

j = 100
N = 4
VALS = (5, 7, 11, 13)
TABLE = ((1, 2, 3), (4, 5, 6))
SCALES = [0.5, 1.5, 2.5]
q = 1


@wp.func
def f0(x: float):
    return x + 1.0


@wp.func
def f1(x: float):
    return x * 2.0


@wp.func
def f2(x: float):
    return x - 3.0


FUNCS = [f0, f1, f2]
FUNCS_T = (f2, f0)


@wp.kernel
def per_iteration(x: wp.array(dtype=float), n: int, out: wp.array2d(dtype=float)):
    i = wp.tid()
    for j in range(4):
        out[i, j] = float(wp.static(j) * 10)
    for k in range(wp.static(len(FUNCS))):
        out[i, 4 + k] = wp.static(FUNCS[k])(x[i])
    for k in range(2):
        out[i, 7 + k] = wp.static(FUNCS_T[k])(x[i])
    s = float(0.0)
    for k in range(40):
        s += float(wp.static(k * k))
    out[i, 9] = s
    for a in range(2):
        for b in range(3):
            out[i, 10 + a * 3 + b] = float(wp.static(TABLE[a][b] * 100 + a * 10 + b)) + x[i]
    for k in range(3, -1, -1):
        out[i, 16 + k] = float(wp.static(VALS[k] - k))
    m = 3
    for k in range(m):
        out[i, 20 + k] = wp.static(SCALES[k] * float(m)) * x[i]
    for k in range(N):
        if wp.static(k % 2 == 1):
            out[i, 23 + k] = -x[i]
        else:
            out[i, 23 + k] = x[i]
    for k in range(N):
        if x[i] > 0.5 and k > 1:
            continue
        out[i, 27 + k] = float(wp.static(VALS[-1 - k]))
    for k in range(3):
        for t in range(n):
            out[i, 31 + k] += float(wp.static(k + 1))
    out[i, 34] = float(k)
    out[i, 35] = float(wp.static(j))


@wp.kernel
def vector_lanes(v: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    r = wp.vec3()
    for c in range(3):
        r[wp.static(2 - c)] = v[i][c] * wp.static(float(c + 1))
    out[i] = r


@wp.kernel
def after_loop(out: wp.array(dtype=float), n: int):
    # after its loop, j is no constant: wp.static(j) is the global j = 100;
    # a local assigned a constant stays one, across a dynamic loop too
    for j in range(4):
        out[j] = float(wp.static(j) * 10)
    out[4] = float(wp.static(j))
    m = 7
    out[5] = float(wp.static(m))
    for t in range(n):
        out[6] += 1.0
    out[7] = float(wp.static(m))
    out[8] = float(j)


@wp.kernel
def scoping(out: wp.array(dtype=float), n: int):
    # wp.static(q) names no enclosing loop's variable: Warp evaluates it over
    # the module's names first (the global q = 1), not the local q = 7
    q = 7
    out[0] = float(wp.static(q))
    # inside `for q`, the local: the inner loop's last value (Warp unrolls
    # the constant inner loop; the variable keeps its value after it)
    for q in range(2):
        for q in range(3):
            pass
        out[1 + q] = float(wp.static(q * 10 + 1))
    for k in range(2):
        for t in range(5):
            out[4 + k] += float(t)
        out[6 + k] = float(wp.static(t + k * 100))


@wp.kernel
def lengths(v: wp.vec2, out: wp.array(dtype=float)):
    # len() of kernel variables inside wp.static(): by their types
    w = wp.vec4()
    tf = wp.transform_identity(float)
    m = wp.identity(n=wp.static(len(v) + len(w) - 3), dtype=float)
    out[0] = wp.ddot(m, m)
    out[1] = float(wp.static(len(tf) * 10))
    for k in range(wp.static(len(w))):
        out[2 + k] = float(wp.static(k * len(v))) + v[0]


@wp.func
def offset_of(k: int):
    base = wp.static(q + 2)
    return base * k + 1


@wp.kernel
def static_func_call(out: wp.array(dtype=float)):
    # a @wp.func called inside wp.static() runs at compile time, in Python
    c3 = 3
    out[0] = float(offset_of(2))
    out[1] = float(wp.static(offset_of(c3) + c3))
    for k in range(3):
        out[2 + k] = float(wp.static(offset_of(k * 10)))


@wp.kernel
def break_resolved(x: wp.array(dtype=float), n: int, out: wp.array(dtype=float)):
    i = wp.tid()
    c = int(0)
    for k in range(N):
        if c >= n:
            break
        if wp.static(q == 1):
            out[i * 8 + k] = x[i] * wp.static(SCALES[1] + float(q))
        c += 1
    for k in range(2, 8, 2):
        for t in range(3):
            if t > k - 2:
                break
            out[i * 8 + 4 + t] += wp.static(float(len(VALS))) * float(k)
    acc = x[i]
    for k in range(4):  # a function-valued wp.static() is resolved too
        acc = wp.static(FUNCS[1])(acc)
        if acc > 1.5:
            break
    out[i * 8 + 7] = acc


TESTS = [
    dict(kernel="per_iteration", dim=6, args=dict(x=("uniform", -1, 1), n=3), shapes=dict(out=(6, 36)),
         outputs=["out"]),
    dict(kernel="after_loop", dim=1, args=dict(n=2), shapes=dict(out=(9,))),
    dict(kernel="scoping", dim=1, args=dict(n=2), shapes=dict(out=(8,))),
    dict(kernel="lengths", dim=1, args=dict(v=[0.25, 2.0]), shapes=dict(out=(6,))),
    dict(kernel="static_func_call", dim=1, shapes=dict(out=(5,))),
    dict(kernel="vector_lanes", dim=8, args=dict(v=("uniform", -1, 1)), outputs=["out"]),
    dict(kernel="break_resolved", dim=3, args=dict(x=("uniform", -1, 1), n=2), shapes=dict(out=(24,))),
]
