"""Projectiles with quadratic air drag integrated until they hit the
ground: a while loop with a step cap, the landing time by linear
interpolation of the last step, range, apex height tracked with max,
and launch angles given in degrees."""
import warp as wp


@wp.kernel
def fly(speed: wp.array(dtype=float), angle_deg: wp.array(dtype=float), drag: float, dt: float,
        range_out: wp.array(dtype=float), apex: wp.array(dtype=float), t_land: wp.array(dtype=float),
        steps_out: wp.array(dtype=int)):
    i = wp.tid()
    a = wp.radians(angle_deg[i])
    v = wp.vec2(wp.cos(a), wp.sin(a)) * speed[i]
    p = wp.vec2(0.0, 0.0)
    t = float(0.0)
    top = float(0.0)
    n = int(0)
    prev = p
    while n < 5000:
        prev = p
        acc = wp.vec2(0.0, -9.81) - v * (drag * wp.length(v))
        v = v + acc * dt
        p = p + v * dt
        t += dt
        n += 1
        top = wp.max(top, p[1])
        if p[1] < 0.0:
            break
    f = prev[1] / (prev[1] - p[1])
    range_out[i] = prev[0] + (p[0] - prev[0]) * f
    t_land[i] = t - dt + dt * f
    apex[i] = top
    steps_out[i] = n


TESTS = [
    dict(kernel="fly", dim=500, args=dict(speed=("uniform", 5, 50), angle_deg=("uniform", 10, 80), drag=0.01, dt=0.002),
         outputs=["range_out", "apex", "t_land", "steps_out"], rtol=1e-4, atol=1e-4),
]
