"""SPMD backward kernels (lib/emit/emit_spmd_adj.c) whose reads and writes
of one dtype are at an affine index computed twice: x[i + 1] and y[i + 1],
x[2 * i + 1] and y[i * 2 + 1].  Each element still has one thread that
touches it (lib/ir/uniform_adj.c compares the affine forms, not only the IR
values), so the W-lane backward runs; its gradients must be warp-lang's and
the finite differences', with dims that leave a scalar tail (37, 45).
The same with an offset by an int parameter, x[n - 1 - i] (injective.c
takes it as a launch-invariant offset), and x[i + off] without a loop.
The loop's trip count is a kernel argument, and each step overwrites s:
warp-lang replays the loop with s at its final value (its "Dynamic
Loops"), so the loop launches are checked against the finite differences
only (warp_wrong); the launch of no step is checked against both."""
import warp as wp


@wp.kernel
def halo(x: wp.array(dtype=float), n: int, y: wp.array(dtype=float)):
    i = wp.tid()
    s = x[i + 1]
    for _k in range(n):
        s = s * wp.sin(s) + 0.25
    y[i + 1] = s


@wp.kernel
def halo_f64(x: wp.array(dtype=wp.float64), n: int, y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    s = x[i + 1]
    for _k in range(n):
        s = s * wp.sin(s) + wp.float64(0.25)
    y[i + 1] = s


@wp.kernel
def odd(x: wp.array(dtype=float), n: int, y: wp.array(dtype=float)):
    i = wp.tid()
    s = x[2 * i + 1]
    for _k in range(n):
        s = s * wp.cos(s) - 0.5
    y[i * 2 + 1] = s


@wp.kernel
def odd_f64(x: wp.array(dtype=wp.float64), n: int, y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    s = x[2 * i + 1]
    for _k in range(n):
        s = s * wp.cos(s) - wp.float64(0.5)
    y[i * 2 + 1] = s


@wp.kernel
def rev(x: wp.array(dtype=float), n: int, steps: int, y: wp.array(dtype=float)):
    i = wp.tid()
    s = x[n - 1 - i]
    for _k in range(steps):
        s = s * wp.sin(s) + x[n - 1 - i]
    y[n - 1 - i] = s


@wp.kernel
def rev_f64(x: wp.array(dtype=wp.float64), n: int, steps: int, y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    s = x[n - 1 - i]
    for _k in range(steps):
        s = s * wp.sin(s) + x[n - 1 - i]
    y[n - 1 - i] = s


@wp.kernel
def shift(x: wp.array(dtype=float), off: int, y: wp.array(dtype=float)):
    i = wp.tid()
    y[off + i] = x[i + off] * wp.cos(x[i + off])


@wp.kernel
def shift_f64(x: wp.array(dtype=wp.float64), off: int, y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[off + i] = x[i + off] * wp.cos(x[i + off])


GRAD_TESTS = [
    dict(name="halo", kernel="halo", dim=37, shapes=dict(x=(38,), y=(38,)),
         args=dict(x=("uniform", 0.2, 1.0), n=5), outputs=["y"], inputs=["x"], warp_wrong=True),
    dict(name="odd", kernel="odd", dim=45, shapes=dict(x=(91,), y=(91,)),
         args=dict(x=("uniform", 0.2, 1.0), n=4), outputs=["y"], inputs=["x"], warp_wrong=True),
    dict(name="halo_no_step", kernel="halo", dim=37, shapes=dict(x=(38,), y=(38,)),
         args=dict(x=("uniform", 0.2, 1.0), n=0), outputs=["y"], inputs=["x"]),
    # an offset by an int parameter (injective.c: the same in every thread)
    dict(name="reversed", kernel="rev", dim=41, shapes=dict(x=(41,), y=(41,)),
         args=dict(x=("uniform", 0.2, 1.0), n=41, steps=3), outputs=["y"], inputs=["x"], warp_wrong=True),
    dict(name="reversed_no_step", kernel="rev", dim=41, shapes=dict(x=(41,), y=(41,)),
         args=dict(x=("uniform", 0.2, 1.0), n=41, steps=0), outputs=["y"], inputs=["x"]),
    dict(name="shifted", kernel="shift", dim=40, shapes=dict(x=(45,), y=(45,)),
         args=dict(x=("uniform", -1.0, 1.0), off=5), outputs=["y"], inputs=["x"]),
]
