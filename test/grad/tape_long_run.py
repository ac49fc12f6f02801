"""A loop whose body overwrites one variable 70 times (in an inlined
@wp.func, then in the kernel itself): more pushes on the tape in a row than
one reservation covers (TAPE_RUN_MAX = 64 in lib/emit/emit_tape.c), so the
run is split into several wp_ttape_reserve calls, through the chain of the
func's inlined blocks, with 4 bytes a slot; 6 iterations need 3.4 KB a
thread, past the tape's 2 KB on the stack (growth inside a run).  Checked
against warp-lang and the float64 finite differences."""
import warp as wp


@wp.func
def steps(t: float, x: float, z: float):
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * 0.75 + wp.cos(z)
    return t


@wp.kernel
def long_run(n: int, a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    t = x
    for j in range(n):
        t = steps(t, x, z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * 0.75 + wp.cos(z)
    y[i] = t


@wp.func
def steps_f64(t: wp.float64, x: wp.float64, z: wp.float64):
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    t = wp.sin(t) * x + z
    t = t * wp.float64(0.75) + wp.cos(z)
    return t


@wp.kernel
def long_run_f64(n: int, a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64),
                 y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    z = b[i]
    t = x
    for j in range(n):
        t = steps_f64(t, x, z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
        t = wp.sin(t) * x + z
        t = t * wp.float64(0.75) + wp.cos(z)
    y[i] = t


GRAD_TESTS = [
    dict(name="one_iteration", kernel="long_run", dim=8,
         args=dict(n=1, a=("uniform", -0.9, 0.9), b=("uniform", -0.5, 0.5)), outputs=["y"]),
    dict(name="six_iterations", kernel="long_run", dim=8,
         args=dict(n=6, a=("uniform", -0.9, 0.9), b=("uniform", -0.5, 0.5)), outputs=["y"]),
]
