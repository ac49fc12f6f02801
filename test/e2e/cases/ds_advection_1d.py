"""Semi-Lagrangian advection of a scalar field on a periodic 1D grid and
an upwind finite-volume scheme: backtracing with floor, periodic wrap
with integer %, linear interpolation with wp.lerp, upwind choice with
wp.where."""
import warp as wp


@wp.kernel
def semi_lagrangian(q: wp.array(dtype=float), vel: wp.array(dtype=float), dt: float, q_new: wp.array(dtype=float)):
    i = wp.tid()
    n = q.shape[0]
    x = float(i) - vel[i] * dt
    x0 = wp.floor(x)
    t = x - x0
    i0 = int(x0) % n
    if i0 < 0:
        i0 += n
    i1 = (i0 + 1) % n
    q_new[i] = wp.lerp(q[i0], q[i1], t)


@wp.kernel
def upwind(q: wp.array(dtype=float), u: float, dt: float, q_new: wp.array(dtype=float)):
    i = wp.tid()
    n = q.shape[0]
    l = q[(i + n - 1) % n]
    r = q[(i + 1) % n]
    c = q[i]
    grad = wp.where(u > 0.0, c - l, r - c)
    q_new[i] = c - u * dt * grad


TESTS = [
    dict(name="sl", dim=256, arrays=dict(a=("uniform", 0, 1), vel=("uniform", -3, 3)),
         launches=[dict(kernel="semi_lagrangian", args=dict(q="a", q_new="b", dt=0.7)),
                   dict(kernel="semi_lagrangian", args=dict(q="b", q_new="a", dt=0.7))],
         repeat=10, outputs=["a", "b"]),
    dict(name="upwind", dim=256, arrays=dict(a=("uniform", 0, 1)),
         launches=[dict(kernel="upwind", args=dict(q="a", q_new="b", u=-0.8, dt=0.5)),
                   dict(kernel="upwind", args=dict(q="b", q_new="a", u=0.6, dt=0.5))],
         repeat=10, outputs=["a", "b"]),
]
