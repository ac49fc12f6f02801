"""A particle integrator with vec3 arrays: gravity, drag, semi-implicit
Euler, a ground plane with restitution; several steps in sequence."""
import numpy as np
import warp as wp

GRAVITY = wp.constant(wp.vec3(0.0, -9.81, 0.0))


@wp.func
def drag_force(v: wp.vec3, k: float) -> wp.vec3:
    return -k * wp.length(v) * v


@wp.kernel
def integrate(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), inv_mass: wp.array(dtype=float),
              dt: float, drag: float):
    tid = wp.tid()
    vel = v[tid]
    f = drag_force(vel, drag) * inv_mass[tid]
    vel = vel + (GRAVITY + f) * dt
    pos = x[tid] + vel * dt
    if pos[1] < 0.0:
        pos[1] = -pos[1] * 0.5
        vel = wp.vec3(vel[0] * 0.9, -vel[1] * 0.5, vel[2] * 0.9)
    x[tid] = pos
    v[tid] = vel


@wp.kernel
def kinetic_energy(v: wp.array(dtype=wp.vec3), inv_mass: wp.array(dtype=float), e: wp.array(dtype=float)):
    tid = wp.tid()
    e[tid] = 0.5 * wp.dot(v[tid], v[tid]) / inv_mass[tid]


def simulate(n=1024, steps=100):
    rng = np.random.default_rng(0)
    x = wp.array(rng.uniform(0, 10, (n, 3)), dtype=wp.vec3)
    v = wp.zeros(n, dtype=wp.vec3)
    m = wp.full(n, 1.0, dtype=float)
    for _ in range(steps):
        wp.launch(integrate, dim=n, inputs=[x, v, m, 1.0 / 60.0, 0.01])
    return x.numpy()


if __name__ == "__main__":
    print(simulate()[:4])


TESTS = [
    dict(name="fall", dim=1000,
         arrays=dict(x=("uniform", 0, 5), v=("uniform", -1, 1), inv_mass=("uniform", 0.5, 2.0)),
         launches=[dict(kernel="integrate", args=dict(dt=1.0 / 60.0, drag=0.02)),
                   dict(kernel="kinetic_energy", args=dict(e="energy"))],
         repeat=25, outputs=["x", "v", "energy"], rtol=1e-4, atol=1e-4),
]
