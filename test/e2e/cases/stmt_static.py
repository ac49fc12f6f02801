"""wp.static(expr): expressions over module constants evaluated at compile
time, as loop bounds, values and `if` conditions that select a branch while
the kernel is compiled (the branch not taken is never compiled)."""
import warp as wp

N = 4
SCALE = 0.5
MODE = 2
USE_SQUARE = True
ORDER = wp.constant(3)


@wp.kernel
def static_values(x: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    s = float(0.0)
    for k in range(wp.static(N * 2 - 1)):
        s += x[i] * float(k)
    out[i, 0] = s
    out[i, 1] = x[i] * wp.static(SCALE * 3.0 + 1.0)
    out[i, 2] = float(wp.static(N // 3 + N % 3 + 2**N))
    t = float(0.0)
    for k in range(wp.static(N), 0, wp.static(-ORDER + 1)):
        t += float(k) * x[i]
    out[i, 3] = t


@wp.kernel
def static_branches(x: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    v = x[i]
    if wp.static(MODE == 1):
        out[i, 0] = v + 1.0
    elif wp.static(MODE == 2):
        out[i, 0] = v * 2.0
    else:
        out[i, 0] = v - 1.0
    if wp.static(USE_SQUARE and N > 3):
        out[i, 1] = v * v
    else:
        out[i, 1] = wp.sqrt(v)
    if wp.static(1 < N <= 4 and not USE_SQUARE):
        out[i, 2] = 1.0
    else:
        out[i, 2] = 2.0
    if wp.static(ORDER >= 3.5):
        out[i, 3] = 3.0
    out[i, 4] = wp.static(SCALE if MODE > 1 else 2.0) * v


TESTS = [
    dict(kernel="static_values", dim=16, args=dict(x=("uniform", -1, 1)),
         shapes=dict(out=(16, 4)), outputs=["out"]),
    dict(kernel="static_branches", dim=16, args=dict(x=("uniform", 0.1, 2)),
         shapes=dict(out=(16, 5)), outputs=["out"]),
]
