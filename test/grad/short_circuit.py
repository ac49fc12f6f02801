"""Gradients through short-circuit `and` / `or` (Warp >= 1.11).  The right
operand of `i < n and ...` reads `b`, which has only n elements, so its
backward must be skipped like its forward for i >= n; branches guarded by
chains of `and` / `or` get the adjoint of the path each thread took, and a
bool assigned from `or` selects the value.  Inputs stay away from the
branch points.

side_effect_rhs: a @wp.func with a differentiable side effect (an atomic add
into `acc`) as the right operand runs only when the left one does not
decide, in the forward and in the backward.  warp-lang 1.19.0's gradient of
`a` is wrong there (warp_wrong; see the test's note); warpc matches finite
differences."""
import warp as wp


@wp.kernel
def guarded(a: wp.array(dtype=float), b: wp.array(dtype=float), n: int, y: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    r = x * x
    if i < n and b[i] * x > 0.1:
        r = wp.sin(x) * b[i]
    if (x > 0.5 and x < 1.5) or x < -1.0:
        r = r + x * x * x
    big = x > 1.0 or (i < n and b[i] > 0.5)
    if not big and x > -0.5:
        r = r * 2.0
    y[i] = r


@wp.kernel
def guarded_f64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), n: int,
                y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    r = x * x
    if i < n and b[i] * x > wp.float64(0.1):
        r = wp.sin(x) * b[i]
    if (x > wp.float64(0.5) and x < wp.float64(1.5)) or x < wp.float64(-1.0):
        r = r + x * x * x
    big = x > wp.float64(1.0) or (i < n and b[i] > wp.float64(0.5))
    if not big and x > wp.float64(-0.5):
        r = r * wp.float64(2.0)
    y[i] = r


@wp.func
def tally(acc: wp.array(dtype=float), v: float, t: float):
    wp.atomic_add(acc, 0, v * v)
    return v > t


@wp.kernel
def tallied(a: wp.array(dtype=float), acc: wp.array(dtype=float), y: wp.array(dtype=float)):
    # tally() runs (and adds to acc) only when the left operand does not decide
    i = wp.tid()
    x = a[i]
    r = x
    if x > 0.0 and tally(acc, x, 0.5):
        r = x * x
    if x > 1.0 or tally(acc, x * 2.0, 1.0):
        r = r * 3.0
    y[i] = r


@wp.func
def tally_f64(acc: wp.array(dtype=wp.float64), v: wp.float64, t: wp.float64):
    wp.atomic_add(acc, 0, v * v)
    return v > t


@wp.kernel
def tallied_f64(a: wp.array(dtype=wp.float64), acc: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    r = x
    if x > wp.float64(0.0) and tally_f64(acc, x, wp.float64(0.5)):
        r = x * x
    if x > wp.float64(1.0) or tally_f64(acc, x * wp.float64(2.0), wp.float64(1.0)):
        r = r * wp.float64(3.0)
    y[i] = r


XS = [-1.7, -1.3, -0.8, -0.2, 0.15, 0.3, 0.7, 0.9, 1.2, 1.4, 1.8, 2.2, -0.7, 0.4, 1.1, -1.2]
BS = [0.9, -0.6, 0.7, -0.9, 0.8, 0.35, -0.4, 0.75, 0.6, -0.8]

GRAD_TESTS = [
    dict(name="guard_and_chain", kernel="guarded", dim=16, args=dict(a=XS, b=BS, n=10),
         shapes=dict(b=(10,)), outputs=["y"], inputs=["a", "b"]),
    dict(name="side_effect_rhs", kernel="tallied", dim=16, args=dict(a=XS), shapes=dict(acc=(1,)),
         outputs=["y", "acc"], inputs=["a"], fwd_tol=(1e-5, 1e-5), warp_wrong=["a"],
         note="1.19.0's backward guards the right operand's adjoint with the final result, not with "
              "whether it ran: it skips tally's adjoint where `and` gave False after running it, or "
              "`or` gave True through it"),
]
