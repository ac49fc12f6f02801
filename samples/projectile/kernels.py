"""A projectile with quadratic air drag, differentiated to aim it.

A point mass starts at the origin with the launch velocity v0 and flies for
NUM_STEPS explicit Euler steps of DT under gravity and quadratic drag
(acceleration GRAVITY - DRAG * |v| * v).  The `loss` kernel measures the
squared distance of the final position to a target.  Gradient descent on v0,
with the gradient from the adjoint kernels replayed by a tape, finds the
launch velocity that lands the projectile on the target.

The state lives in arrays indexed by time step: step t reads x[t], v[t] and
writes x[t + 1], v[t + 1].  No slot is overwritten, so the backward pass of
every step sees the values its forward pass read (Warp's recommended pattern
for differentiable rollouts).

This file is both the input of warpc (`warpc kernels.py -o kernels.o`, used by
main.c) and an ordinary Warp program: `python3 kernels.py` runs the same
optimisation with warp-lang's wp.Tape on the CPU and prints its result.
"""
import warp as wp

NUM_STEPS = 200
NUM_ITERS = 200
LEARNING_RATE = 0.05
TOLERANCE = 1e-4  # stop when the loss (m^2) is below this

DT = wp.constant(1.0 / 60.0)
GRAVITY = wp.constant(wp.vec3(0.0, -9.81, 0.0))
DRAG = wp.constant(0.02)  # quadratic drag coefficient per unit mass (1/m)

TARGET = (30.0, 0.0, 8.0)
V0_GUESS = (5.0, 5.0, 0.0)


@wp.kernel
def step(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), t: int):
    """One explicit Euler step of the single projectile: x[t], v[t] ->
    x[t + 1], v[t + 1].  Launched with one thread."""
    pos = x[t]
    vel = v[t]
    acc = GRAVITY - DRAG * wp.length(vel) * vel
    x[t + 1] = pos + vel * DT
    v[t + 1] = vel + acc * DT


@wp.kernel
def loss(x: wp.array(dtype=wp.vec3), target: wp.vec3, t: int, out: wp.array(dtype=float)):
    """Squared distance of x[t] (the final position) to the target."""
    d = x[t] - target
    out[0] = wp.dot(d, d)


# ---------------------------------------------------------------------------
# Host code: skipped by warpc, run by `python3 kernels.py`.

if __name__ == "__main__":
    import numpy as np

    wp.config.log_level = 40  # ERROR: no banner (1.19 deprecates config.quiet)
    wp.init()
    with wp.ScopedDevice("cpu"):
        x = wp.zeros(NUM_STEPS + 1, dtype=wp.vec3, requires_grad=True)
        v = wp.zeros(NUM_STEPS + 1, dtype=wp.vec3, requires_grad=True)
        out = wp.zeros(1, dtype=float, requires_grad=True)
        target = wp.vec3(*TARGET)
        v0 = np.array(V0_GUESS, dtype=np.float32)

        print(f"projectile: {NUM_STEPS} steps of {1.0 / 60.0:.6f} s, drag {float(DRAG):g}, "
              f"target ({TARGET[0]:g}, {TARGET[1]:g}, {TARGET[2]:g}) "
              f"(warp-lang {wp.config.version}, cpu)")
        tape = wp.Tape()
        converged = False
        for it in range(NUM_ITERS):
            vs = v.numpy()
            vs[0] = v0
            v.assign(vs)
            with tape:
                for t in range(NUM_STEPS):
                    wp.launch(step, dim=1, inputs=[x, v, t])
                wp.launch(loss, dim=1, inputs=[x, target, NUM_STEPS, out])
            tape.backward(loss=out)
            value = float(out.numpy()[0])
            grad = v.grad.numpy()[0].copy()
            print(f"iter {it:3d}  loss {value:12.6g}  v0 ({v0[0]:.6f}, {v0[1]:.6f}, {v0[2]:.6f})")
            tape.zero()
            tape.reset()
            if value < TOLERANCE:
                converged = True
                break
            if it == NUM_ITERS - 1:
                break  # keep v0 the velocity the last rollout used
            v0 = (v0 - np.float32(LEARNING_RATE) * grad).astype(np.float32)

        xf = x.numpy()[NUM_STEPS]
        print(f"final velocity ({v0[0]:.6f}, {v0[1]:.6f}, {v0[2]:.6f}), "
              f"lands at ({xf[0]:.4f}, {xf[1]:.4f}, {xf[2]:.4f}) after {it} iterations")
        print("PASS" if converged else "FAIL")
        raise SystemExit(0 if converged else 1)
