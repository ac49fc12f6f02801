"""1D shallow-water equations with the Lax-Friedrichs scheme: state
(h, hu) stored as vec2 per cell, the flux F(h, hu) = (hu, hu^2/h +
g h^2 / 2) in a @wp.func, reflective walls at both ends, a dam-break
initial condition."""
import warp as wp

G = 9.81


@wp.func
def flux(q: wp.vec2):
    h = q[0]
    u = q[1] / h
    return wp.vec2(q[1], q[1] * u + 0.5 * G * h * h)


@wp.kernel
def lax_friedrichs(q: wp.array(dtype=wp.vec2), q_new: wp.array(dtype=wp.vec2), dt_dx: float):
    i = wp.tid()
    n = q.shape[0]
    l = q[wp.max(i - 1, 0)]
    r = q[wp.min(i + 1, n - 1)]
    if i == 0:
        l = wp.vec2(l[0], -l[1])
    if i == n - 1:
        r = wp.vec2(r[0], -r[1])
    q_new[i] = 0.5 * (l + r) - 0.5 * dt_dx * (flux(r) - flux(l))


@wp.kernel
def dam(q: wp.array(dtype=wp.vec2)):
    i = wp.tid()
    h = wp.where(i < q.shape[0] / 2, 2.0, 1.0)
    q[i] = wp.vec2(h, 0.0)


TESTS = [
    dict(name="dam_break", dim=200, arrays=dict(),
         launches=[dict(kernel="dam", args=dict(q="a"))]
         + [dict(kernel="lax_friedrichs", args=dict(q=s, q_new=t, dt_dx=0.1)) for s, t in [("a", "b"), ("b", "a")] * 15],
         outputs=["a", "b"], rtol=1e-5, atol=1e-6),
]
