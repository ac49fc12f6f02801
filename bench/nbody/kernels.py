"""n-body, the compute-bound benchmark: one step of all-pairs gravity with
softening for 16384 bodies.

Each thread sums the accelerations of all bodies on its own (268M
interactions per step, about 20 flops each, a sqrt and a division among
them), then integrates its velocity and position with symplectic Euler into
separate output arrays.  The body itself contributes nothing (d = 0), so the
loop needs no branch.  bench/nbody/main.c runs this kernel (compiled by
warpc) on a GPU and on the CPU; ref.cu is the same step written by hand in
CUDA C, once as the same loop and once tiled through shared memory.
"""
import warp as wp

N = 16384


@wp.kernel
def step(pos: wp.array(dtype=wp.vec3), vel: wp.array(dtype=wp.vec3), mass: wp.array(dtype=float),
         new_pos: wp.array(dtype=wp.vec3), new_vel: wp.array(dtype=wp.vec3), dt: float, eps2: float):
    i = wp.tid()
    p = pos[i]
    a = wp.vec3(0.0, 0.0, 0.0)
    for j in range(pos.shape[0]):
        d = pos[j] - p
        r2 = wp.dot(d, d) + eps2
        inv_r = 1.0 / wp.sqrt(r2)
        a = a + d * (mass[j] * inv_r * inv_r * inv_r)
    v = vel[i] + a * dt
    new_vel[i] = v
    new_pos[i] = p + v * dt
