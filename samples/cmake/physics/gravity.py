"""Imported by physics/kernels.py: changing it rebuilds that object only."""
import warp as wp


@wp.func
def accel():
    return wp.vec3(0.0, -9.81, 0.0)
