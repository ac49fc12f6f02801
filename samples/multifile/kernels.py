"""Bodies on damped springs, from kernels spread over three files.

kernels.py holds the kernels; forces.py (beside it) the @wp.struct Body and
the force and energy @wp.func; helpers/vecmath.py the vector helpers.  warpc
finds forces.py in this file's own directory and vecmath.py through
`-I helpers`, compiles what the kernels use into kernels.o, and with -MD
writes kernels.d, a Make depfile naming all three files, so that changing a
helper rebuilds kernels.o (see the Makefile).
"""
import warp as wp

from . import forces
import vecmath as vm
from forces import Body

DT = wp.constant(0.01)


@wp.kernel
def step(bodies: wp.array(dtype=Body), anchors: wp.array(dtype=wp.vec3), out: wp.array(dtype=Body)):
    """One semi-implicit Euler step of every body."""
    i = wp.tid()
    b = bodies[i]
    f = vm.clamp_length(forces.spring_force(b, anchors[i]), forces.MAX_FORCE)
    v = b.vel + f * (DT / b.mass)
    out[i] = Body(b.pos + v * DT, v, b.mass)


@wp.kernel
def total_energy(bodies: wp.array(dtype=Body), anchors: wp.array(dtype=wp.vec3), e: wp.array(dtype=float)):
    """e[i] = the energy of body i."""
    i = wp.tid()
    e[i] = forces.energy(bodies[i], anchors[i])
