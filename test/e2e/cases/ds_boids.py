"""Boids flocking with brute-force neighbours: separation, alignment and
cohesion within a view radius, speed clamped between a min and max, and
integration; positions/velocities as vec2 arrays, parameters in a
@wp.struct."""
import warp as wp


@wp.struct
class FlockParams:
    radius: float
    sep_radius: float
    w_sep: float
    w_align: float
    w_coh: float
    min_speed: float
    max_speed: float
    dt: float


@wp.kernel
def flock(p: FlockParams, x: wp.array(dtype=wp.vec2), v: wp.array(dtype=wp.vec2), x_out: wp.array(dtype=wp.vec2),
          v_out: wp.array(dtype=wp.vec2)):
    i = wp.tid()
    xi = x[i]
    sep = wp.vec2()
    avg_v = wp.vec2()
    center = wp.vec2()
    n = int(0)
    for j in range(x.shape[0]):
        if j == i:
            continue
        d = xi - x[j]
        dist = wp.length(d)
        if dist < p.radius:
            n += 1
            avg_v += v[j]
            center += x[j]
            if dist < p.sep_radius and dist > 0.0:
                sep += d / (dist * dist)
    vi = v[i]
    if n > 0:
        inv = 1.0 / float(n)
        vi += sep * p.w_sep + (avg_v * inv - vi) * p.w_align + (center * inv - xi) * p.w_coh
    s = wp.length(vi)
    if s > p.max_speed:
        vi = vi * (p.max_speed / s)
    elif s < p.min_speed and s > 0.0:
        vi = vi * (p.min_speed / s)
    v_out[i] = vi
    x_out[i] = xi + vi * p.dt


PARAMS = dict(radius=0.3, sep_radius=0.08, w_sep=0.002, w_align=0.05, w_coh=0.01, min_speed=0.1, max_speed=0.5,
              dt=0.05)
TESTS = [
    dict(name="flock", dim=300, arrays=dict(x=("uniform", -1, 1), v=("uniform", -0.3, 0.3)),
         launches=[dict(kernel="flock", args=dict(p=PARAMS, x="x", v="v", x_out="x2", v_out="v2")),
                   dict(kernel="flock", args=dict(p=PARAMS, x="x2", v="v2", x_out="x", v_out="v"))],
         repeat=4, outputs=["x", "v"], rtol=1e-4, atol=1e-5),
]
