"""Float // and % with negative operands, float32 and float64.

For floats Warp's // is floor(a / b) (as in Python) but % is C's fmod: the
result takes the sign of the dividend (-7.5 % 2.0 == -1.5, not 0.5 as in
Python).
"""
import warp as wp


@wp.kernel
def fdivmod(a: wp.array(dtype=float), b: wp.array(dtype=float),
            q: wp.array(dtype=float), r: wp.array(dtype=float), d: wp.array(dtype=float)):
    i = wp.tid()
    q[i] = a[i] // b[i]
    r[i] = a[i] % b[i]
    d[i] = a[i] / b[i]


@wp.kernel
def ddivmod(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64),
            q: wp.array(dtype=wp.float64), r: wp.array(dtype=wp.float64)):
    i = wp.tid()
    q[i] = a[i] // b[i]
    r[i] = a[i] % b[i]


@wp.kernel
def wrap_angle(theta: wp.array(dtype=float), out: wp.array(dtype=float)):
    # keep an angle in [0, 2*pi) the way users write it with fmod semantics
    i = wp.tid()
    two_pi = 6.283185307179586
    t = theta[i] % two_pi
    if t < 0.0:
        t = t + two_pi
    out[i] = t


TESTS = [
    dict(kernel="fdivmod", dim=1000,
         args=dict(a=("uniform", -100, 100), b=("choice", [-7.5, -2.0, -0.25, 0.5, 3.0, 10.0]))),
    dict(kernel="fdivmod", dim=8,
         args=dict(a=[7.5, -7.5, 7.5, -7.5, 0.0, 1.0, -1.0, 5.0], b=[2.0, 2.0, -2.0, -2.0, 3.0, 0.3, 0.3, 2.5])),
    dict(kernel="ddivmod", dim=1000,
         args=dict(a=("uniform", -1e6, 1e6), b=("uniform", 0.5, 50.0))),
]
TESTS.append(dict(kernel="wrap_angle", dim=1000, args=dict(theta=("uniform", -50, 50)), outputs=["out"],
                  atol=1e-5))
