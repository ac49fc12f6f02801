"""determinant and inverse of 2x2, 3x3 and 4x4 matrices.  Inputs are
well conditioned (uniform entries in [-0.5, 0.5) plus 2 on the diagonal)."""
import warp as wp


@wp.kernel
def det_inv(op: int, A2: wp.array(dtype=wp.mat22), A3: wp.array(dtype=wp.mat33), A4: wp.array(dtype=wp.mat44),
            d: wp.array(dtype=float), I2: wp.array(dtype=wp.mat22), I3: wp.array(dtype=wp.mat33),
            I4: wp.array(dtype=wp.mat44)):
    i = wp.tid()
    if op == 0:
        d[i] = wp.determinant(A2[i])
    elif op == 1:
        d[i] = wp.determinant(A3[i])
    elif op == 2:
        d[i] = wp.determinant(A4[i])
    elif op == 3:
        I2[i] = wp.inverse(A2[i])
    elif op == 4:
        I3[i] = wp.inverse(A3[i])
    elif op == 5:
        I4[i] = wp.inverse(A4[i])


@wp.kernel
def det_inv_f64(op: int, A2: wp.array(dtype=wp.mat22d), A3: wp.array(dtype=wp.mat33d),
                A4: wp.array(dtype=wp.mat44d), d: wp.array(dtype=wp.float64), I2: wp.array(dtype=wp.mat22d),
                I3: wp.array(dtype=wp.mat33d), I4: wp.array(dtype=wp.mat44d)):
    i = wp.tid()
    if op == 0:
        d[i] = wp.determinant(A2[i])
    elif op == 1:
        d[i] = wp.determinant(A3[i])
    elif op == 2:
        d[i] = wp.determinant(A4[i])
    elif op == 3:
        I2[i] = wp.inverse(A2[i])
    elif op == 4:
        I3[i] = wp.inverse(A3[i])
    elif op == 5:
        I4[i] = wp.inverse(A4[i])


FILL = ("mat_diag", -0.5, 0.5, 2.0)


def T(name, op, inp, out, **kw):
    return dict(name=name, kernel="det_inv", dim=3, args=dict(op=op, A2=FILL, A3=FILL, A4=FILL),
                outputs=[out], inputs=[inp], **kw)


GRAD_TESTS = [
    T("det2", 0, "A2", "d"),
    T("det3", 1, "A3", "d"),
    T("det4", 2, "A4", "d"),
    T("inv2", 3, "A2", "I2"),
    T("inv3", 4, "A3", "I3"),
    T("inv4", 5, "A4", "I4"),
]
