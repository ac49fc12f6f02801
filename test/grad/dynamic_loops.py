"""Loops whose trip count is only known at run time (a kernel parameter, or
a data-dependent while condition).  warp-lang runs the reverse loop with the
loop-carried variables at their final values (its guide, "Dynamic Loops"),
so gradients that need each iteration's values are wrong (warp_wrong); warpc
replays the loop with a tape of the overwritten values and gets them right.
A loop whose carried value only accumulates (s += f(x, j)) needs no
per-iteration values, and warp-lang is right there too."""
import warp as wp


@wp.kernel
def loops(op: int, n: int, a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    r = float(0.0)
    if op == 0:
        # power by repeated product
        p = float(1.0)
        for j in range(n):
            p = p * x
        r = p * z
    elif op == 1:
        # loop-carried divisions
        q = float(1.0)
        for j in range(n):
            q = q / (x + 0.1 * float(j)) + z
        r = q
    elif op == 2:
        # accumulation only: warp-lang is right here
        s = float(0.0)
        for j in range(n):
            s += wp.sin(x * float(j)) * z
        r = s
    elif op == 3:
        # while with a data-dependent trip count
        p = x
        k = int(0)
        while p < 10.0:
            p = p * (1.5 + z)
            k += 1
        r = p / float(k)
    elif op == 4:
        # break and continue
        p = float(1.0)
        for j in range(n):
            if j % 3 == 1:
                continue
            p = p * x + z
            if wp.abs(p) > 4.0:
                break
        r = p
    elif op == 5:
        # nested dynamic loops
        s = float(0.0)
        for j in range(n):
            t = x
            for k in range(j):
                t = t * z + 0.5
            s = s + t * t
        r = s
    y[i] = r


@wp.kernel
def loops_f64(op: int, n: int, a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64),
              y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    r = wp.float64(0.0)
    if op == 0:
        p = wp.float64(1.0)
        for j in range(n):
            p = p * x
        r = p * z
    elif op == 1:
        q = wp.float64(1.0)
        for j in range(n):
            q = q / (x + wp.float64(0.1) * wp.float64(j)) + z
        r = q
    elif op == 2:
        s = wp.float64(0.0)
        for j in range(n):
            s += wp.sin(x * wp.float64(j)) * z
        r = s
    elif op == 3:
        p = x
        k = int(0)
        while p < wp.float64(10.0):
            p = p * (wp.float64(1.5) + z)
            k += 1
        r = p / wp.float64(k)
    elif op == 4:
        p = wp.float64(1.0)
        for j in range(n):
            if j % 3 == 1:
                continue
            p = p * x + z
            if wp.abs(p) > wp.float64(4.0):
                break
        r = p
    elif op == 5:
        s = wp.float64(0.0)
        for j in range(n):
            t = x
            for k in range(j):
                t = t * z + wp.float64(0.5)
            s = s + t * t
        r = s
    y[i] = r


def T(name, op, n, a=("uniform", -1.5, 1.5), b=("uniform", -1, 1), **kw):
    return dict(name=name, kernel="loops", dim=8, args=dict(op=op, n=n, a=a, b=b), outputs=["y"], **kw)


GRAD_TESTS = [
    T("for_product", 0, 5, warp_wrong=True),
    # 600 iterations tape 4.8 KB per thread: past the tape's 2048 bytes on
    # the stack, so it moves to the heap twice (wp_ttape_grow)
    T("for_product_long_tape", 0, 600, a=("uniform", 0.995, 1.005), warp_wrong=True),
    T("for_division", 1, 6, b=("uniform", -1, 1), a=("uniform", 0.7, 1.5), warp_wrong=["a"],
      note="d/db needs only x, so warp-lang gets that one right"),
    T("for_accumulate", 2, 7),
    T("while_product", 3, 0, a=("uniform", 0.5, 2.0), b=("uniform", 0.1, 0.9), warp_wrong=True,
      note="trip counts 2-9; FD steps never cross p == 10 for these seeds"),
    T("break_continue", 4, 9, a=("uniform", 0.6, 1.4), b=("uniform", 0.2, 0.6), warp_wrong=True),
    T("nested_dynamic", 5, 4, a=("uniform", -1, 1), b=("uniform", -0.9, 0.9), warp_wrong=True),
]
