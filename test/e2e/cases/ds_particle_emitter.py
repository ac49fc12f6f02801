"""A particle emitter: dead particles respawn at a point with a random
direction (sample_unit_sphere_surface) and speed (randf) from a stream
seeded per particle and frame, live ones age, fall under gravity and
die when their lifetime ends; several frames with the frame number as
a scalar argument."""
import warp as wp


@wp.kernel
def emit_update(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), age: wp.array(dtype=float),
                life: wp.array(dtype=float), frame: int, seed: int, dt: float, alive_count: wp.array(dtype=int)):
    i = wp.tid()
    if age[i] >= life[i]:
        s = wp.rand_init(seed, i * 1000 + frame)
        d = wp.sample_unit_sphere_surface(s)
        d = wp.vec3(d[0], wp.abs(d[1]), d[2])
        v[i] = d * wp.randf(s, 1.0, 3.0)
        x[i] = wp.vec3(0.0, 0.0, 0.0)
        age[i] = 0.0
        life[i] = wp.randf(s, 0.5, 2.0)
        return
    v[i] = v[i] + wp.vec3(0.0, -9.8, 0.0) * dt
    x[i] = x[i] + v[i] * dt
    age[i] = age[i] + dt
    wp.atomic_add(alive_count, frame, 1)


TESTS = [
    dict(name="frames", dim=500, arrays=dict(age=("full", 1.0), life=("uniform", 0.0, 2.0)),
         shapes=dict(alive_count=(8,)),
         launches=[dict(kernel="emit_update", args=dict(frame=f, seed=77, dt=0.1)) for f in range(8)],
         outputs=["x", "v", "age", "life", "alive_count"], rtol=1e-5, atol=1e-5),
]
