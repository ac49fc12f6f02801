"""Arrays of structs as users model particles: a Particle struct with
position, velocity, mass and an alive flag, read from and written back
to an array of structs, a struct-returning @wp.func, forces from a
struct parameter holding the environment."""
import warp as wp


@wp.struct
class Particle:
    pos: wp.vec3
    vel: wp.vec3
    mass: float
    alive: wp.int32


@wp.struct
class Env:
    gravity: wp.vec3
    drag: float
    floor_y: float


@wp.func
def step_particle(p: Particle, env: Env, dt: float) -> Particle:
    q = p
    if p.alive == 0:
        return q
    acc = env.gravity - p.vel * (env.drag / p.mass)
    q.vel = p.vel + acc * dt
    q.pos = p.pos + q.vel * dt
    if q.pos[1] < env.floor_y:
        q.alive = 0
    return q


@wp.kernel
def update(ps: wp.array(dtype=Particle), env: Env, dt: float, ke: wp.array(dtype=float)):
    i = wp.tid()
    p = step_particle(ps[i], env, dt)
    ps[i] = p
    ke[i] = 0.5 * p.mass * wp.length_sq(p.vel) * float(p.alive)


@wp.kernel
def init(ps: wp.array(dtype=Particle), x: wp.array(dtype=wp.vec3), m: wp.array(dtype=float)):
    i = wp.tid()
    p = Particle()
    p.pos = x[i]
    p.vel = wp.vec3(0.0, 1.0, 0.0)
    p.mass = m[i]
    p.alive = 1
    ps[i] = p


TESTS = [
    dict(name="fall", dim=300, arrays=dict(x=("uniform", 0, 2), m=("uniform", 0.5, 2.0)),
         launches=[dict(kernel="init")]
         + [dict(kernel="update", args=dict(env=dict(gravity=(0.0, -9.8, 0.0), drag=0.1, floor_y=0.0), dt=0.02))] * 20,
         outputs=["ps", "ke"], rtol=1e-5, atol=1e-5),
]
