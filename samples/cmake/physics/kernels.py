"""The CMake sample's second module, of the same file name as the first.

Its module name is 'physics_kernels' (its path in the project), so its
launcher is physics_kernels_step, declared in physics/kernels.h, and its
kernel may have the same name as kernels.py's.  gravity.py, beside it, is
imported as Python would (from . import gravity).
"""
import warp as wp

from . import gravity


@wp.kernel
def step(pos: wp.array(dtype=wp.vec3), vel: wp.array(dtype=wp.vec3), dt: float):
    i = wp.tid()
    v = vel[i] + gravity.accel() * dt
    vel[i] = v
    pos[i] = pos[i] + v * dt
