"""Features of the generics family across a module boundary: an IntEnum
and an IntFlag of the helper cases/helpers/mf_features.py used as
h.Mode.TURBO, h.Bits.A and, imported, as Mode.FAST; helper funcs with
default parameter values (computed from the helper's constants, not from
this file's SCALE/OFFSET) called with and without keyword arguments; the
helper's vector type whose length is a named constant; a func and a struct
made by factory calls in the helper (h.shift2, h.Pair64); kernel and func
factories of the helper called here (their arguments are computed here,
their locals in the helper); a helper @wp.func_native.  A module constant
read by a factory-made kernel is computed at module level even when a
factory parameter has the name it uses (STEPS2 is 4 in steps9, as in
Python; it was 18 before)."""
import mf_features as h
import warp as wp
from mf_features import Mode, affine

SCALE = 100.0  # not the helper's SCALE
OFFSET = 50.0
G = 2.0

gain3 = h.make_gain(3.0)
gain_g = h.make_gain(G * 0.5, count=2)
twice_shift = h.make_twice(h.shift2)

STEP = 2
STEPS2 = STEP * 2


def make_steps(STEP):
    @wp.kernel
    def steps(out: wp.array(dtype=int)):
        out[wp.tid()] = STEPS2 * 100 + STEP * 10 + h.Mode.FAST

    return steps


steps9 = make_steps(9)


@wp.kernel
def use_features(x: wp.array(dtype=float), m: wp.array(dtype=int), out: wp.array2d(dtype=float),
                 iout: wp.array2d(dtype=int), dout: wp.array(dtype=wp.float64), vout: wp.array(dtype=h.Vec)):
    i = wp.tid()
    out[i, 0] = affine(x[i])
    out[i, 1] = h.affine(x[i], b=2.0)
    out[i, 2] = affine(x[i], 0.5)
    out[i, 3] = h.pick(m[i], x[i])
    out[i, 4] = h.pick(m[i], x[i], fast=Mode.SLOW)
    out[i, 5] = h.shift2(x[i]) + twice_shift(x[i])
    out[i, 6] = h.square1(x[i])
    iout[i, 0] = h.Mode.TURBO + Mode.FAST * 10
    iout[i, 1] = m[i] & (h.Bits.A | h.Bits.C)
    iout[i, 2] = h.FLAGS_AC + wp.static(h.Bits.B | h.Bits.C) * 100
    iout[i, 3] = wp.where(m[i] == Mode.FAST, 1, 0) + h.Mode.TURBO.value * 10
    p = h.Pair64()
    p.a = wp.float64(x[i]) * wp.float64(2.0)
    p.b = x[i]
    dout[i] = p.a + wp.float64(p.b)
    vout[i] = h.Vec(x[i], 1.0, float(h.N))


TESTS = [
    dict(kernel="use_features", dim=16,
         args=dict(x=("uniform", -2, 2), m=[0, 1, 2, 3, 17, 16, 2, 3, 0, 1, 2, 3, 4, 5, 18, 19]),
         shapes=dict(out=(16, 7), iout=(16, 4)),
         outputs=["out", "iout", "dout", "vout"]),
    dict(kernel="gain3", dim=16, args=dict(a=("uniform", -2, 2)), outputs=["out"]),
    dict(kernel="gain_g", dim=16, args=dict(a=("uniform", -2, 2)), outputs=["out"]),
    dict(kernel="steps9", dim=4, outputs=["out"]),
]
