"""The kernels of the graph benchmark: a simulation step of many small
launches, captured once and replayed (bench/graph/README.md).

- integrate: x += v * dt (semi-implicit Euler position update)
- damp: v = v * d + g * dt (gravity and velocity damping)

bench/graph/main.c makes a step of 100 launches of these on 256 particles.
"""
import warp as wp


@wp.kernel
def integrate(x: wp.array(dtype=float), v: wp.array(dtype=float), dt: float):
    i = wp.tid()
    x[i] = x[i] + v[i] * dt


@wp.kernel
def damp(v: wp.array(dtype=float), d: float, g: float, dt: float):
    i = wp.tid()
    v[i] = v[i] * d + g * dt
