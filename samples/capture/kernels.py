"""Balls on springs, stepped by a captured graph (samples/capture).

Each ball hangs from its own spring (stiffness K, rest height REST_Y) under
gravity, with air drag, and bounces off the ground y = 0.  A substep is
three launches: forces into velocities, positions from velocities, ground
contact.  main.c captures a frame of SUBSTEPS substeps once and replays it.
"""
import warp as wp


@wp.kernel
def apply_forces(x: wp.array(dtype=float), v: wp.array(dtype=float), k: float, rest: float, g: float, drag: float, dt: float):
    i = wp.tid()
    a = -k * (x[i] - rest) + g - drag * v[i]
    v[i] = v[i] + a * dt


@wp.kernel
def integrate(x: wp.array(dtype=float), v: wp.array(dtype=float), dt: float):
    i = wp.tid()
    x[i] = x[i] + v[i] * dt


@wp.kernel
def ground(x: wp.array(dtype=float), v: wp.array(dtype=float), restitution: float):
    i = wp.tid()
    if x[i] < 0.0:
        x[i] = 0.0
        if v[i] < 0.0:
            v[i] = -restitution * v[i]
