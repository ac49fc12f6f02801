"""Multi-file modules with overloads and generics: @wp.func overloads and
generic funcs defined in the helper module cases/helpers/mf_generic.py,
called as g.f(x) and, after `from mf_generic import ...`, as f(x); each
call resolves among the helper's overloads (not the main file's funcs of
the same names), a generic one instantiated with the helper's own aliases
(VecF, Num).  This file defines its own `twice` and generic `mix` too: their
C names must not collide with the helper's (wpo_... names carry the module).
Type aliases of the helper are used as g.Vec5 / real (annotations,
constructors, array dtypes); a generic kernel of this file calls the
helper's generic func per instance, and a factory takes the helper's
overloaded func (whose parameters, named like globals the funcs use, are
not seen by the funcs)."""
from typing import Any

import mf_generic as g
import warp as wp
from mf_generic import clampabs, real


@wp.func
def twice(x: float):  # the main file's own twice (not the helper's)
    return x + 100.0


@wp.func
def mix(a: Any, b: Any):  # the main file's own generic mix
    return a - b * a


@wp.kernel
def use_imported(x: wp.array(dtype=float), d: wp.array(dtype=real), n: wp.array(dtype=int),
                 v: wp.array(dtype=g.Vec5), out: wp.array2d(dtype=float), dout: wp.array2d(dtype=real),
                 nout: wp.array2d(dtype=int), vout: wp.array(dtype=g.Vec5)):
    i = wp.tid()
    out[i, 0] = g.twice(x[i])
    out[i, 1] = twice(x[i])
    out[i, 2] = g.mix(x[i], 3.0)
    out[i, 3] = mix(x[i], 3.0)
    out[i, 4] = g.norm2(v[i])
    out[i, 5] = g.norm2(wp.vec3(x[i], 1.0, 2.0))
    out[i, 6] = clampabs(x[i], 1.0)
    dout[i, 0] = g.twice(d[i])
    dout[i, 1] = g.mix(d[i], real(0.5))
    dout[i, 2] = clampabs(d[i], real(0.75))
    nout[i, 0] = g.twice(n[i])
    nout[i, 1] = g.mix(n[i], 7)
    nout[i, 2] = mix(n[i], 7)
    nout[i, 3] = clampabs(n[i], 50)
    vout[i] = g.Vec5(x[i], 1.0, 2.0, 3.0, 4.0) + v[i] * g.twice(2.0)


@wp.kernel
def scale_generic(a: wp.array(dtype=Any), out: wp.array(dtype=Any)):
    i = wp.tid()
    out[i] = g.mix(a[i], a[i]) + g.twice(a[i])


wp.overload(scale_generic, [wp.array(dtype=wp.float32), wp.array(dtype=wp.float32)])
wp.overload(scale_generic, [wp.array(dtype=g.real), wp.array(dtype=g.real)])


OFFSET = 0.5


@wp.func
def shift(x: float):
    return x + OFFSET  # the module's OFFSET, not the factory's parameter


def make_apply(fn, GAIN, OFFSET):
    @wp.kernel
    def apply(a: wp.array(dtype=float), out: wp.array(dtype=float)):
        i = wp.tid()
        out[i] = fn(a[i]) + shift(a[i]) + GAIN * OFFSET

    return apply


# the factory's GAIN and OFFSET are not seen by g.twice (which uses the
# helper's GAIN) nor by shift
apply_twice = make_apply(g.twice, 10.0, 7.0)


TESTS = [
    dict(kernel="use_imported", dim=32,
         args=dict(x=("uniform", -2, 2), d=("uniform", -2, 2), n=("int", -100, 100), v=("uniform", -1, 1)),
         shapes=dict(out=(32, 7), dout=(32, 3), nout=(32, 4)),
         outputs=["out", "dout", "nout", "vout"]),
    dict(kernel="scale_generic", overload=[wp.array(dtype=wp.float32), wp.array(dtype=wp.float32)],
         dim=24, args=dict(a=("uniform", -2, 2)), outputs=["out"]),
    dict(kernel="scale_generic", overload=[wp.array(dtype=wp.float64), wp.array(dtype=wp.float64)],
         dim=24, args=dict(a=("uniform", -2, 2)), outputs=["out"]),
    dict(kernel="apply_twice", dim=16, args=dict(a=("uniform", -1, 1)), outputs=["out"]),
]
