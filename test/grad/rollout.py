"""A 100-step particle rollout (semi-implicit Euler, gravity, quadratic
drag), loss = sum |x_100 - target|^2, gradient with respect to the initial
velocity (and position).

particles_100_launches: one step kernel launched 100 times over a fresh
pair of state arrays per step (x0..x100, v0..v100, as a Warp user records
it on a tape), then a loss kernel; the harness runs the 101 backward
launches in reverse order.  warp-lang's tape is right here.

particles_loop: the same 100 steps as a dynamic loop inside one kernel.
warp-lang's reverse loop sees only the final state (the drag makes the step
nonlinear), so its gradient is wrong (warp_wrong); warpc replays the loop.

The forward loss is compared with rtol 1e-4 (100 float32 steps)."""
import warp as wp

STEPS = 100


@wp.kernel
def step(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), dt: float, drag: float,
         x_out: wp.array(dtype=wp.vec3), v_out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    vel = v[i]
    f = wp.vec3(0.0, -9.8, 0.0) - vel * (drag * wp.length(vel))
    vn = vel + f * dt
    v_out[i] = vn
    x_out[i] = x[i] + vn * dt


@wp.kernel
def step_f64(x: wp.array(dtype=wp.vec3d), v: wp.array(dtype=wp.vec3d), dt: wp.float64, drag: wp.float64,
             x_out: wp.array(dtype=wp.vec3d), v_out: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    vel = v[i]
    f = wp.vec3d(wp.float64(0.0), wp.float64(-9.8), wp.float64(0.0)) - vel * (drag * wp.length(vel))
    vn = vel + f * dt
    v_out[i] = vn
    x_out[i] = x[i] + vn * dt


@wp.kernel
def loss_k(x: wp.array(dtype=wp.vec3), target: wp.array(dtype=wp.vec3), loss: wp.array(dtype=float)):
    i = wp.tid()
    d = x[i] - target[i]
    wp.atomic_add(loss, 0, wp.dot(d, d))


@wp.kernel
def loss_k_f64(x: wp.array(dtype=wp.vec3d), target: wp.array(dtype=wp.vec3d), loss: wp.array(dtype=wp.float64)):
    i = wp.tid()
    d = x[i] - target[i]
    wp.atomic_add(loss, 0, wp.dot(d, d))


@wp.kernel
def rollout(x0: wp.array(dtype=wp.vec3), v0: wp.array(dtype=wp.vec3), steps: int, dt: float, drag: float,
            target: wp.array(dtype=wp.vec3), loss: wp.array(dtype=float)):
    i = wp.tid()
    x = x0[i]
    vel = v0[i]
    for s in range(steps):
        f = wp.vec3(0.0, -9.8, 0.0) - vel * (drag * wp.length(vel))
        vel = vel + f * dt
        x = x + vel * dt
    d = x - target[i]
    wp.atomic_add(loss, 0, wp.dot(d, d))


@wp.kernel
def rollout_f64(x0: wp.array(dtype=wp.vec3d), v0: wp.array(dtype=wp.vec3d), steps: int, dt: wp.float64,
                drag: wp.float64, target: wp.array(dtype=wp.vec3d), loss: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = x0[i]
    vel = v0[i]
    for s in range(steps):
        f = wp.vec3d(wp.float64(0.0), wp.float64(-9.8), wp.float64(0.0)) - vel * (drag * wp.length(vel))
        vel = vel + f * dt
        x = x + vel * dt
    d = x - target[i]
    wp.atomic_add(loss, 0, wp.dot(d, d))


N = 4
DT = 0.01
DRAG = 0.05
X0 = ("uniform", -1, 1)
V0 = ("uniform", 2, 6)
TARGET = ("uniform", 2, 4)

GRAD_TESTS = [
    dict(name="particles_100_launches", dim=N,
         arrays=dict(x0=X0, v0=V0, target=TARGET),
         shapes=dict(loss=(1,)),
         launches=[dict(kernel="step", args=dict(x=f"x{s}", v=f"v{s}", x_out=f"x{s + 1}", v_out=f"v{s + 1}",
                                                 dt=DT, drag=DRAG)) for s in range(STEPS)]
         + [dict(kernel="loss_k", args=dict(x=f"x{STEPS}"))],
         outputs=dict(loss="ones"), inputs=["v0", "x0"], fwd_tol=(1e-4, 1e-5)),
    dict(name="particles_loop", kernel="rollout", dim=N,
         args=dict(x0=X0, v0=V0, steps=STEPS, dt=DT, drag=DRAG, target=TARGET),
         shapes=dict(loss=(1,)), outputs=dict(loss="ones"), inputs=["v0", "x0"], warp_wrong=True,
         fwd_tol=(1e-4, 1e-5)),
]
