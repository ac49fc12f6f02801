"""Arrays of @wp.struct: element loads and stores, `a[i].field = v`,
`a[i].field += v` on a vector field, a struct local stored back."""
import warp as wp


@wp.struct
class Particle:
    pos: wp.vec3
    vel: wp.vec3
    mass: float
    id: wp.int32


@wp.kernel
def step(ps: wp.array(dtype=Particle), dt: float, out: wp.array(dtype=Particle), ke: wp.array(dtype=float)):
    i = wp.tid()
    q = ps[i]
    q.vel = q.vel + wp.vec3(0.0, -9.8, 0.0) * dt
    q.pos += q.vel * dt
    q.id = i * 2
    out[i] = q
    out[i].mass = ps[i].mass * 2.0
    out[i].vel.x = 1.0
    ke[i] = 0.5 * q.mass * wp.dot(q.vel, q.vel)


TESTS = [
    dict(kernel="step", dim=40,
         args=dict(ps=dict(pos=("uniform", -1, 1), vel=("uniform", -1, 1), mass=("uniform", 0.5, 2), id=("int", 0, 9)),
                   dt=0.01),
         outputs=["out", "ke"]),
]
