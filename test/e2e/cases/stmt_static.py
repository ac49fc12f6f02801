"""wp.static(expr): expressions over module constants evaluated at compile
time, as loop bounds, values and `if` conditions that select a branch while
the kernel is compiled (the branch not taken is never compiled).  `x in C`
over module-level sets, dicts, lists and tuples (newton's
`wp.static("connectivity" in VBD_DEBUG_PRINTING_OPTIONS)`, an empty dict with
its entries commented out)."""
import warp as wp

N = 4
SCALE = 0.5
MODE = 2
USE_SQUARE = True
ORDER = wp.constant(3)
DEBUG_OPTIONS = {
    # "contact_info",
}
FEATURES = {"friction", "restitution"}
TABLE = {"a": 1, "b": 2}
NAMES = ["x", "y"]
NUMS = (1, 2.5, 3)


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


@wp.kernel
def static_membership(out: wp.array(dtype=int)):
    i = wp.tid()
    r = int(0)
    if wp.static("contact_info" in DEBUG_OPTIONS):
        r += 1
    if wp.static("friction" in FEATURES):
        r += 2
    if wp.static("b" in TABLE):
        r += 4
    if wp.static("z" not in NAMES):
        r += 8
    if wp.static(2.5 in NUMS):
        r += 16
    if wp.static(4 in NUMS):
        r += 32
    if wp.static("restitution" not in FEATURES):
        r += 64
    out[i] = r + i


TESTS = [
    dict(kernel="static_values", dim=16, args=dict(x=("uniform", -1, 1)),
         shapes=dict(out=(16, 4)), outputs=["out"]),
    dict(kernel="static_branches", dim=16, args=dict(x=("uniform", 0.1, 2)),
         shapes=dict(out=(16, 5)), outputs=["out"]),
    dict(kernel="static_membership", dim=3, outputs=["out"]),
]
