"""The kernels of the adjoint benchmark: forward vs backward time on the CPU.

- spring_forces: straight-line, the damped-spring force of a cloth or
  mass-spring solver (as Warp's eval_springs): per spring, read two
  positions and velocities (vec3), compute the force along the spring and
  scatter it into both particles with atomic_add / atomic_sub.
- saxpy: straight-line and memory-bound, z = a * x + y (out of place, so it
  is differentiable without overwriting an input).
- oscillator: a dynamic loop: each thread integrates a damped nonlinear
  oscillator for `steps` (a kernel argument) symplectic Euler steps; the
  loop-carried position and velocity make the adjoint need every
  iteration's values (warpc replays them; Warp does not, see its
  differentiability guide on dynamic loops, so its gradient here differs).

bench/adjoint/main.c times these kernels compiled by warpc;
bench/adjoint/warp_lang.py times the same file with warp-lang.
"""
import warp as wp

# Problem sizes, shared by main.c (which repeats them) and warp_lang.py.
SPRING_PARTICLES = 1 << 19  # springs: 2 per particle (i, i+1) and (i, i+2)
SAXPY_N = 1 << 22
OSC_N = 1 << 16
OSC_STEPS = 64


@wp.kernel
def spring_forces(
    x: wp.array(dtype=wp.vec3),
    v: wp.array(dtype=wp.vec3),
    springs: wp.array(dtype=int),
    rest: wp.array(dtype=float),
    ke: float,
    kd: float,
    f: wp.array(dtype=wp.vec3),
):
    s = wp.tid()
    i = springs[2 * s]
    j = springs[2 * s + 1]
    d = x[j] - x[i]
    l = wp.length(d)
    dir = d / l
    vrel = wp.dot(v[j] - v[i], dir)
    fs = dir * (ke * (l - rest[s]) + kd * vrel)
    wp.atomic_add(f, i, fs)
    wp.atomic_sub(f, j, fs)


@wp.kernel
def saxpy(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float, z: wp.array(dtype=float)):
    i = wp.tid()
    z[i] = a * x[i] + y[i]


@wp.kernel
def oscillator(
    x0: wp.array(dtype=float),
    v0: wp.array(dtype=float),
    k: wp.array(dtype=float),
    steps: int,
    dt: float,
    out: wp.array(dtype=float),
):
    i = wp.tid()
    x = x0[i]
    v = v0[i]
    ki = k[i]
    for _s in range(steps):
        v = v - dt * (ki * x + 0.1 * x * x * x + 0.05 * v)
        x = x + dt * v
    out[i] = x
