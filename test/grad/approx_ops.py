"""Gradients of div_approx and inverse_approx (warp-lang 1.19; on the CPU
Warp differentiates them as div and inverse): scalar / scalar, vector /
scalar, scalar / matrix, quaternion / scalar, and 2x2 / 3x3 / 4x4
inverses, against warp-lang and float64 finite differences."""
import warp as wp


@wp.kernel
def approx(op: int, a: wp.array(dtype=float), b: wp.array(dtype=float), v: wp.array(dtype=wp.vec3),
           q: wp.array(dtype=wp.quat), m2: wp.array(dtype=wp.mat22), m3: wp.array(dtype=wp.mat33),
           m4: wp.array(dtype=wp.mat44), y: wp.array(dtype=float)):
    i = wp.tid()
    if op == 0:
        y[i] = wp.div_approx(a[i], b[i])
    elif op == 1:
        y[i] = wp.dot(wp.div_approx(v[i], b[i]), v[i])
    elif op == 2:
        y[i] = wp.trace(wp.div_approx(a[i], m3[i]))
    elif op == 3:
        y[i] = wp.dot(wp.div_approx(q[i], b[i]), q[i])
    elif op == 4:
        y[i] = wp.ddot(wp.inverse_approx(m2[i]), m2[i] * a[i])
    elif op == 5:
        y[i] = wp.ddot(wp.inverse_approx(m3[i]), m3[i] * a[i])
    elif op == 6:
        y[i] = wp.ddot(wp.inverse_approx(m4[i]), wp.transpose(m4[i]))


@wp.kernel
def approx_f64(op: int, a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), v: wp.array(dtype=wp.vec3d),
               q: wp.array(dtype=wp.quatd), m2: wp.array(dtype=wp.mat22d), m3: wp.array(dtype=wp.mat33d),
               m4: wp.array(dtype=wp.mat44d), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    if op == 0:
        y[i] = wp.div_approx(a[i], b[i])
    elif op == 1:
        y[i] = wp.dot(wp.div_approx(v[i], b[i]), v[i])
    elif op == 2:
        y[i] = wp.trace(wp.div_approx(a[i], m3[i]))
    elif op == 3:
        y[i] = wp.dot(wp.div_approx(q[i], b[i]), q[i])
    elif op == 4:
        y[i] = wp.ddot(wp.inverse_approx(m2[i]), m2[i] * a[i])
    elif op == 5:
        y[i] = wp.ddot(wp.inverse_approx(m3[i]), m3[i] * a[i])
    elif op == 6:
        y[i] = wp.ddot(wp.inverse_approx(m4[i]), wp.transpose(m4[i]))


NZ = ("choice", [-2.0, -1.25, -0.5, 0.75, 1.5, 3.0])
MD = ("mat_diag", -0.3, 0.3, 2.0)


def T(name, op, inputs):
    args = dict(op=op, a=("uniform", -2, 2), b=NZ, v=("uniform", -1, 1), q=("uniform", -1, 1), m2=MD, m3=MD, m4=MD)
    if op == 2:
        args["m3"] = NZ
    return dict(name=name, kernel="approx", dim=6, args=args, outputs=["y"], inputs=inputs)


GRAD_TESTS = [
    T("div_approx", 0, ["a", "b"]),
    T("div_approx_vec", 1, ["v", "b"]),
    T("div_approx_scalar_mat", 2, ["a", "m3"]),
    T("div_approx_quat", 3, ["q", "b"]),
    T("inverse_approx_2", 4, ["m2", "a"]),
    T("inverse_approx_3", 5, ["m3", "a"]),
    T("inverse_approx_4", 6, ["m4"]),
]
