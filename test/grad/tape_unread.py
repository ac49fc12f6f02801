"""Dynamic loops whose backward kernel saves only the values its reverse
sweep reads (lib/ir/adjoint_tape.c): sums, differences and negations
(their adjoint rules read no primal value) feeding products (whose rules
read the operands but not the result, and an operand only for the other's
adjoint: not for a constant's or a scalar parameter's), of floats, vectors
and matrices,
and a quaternion product (a rule that reads everything) beside them.  A
value dropped from the tape that a rule did read would give the gradient
of the last iteration's values, which finite differences catch.
test/cli/adjoint_tape_unread.sh checks the tape's contents."""
import warp as wp


@wp.kernel
def mix(n: int, h: float, a: wp.array(dtype=float), p: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat33),
        q: wp.array(dtype=wp.quat), y: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    v = p[i]
    M = m[i]
    r = q[i]
    for _j in range(n):
        s = x + 0.5
        t = s * s
        x = -(t - x) * h + wp.sin(x)
        w = M * v - v * x
        v = w * 0.5 + v
        M = M * 0.9 + wp.outer(v, w) * 0.05 - M * s * 0.02
        r = wp.normalize(r * wp.quat(v[0] * 0.1, x * 0.1, 0.0, 1.0) + r)
    y[i] = x + wp.dot(v, v) + M[0, 1] - M[2, 2] + r[0] * r[3]


@wp.kernel
def mix_f64(n: int, h: wp.float64, a: wp.array(dtype=wp.float64), p: wp.array(dtype=wp.vec3d), m: wp.array(dtype=wp.mat33d),
            q: wp.array(dtype=wp.quatd), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    v = p[i]
    M = m[i]
    r = q[i]
    for _j in range(n):
        s = x + wp.float64(0.5)
        t = s * s
        x = -(t - x) * h + wp.sin(x)
        w = M * v - v * x
        v = w * wp.float64(0.5) + v
        M = M * wp.float64(0.9) + wp.outer(v, w) * wp.float64(0.05) - M * s * wp.float64(0.02)
        r = wp.normalize(r * wp.quatd(v[0] * wp.float64(0.1), x * wp.float64(0.1), wp.float64(0.0),
                                      wp.float64(1.0)) + r)
    y[i] = x + wp.dot(v, v) + M[0, 1] - M[2, 2] + r[0] * r[3]


GRAD_TESTS = [
    dict(name="mixed_types_loop", kernel="mix", dim=6,
         args=dict(n=5, h=0.3, a=("uniform", -0.8, 0.8), p=("uniform", -0.5, 0.5), m=("uniform", -0.5, 0.5),
                   q=("uniform", 0.2, 0.8)),
         outputs=["y"], warp_wrong=True),
]
