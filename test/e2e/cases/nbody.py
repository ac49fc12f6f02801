"""All-pairs gravitational accelerations with softening: a loop over all
bodies inside each thread, vec3 arithmetic, sqrt and division."""
import warp as wp

SOFTENING = 0.01


@wp.kernel
def accelerations(pos: wp.array(dtype=wp.vec3), mass: wp.array(dtype=float), acc: wp.array(dtype=wp.vec3),
                  potential: wp.array(dtype=float)):
    i = wp.tid()
    p = pos[i]
    a = wp.vec3(0.0, 0.0, 0.0)
    phi = float(0.0)
    for j in range(pos.shape[0]):
        if j == i:
            continue
        d = pos[j] - p
        r2 = wp.dot(d, d) + SOFTENING * SOFTENING
        inv_r = 1.0 / wp.sqrt(r2)
        inv_r3 = inv_r * inv_r * inv_r
        a = a + d * (mass[j] * inv_r3)
        phi = phi - mass[j] * inv_r
    acc[i] = a
    potential[i] = phi


@wp.kernel
def leapfrog(pos: wp.array(dtype=wp.vec3), vel: wp.array(dtype=wp.vec3), acc: wp.array(dtype=wp.vec3), dt: float):
    i = wp.tid()
    vel[i] = vel[i] + acc[i] * dt
    pos[i] = pos[i] + vel[i] * dt


TESTS = [
    dict(kernel="accelerations", dim=256, args=dict(pos=("uniform", -1, 1), mass=("uniform", 0.5, 1.5)),
         outputs=["acc", "potential"], rtol=1e-4, atol=1e-3),
    dict(name="steps", dim=64, arrays=dict(pos=("uniform", -1, 1), mass=("uniform", 0.5, 1.5)),
         launches=[dict(kernel="accelerations", args=dict(potential="phi")),
                   dict(kernel="leapfrog", args=dict(dt=0.001))],
         repeat=5, outputs=["pos", "vel"], rtol=1e-4, atol=1e-4),
]
