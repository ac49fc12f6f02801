"""@wp.struct parameters passed by value: nested structs, vector fields,
field reads, struct locals built with the constructor and field assignment
(including += on nested fields)."""
import warp as wp


@wp.struct
class Drag:
    k: float
    n: wp.int32


@wp.struct
class SimParams:
    dt: float
    gravity: wp.vec3
    drag: Drag
    flag: wp.uint8
    scale: wp.float64


@wp.kernel
def integrate(p: SimParams, x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3),
              x_out: wp.array(dtype=wp.vec3), v_out: wp.array(dtype=wp.vec3), e: wp.array(dtype=float)):
    i = wp.tid()
    vel = v[i] + p.gravity * p.dt - v[i] * (p.drag.k * p.dt)
    x_out[i] = x[i] + vel * p.dt
    v_out[i] = vel
    loc = SimParams()
    loc.dt = p.dt * 2.0
    loc.drag.k = 3.0
    loc.drag.n += p.drag.n
    loc.gravity.y = 1.5
    loc.gravity += p.gravity
    s = loc.dt + loc.drag.k * float(loc.drag.n) + loc.gravity[1] + float(p.scale)
    if p.flag == wp.uint8(1):
        s = -s
    e[i] = s + wp.length(vel)


TESTS = [
    dict(kernel="integrate", dim=64,
         args=dict(p=dict(dt=0.01, gravity=(0.0, -9.8, 0.0), drag=dict(k=0.5, n=3), flag=1, scale=2.5),
                   x=("uniform", -1, 1), v=("uniform", -1, 1)),
         outputs=["x_out", "v_out", "e"]),
]
