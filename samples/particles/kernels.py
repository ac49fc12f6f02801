"""Particles falling under gravity onto a ground plane.

Each step integrates every particle with symplectic Euler (velocity first,
then position) and resolves contact with the plane y = GROUND_Y for a particle
of radius RADIUS: the normal velocity is reflected and scaled by RESTITUTION,
and the tangential velocity loses FRICTION times the normal impulse (Coulomb
friction), stopping at zero.

This file is both the input of warpc (`warpc kernels.py -o kernels.o`, used by
main.c) and an ordinary Warp program: `python3 kernels.py` runs the same
simulation with warp-lang on the CPU and prints the same checksum as the C
program.
"""
import warp as wp

NUM_PARTICLES = 100000
NUM_STEPS = 100

GRAVITY = wp.constant(wp.vec3(0.0, -9.81, 0.0))
DT = wp.constant(1.0 / 60.0)
GROUND_Y = wp.constant(0.0)
RADIUS = wp.constant(0.05)
RESTITUTION = wp.constant(0.6)
FRICTION = wp.constant(0.3)


@wp.func
def ground_contact(x: wp.vec3, v: wp.vec3):
    """Returns the position and velocity of a particle after contact with the
    ground plane (unchanged when it does not touch the plane)."""
    floor = GROUND_Y + RADIUS
    if x[1] >= floor:
        return x, v
    # push the particle back onto the plane
    x_out = wp.vec3(x[0], floor, x[2])
    vn = v[1]
    if vn >= 0.0:
        # already separating: keep the velocity
        return x_out, v
    vn_out = -RESTITUTION * vn
    # Coulomb friction: the tangential speed drops by mu * (normal impulse)
    vt = wp.vec3(v[0], 0.0, v[2])
    speed = wp.length(vt)
    drop = FRICTION * (vn_out - vn)
    scale = 0.0
    if speed > drop:
        scale = (speed - drop) / speed
    return x_out, wp.vec3(vt[0] * scale, vn_out, vt[2] * scale)


@wp.kernel
def integrate(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    vel = v[i] + GRAVITY * DT
    pos = x[i] + vel * DT
    pos, vel = ground_contact(pos, vel)
    x[i] = pos
    v[i] = vel


# ---------------------------------------------------------------------------
# Host code: skipped by warpc, run by `python3 kernels.py`.

def hash_u32(i, seed):
    """The integer hash main.c uses for the initial conditions (uint32
    arithmetic, wrapping)."""
    import numpy as np

    with np.errstate(over="ignore"):
        h = i.astype(np.uint32) * np.uint32(0x9E3779B9) + np.uint32(seed)
        h ^= h >> np.uint32(16)
        h *= np.uint32(0x7FEB352D)
        h ^= h >> np.uint32(15)
        h *= np.uint32(0x846CA68B)
        h ^= h >> np.uint32(16)
    return h


def uniform(i, seed, lo, hi):
    """A float32 in [lo, hi) from the hash, computed as main.c does."""
    import numpy as np

    u = (hash_u32(i, seed) >> np.uint32(8)).astype(np.float32) * np.float32(1.0 / 16777216.0)
    return u * np.float32(hi - lo) + np.float32(lo)


def initial_state(n):
    import numpy as np

    i = np.arange(n, dtype=np.uint32)
    x = np.stack([uniform(i, 1, -10.0, 10.0), uniform(i, 2, 0.5, 10.0), uniform(i, 3, -10.0, 10.0)], axis=1)
    v = np.stack([uniform(i, 4, -2.0, 2.0), uniform(i, 5, -1.0, 5.0), uniform(i, 6, -2.0, 2.0)], axis=1)
    return x.astype(np.float32), v.astype(np.float32)


def reference_step(x, v):
    """One step with numpy, float32 operations in the kernel's order."""
    import numpy as np

    f32 = np.float32
    vel = v + np.array(GRAVITY, dtype=f32) * f32(DT)
    pos = x + vel * f32(DT)
    floor = f32(GROUND_Y) + f32(RADIUS)
    hit = pos[:, 1] < floor
    vn = vel[:, 1]
    bounce = hit & (vn < f32(0.0))
    vn_out = f32(-RESTITUTION) * vn
    speed = np.sqrt(vel[:, 0] * vel[:, 0] + vel[:, 2] * vel[:, 2])
    drop = f32(FRICTION) * (vn_out - vn)
    with np.errstate(divide="ignore", invalid="ignore"):
        scale = np.where(speed > drop, (speed - drop) / speed, f32(0.0)).astype(f32)
    pos[hit, 1] = floor
    vel[bounce, 0] *= scale[bounce]
    vel[bounce, 1] = vn_out[bounce]
    vel[bounce, 2] *= scale[bounce]
    return pos, vel


if __name__ == "__main__":
    import time

    import numpy as np

    wp.init()
    x0, v0 = initial_state(NUM_PARTICLES)
    with wp.ScopedDevice("cpu"):
        x = wp.array(x0, dtype=wp.vec3)
        v = wp.array(v0, dtype=wp.vec3)
        wp.launch(integrate, dim=NUM_PARTICLES, inputs=[x, v])  # compile + warm up
        x.assign(x0)
        v.assign(v0)
        t0 = time.perf_counter()
        for _ in range(NUM_STEPS):
            wp.launch(integrate, dim=NUM_PARTICLES, inputs=[x, v])
        wp.synchronize()
        t1 = time.perf_counter()
        xs, vs = x.numpy(), v.numpy()

    rx, rv = x0.copy(), v0.copy()
    for _ in range(NUM_STEPS):
        rx, rv = reference_step(rx, rv)
    max_err = max(np.abs(xs - rx).max(), np.abs(vs - rv).max())
    tolerance = 1e-4

    resting = int(np.count_nonzero(xs[:, 1] <= RADIUS + 1e-6))
    print(f"particles: {NUM_PARTICLES} particles, {NUM_STEPS} steps (warp-lang {wp.config.version}, cpu)")
    print(f"time per step: {(t1 - t0) / NUM_STEPS * 1e3:.3f} ms")
    print(f"particles on the ground: {resting}")
    print(f"checksum (sum of positions): {xs.astype(np.float64).sum():.6f}")
    print(f"max abs error vs numpy reference: {max_err:.3g} (tolerance {tolerance:.0e})")
    print("PASS" if max_err <= tolerance else "FAIL")
    raise SystemExit(0 if max_err <= tolerance else 1)
