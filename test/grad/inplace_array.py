"""`*=` and `/=` on array elements in a differentiable kernel (Warp's guide,
"In-Place Math Operations"; warp-lang 1.10.1's gradients of these were wrong,
1.19.0's are right: its array-store adjoint now consumes the slot too).  The
array y is both an input (its values before the launch) and an output (its
values after): its grad is seeded with the adjoint of the output and after
the backward launch holds the gradient with respect to the input values.
warpc and 1.19.0 agree with finite differences.  The gradient of s needs y's value before the update,
which the array no longer holds when the backward kernel runs: warpc warns
at the line instead (test/cli/adjoint_warnings.sh), so only y (and x) are
compared here."""
import warp as wp


@wp.kernel
def mul_eq(y: wp.array(dtype=float), s: wp.array(dtype=float)):
    i = wp.tid()
    y[i] *= s[i]


@wp.kernel
def mul_eq_f64(y: wp.array(dtype=wp.float64), s: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[i] *= s[i]


@wp.kernel
def div_eq(y: wp.array(dtype=float), s: wp.array(dtype=float)):
    i = wp.tid()
    y[i] /= s[i]


@wp.kernel
def div_eq_f64(y: wp.array(dtype=wp.float64), s: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[i] /= s[i]


@wp.kernel
def store_then_mul_eq(x: wp.array(dtype=float), s: wp.array(dtype=float), w: wp.array(dtype=float)):
    i = wp.tid()
    w[i] = x[i] * 2.0
    w[i] *= s[i]


@wp.kernel
def store_then_mul_eq_f64(x: wp.array(dtype=wp.float64), s: wp.array(dtype=wp.float64),
                          w: wp.array(dtype=wp.float64)):
    i = wp.tid()
    w[i] = x[i] * wp.float64(2.0)
    w[i] *= s[i]


S = ("choice", [-1.5, -0.75, 0.5, 1.25, 2.0])

GRAD_TESTS = [
    dict(name="mul_eq", kernel="mul_eq", dim=6, args=dict(y=("uniform", -2, 2), s=S), outputs=["y"],
         inputs=["y"]),
    dict(name="div_eq", kernel="div_eq", dim=6, args=dict(y=("uniform", -2, 2), s=S), outputs=["y"],
         inputs=["y"]),
]
