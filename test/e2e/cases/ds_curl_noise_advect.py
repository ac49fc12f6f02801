"""Particles advected by a divergence-free velocity field: the curl of
a vector potential made of three 3D noise channels (wp.noise on vec3),
computed by central differences, then RK2 (midpoint) advection."""
import warp as wp


@wp.func
def potential(s: wp.uint32, p: wp.vec3):
    return wp.vec3(wp.noise(s, p), wp.noise(s, p + wp.vec3(31.4, 0.0, 0.0)), wp.noise(s, p + wp.vec3(0.0, 47.2, 0.0)))


@wp.func
def curl(s: wp.uint32, p: wp.vec3):
    e = 0.01
    dx = wp.vec3(e, 0.0, 0.0)
    dy = wp.vec3(0.0, e, 0.0)
    dz = wp.vec3(0.0, 0.0, e)
    px = (potential(s, p + dx) - potential(s, p - dx)) / (2.0 * e)
    py = (potential(s, p + dy) - potential(s, p - dy)) / (2.0 * e)
    pz = (potential(s, p + dz) - potential(s, p - dz)) / (2.0 * e)
    return wp.vec3(py[2] - pz[1], pz[0] - px[2], px[1] - py[0])


@wp.kernel
def advect(x: wp.array(dtype=wp.vec3), seed: int, dt: float, vel: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    s = wp.rand_init(seed)
    p = x[i]
    v1 = curl(s, p)
    v2 = curl(s, p + v1 * (0.5 * dt))
    vel[i] = v2
    x[i] = p + v2 * dt


TESTS = [
    dict(name="advect", dim=300, arrays=dict(x=("uniform", -2, 2)),
         launches=[dict(kernel="advect", args=dict(seed=5, dt=0.05))], repeat=5, outputs=["x", "vel"],
         rtol=1e-4, atol=1e-4,
         note="differences of noise divided by 0.02 amplify float32 rounding ~50x"),
]
