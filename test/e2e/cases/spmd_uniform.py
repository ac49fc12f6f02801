"""Kernels whose control flow is the same in every thread, which warpc runs
W threads at a time on the CPU (its SPMD variant, lib/emit/emit_spmd.c):
loops and ifs on launch-invariant values, loop-carried values that differ
per thread (floats, ints, vec3, mat33), gathers through an index array,
in-place updates of a[i], early returns; launch sizes that are not a
multiple of any lane count, so the scalar tail runs too.  Every result must
be warp-lang's, bit for bit where e2e compares exactly."""
import warp as wp


@wp.kernel
def nbody(pos: wp.array(dtype=wp.vec3), mass: wp.array(dtype=float), acc: wp.array(dtype=wp.vec3), eps2: float):
    i = wp.tid()
    p = pos[i]
    a = wp.vec3(0.0, 0.0, 0.0)
    for j in range(pos.shape[0]):
        d = pos[j] - p
        r2 = wp.dot(d, d) + eps2
        inv_r = 1.0 / wp.sqrt(r2)
        a = a + d * (mass[j] * inv_r * inv_r * inv_r)
    acc[i] = a


@wp.kernel
def uniform_if(x: wp.array(dtype=float), y: wp.array(dtype=float), n: int, mode: int, s: float):
    i = wp.tid()
    v = x[i]
    acc = float(0.0)
    for k in range(n):
        if mode == 1:
            acc = acc * s + wp.sin(v + float(k))
        elif mode == 2:
            acc = wp.max(acc, v * float(k) - s)
        else:
            acc = acc + v
        if k > n - 3:
            acc = acc * 0.5
    y[i] = acc


@wp.kernel
def int_gather(idx: wp.array(dtype=int), vals: wp.array(dtype=int), out: wp.array(dtype=int), steps: int):
    i = wp.tid()
    h = i * 2654435 + 17
    j = idx[i]
    total = int(0)
    for k in range(steps):
        total = total + vals[j] * (k + 1) - (h % 7)
        j = idx[j]
        h = h ^ (h >> 3)
    out[i] = total


@wp.kernel
def in_place(a: wp.array(dtype=float), b: wp.array(dtype=float), m: int):
    i = wp.tid()
    for k in range(m):
        a[i] = a[i] * 0.75 + b[k] * float(i % 5)


@wp.kernel
def mat_chain(r: wp.mat33, v: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3), out_m: wp.array(dtype=wp.mat33), n: int):
    i = wp.tid()
    m = wp.mat33(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0) * v[i][0]
    w = v[i]
    k = int(0)
    while k < n:
        m = m * r
        w = wp.cross(w, r[k % 3]) + w * 0.5
        k += 1
    out[i] = m * w
    out_m[i] = m


@wp.kernel
def early_exit(x: wp.array(dtype=float), y: wp.array(dtype=float), limit: int):
    i = wp.tid()
    if limit < 0:
        return
    t = x[i]
    for k in range(limit):
        t = t * t - 0.5
        if k == 3:
            y[i] = t
            return
    y[i] = -t


@wp.kernel
def stencil(x: wp.array(dtype=float), w: wp.array(dtype=float), y: wp.array(dtype=float), n: int, off: int):
    # x[i + k], x[k + i], x[i - off + k]: lanes read consecutive elements
    i = wp.tid()
    s = float(0.0)
    for k in range(n):
        s = s + x[i + k] * w[k] - x[k + i] * 0.25
        j = i - off
        s = s + x[j + k + off]
    y[i] = s


@wp.kernel
def varying_branch(x: wp.array(dtype=float), y: wp.array(dtype=float), n: int):
    # a branch on a value that differs between threads: the scalar code only
    i = wp.tid()
    v = x[i]
    for k in range(n):
        if v > 0.0:
            v = v - 0.25
        else:
            v = v * 1.5
    y[i] = v


R = [[0.9, 0.1, 0.0], [-0.1, 0.9, 0.2], [0.05, -0.2, 0.95]]

TESTS = [
    dict(kernel="nbody", dim=203, args=dict(pos=("uniform", -1, 1), mass=("uniform", 0.5, 1.5), eps2=1e-3),
         outputs=["acc"]),
    dict(kernel="nbody", dim=16, args=dict(pos=("uniform", -1, 1), mass=("uniform", 0.5, 1.5), eps2=1e-2),
         outputs=["acc"]),
    dict(kernel="uniform_if", dim=77, args=dict(x=("uniform", -2, 2), n=9, mode=1, s=0.9), outputs=["y"]),
    dict(kernel="uniform_if", dim=77, args=dict(x=("uniform", -2, 2), n=9, mode=2, s=0.3), outputs=["y"]),
    dict(kernel="uniform_if", dim=33, args=dict(x=("uniform", -2, 2), n=5, mode=0, s=0.3), outputs=["y"]),
    dict(kernel="int_gather", dim=101, args=dict(idx=("int", 0, 100), vals=("int", -1000, 1000), steps=6),
         outputs=["out"]),
    dict(kernel="in_place", dim=45, args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), m=7),
         shapes=dict(b=(7,)), outputs=["a"]),
    dict(kernel="mat_chain", dim=39, args=dict(r=R, v=("uniform", -1, 1), n=4), outputs=["out", "out_m"]),
    dict(kernel="early_exit", dim=50, args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1), limit=6),
         outputs=["y"]),
    dict(kernel="early_exit", dim=50, args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1), limit=2),
         outputs=["y"]),
    dict(kernel="early_exit", dim=50, args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1), limit=-1),
         outputs=["y"]),
    dict(kernel="stencil", dim=83, args=dict(x=("uniform", -1, 1), w=("uniform", -1, 1), n=5, off=2),
         shapes=dict(x=(90,), w=(5,)), outputs=["y"]),
    dict(kernel="varying_branch", dim=70, args=dict(x=("uniform", -1, 1), n=6), outputs=["y"]),
]
