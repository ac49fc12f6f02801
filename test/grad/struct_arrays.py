"""Gradients through arrays of @wp.structs (Warp's adjoints are member-wise:
the grad of an array of structs is an array of the same struct holding the
float fields' adjoints; integer fields get none): a struct element loaded,
updated field by field and stored to another array, fields of elements read
directly (`b[i].spring.k`), nested structs with vector and matrix fields.
`step` assigns fields of a struct local after reading them (q.v = q.v + ...):
warp-lang 1.10.1 updated its struct locals in place and its adjoint then
read the overwritten fields (its gradient of s was wrong; 1.19.0's is right
and agrees with warpc and finite differences); `advance` builds a new
struct instead and matches warp-lang.  The harness seeds every float field of struct outputs and compares every
float field of struct inputs' grads."""
import warp as wp


@wp.struct
class State:
    x: wp.vec3
    v: wp.vec3
    m: float
    id: int


@wp.struct
class State64:
    x: wp.vec3d
    v: wp.vec3d
    m: wp.float64
    id: int


@wp.kernel
def step(s: wp.array(dtype=State), dt: float, out: wp.array(dtype=State), e: wp.array(dtype=float)):
    i = wp.tid()
    q = s[i]
    a = wp.vec3(0.0, -9.8, 0.0) - q.v * (0.1 / q.m)
    q.v = q.v + a * dt
    q.x = q.x + q.v * dt
    q.m = q.m * 1.5
    q.id = q.id + 1
    out[i] = q
    e[i] = 0.5 * q.m * wp.dot(q.v, q.v) + q.x[1] * s[i].m


@wp.kernel
def step_f64(s: wp.array(dtype=State64), dt: wp.float64, out: wp.array(dtype=State64),
             e: wp.array(dtype=wp.float64)):
    i = wp.tid()
    q = s[i]
    a = wp.vec3d(wp.float64(0.0), wp.float64(-9.8), wp.float64(0.0)) - q.v * (wp.float64(0.1) / q.m)
    q.v = q.v + a * dt
    q.x = q.x + q.v * dt
    q.m = q.m * wp.float64(1.5)
    q.id = q.id + 1
    out[i] = q
    e[i] = wp.float64(0.5) * q.m * wp.dot(q.v, q.v) + q.x[1] * s[i].m


@wp.kernel
def advance(s: wp.array(dtype=State), dt: float, out: wp.array(dtype=State)):
    i = wp.tid()
    q = s[i]
    v = q.v + (wp.vec3(0.0, -9.8, 0.0) - q.v * (0.1 / q.m)) * dt
    out[i] = State(q.x + v * dt, v, q.m * wp.length(v), q.id)


@wp.kernel
def advance_f64(s: wp.array(dtype=State64), dt: wp.float64, out: wp.array(dtype=State64)):
    i = wp.tid()
    q = s[i]
    v = q.v + (wp.vec3d(wp.float64(0.0), wp.float64(-9.8), wp.float64(0.0)) - q.v * (wp.float64(0.1) / q.m)) * dt
    out[i] = State64(q.x + v * dt, v, q.m * wp.length(v), q.id)


@wp.struct
class Spring:
    k: float
    rest: wp.vec2


@wp.struct
class Body:
    p: wp.vec2
    spring: Spring
    R: wp.mat22


@wp.struct
class Spring64:
    k: wp.float64
    rest: wp.vec2d


@wp.struct
class Body64:
    p: wp.vec2d
    spring: Spring64
    R: wp.mat22d


@wp.kernel
def energy(b: wp.array(dtype=Body), out: wp.array(dtype=float)):
    i = wp.tid()
    d = b[i].R * b[i].p - b[i].spring.rest
    out[i] = 0.5 * b[i].spring.k * wp.dot(d, d)


@wp.kernel
def energy_f64(b: wp.array(dtype=Body64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    d = b[i].R * b[i].p - b[i].spring.rest
    out[i] = wp.float64(0.5) * b[i].spring.k * wp.dot(d, d)


GRAD_TESTS = [
    dict(name="step", kernel="step", dim=6,
         args=dict(s=dict(x=("uniform", -1, 1), v=("uniform", -1, 1), m=("uniform", 0.5, 2), id=("int", 0, 9)),
                   dt=0.05),
         outputs=["out", "e"], inputs=["s"]),
    dict(name="advance", kernel="advance", dim=6,
         args=dict(s=dict(x=("uniform", -1, 1), v=("uniform", -1, 1), m=("uniform", 0.5, 2), id=("int", 0, 9)),
                   dt=0.05),
         outputs=["out"], inputs=["s"]),
    dict(name="energy", kernel="energy", dim=5,
         args=dict(b=dict(p=("uniform", -1, 1), spring=dict(k=("uniform", 0.5, 2), rest=("uniform", -1, 1)),
                          R=("uniform", -1, 1))),
         outputs=["out"], inputs=["b"]),
]
