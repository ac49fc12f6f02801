"""Classical Runge-Kutta (RK4) integration of damped driven oscillators
in float64, one oscillator per thread, the derivative in a @wp.func
returning a vec2d, many steps in a loop; and the float32 twin with a
looser tolerance."""
import warp as wp


@wp.func
def deriv(s: wp.vec2d, t: wp.float64, w0: wp.float64, zeta: wp.float64):
    x = s[0]
    v = s[1]
    return wp.vec2d(v, -wp.float64(2.0) * zeta * w0 * v - w0 * w0 * x + wp.float64(0.5) * wp.cos(t))


@wp.kernel
def rk4(w0: wp.array(dtype=wp.float64), zeta: wp.array(dtype=wp.float64), state: wp.array(dtype=wp.vec2d),
        dt: wp.float64, steps: int):
    i = wp.tid()
    s = state[i]
    t = wp.float64(0.0)
    half = wp.float64(0.5)
    for _ in range(steps):
        k1 = deriv(s, t, w0[i], zeta[i])
        k2 = deriv(s + k1 * (half * dt), t + half * dt, w0[i], zeta[i])
        k3 = deriv(s + k2 * (half * dt), t + half * dt, w0[i], zeta[i])
        k4 = deriv(s + k3 * dt, t + dt, w0[i], zeta[i])
        s = s + (k1 + k2 * wp.float64(2.0) + k3 * wp.float64(2.0) + k4) * (dt / wp.float64(6.0))
        t += dt
    state[i] = s


@wp.kernel
def rk4_f32(w0: wp.array(dtype=float), state: wp.array(dtype=wp.vec2), dt: float, steps: int):
    i = wp.tid()
    s = state[i]
    w = w0[i]
    for _ in range(steps):
        k1 = wp.vec2(s[1], -w * w * s[0])
        m = s + k1 * (0.5 * dt)
        k2 = wp.vec2(m[1], -w * w * m[0])
        m = s + k2 * (0.5 * dt)
        k3 = wp.vec2(m[1], -w * w * m[0])
        m = s + k3 * dt
        k4 = wp.vec2(m[1], -w * w * m[0])
        s = s + (k1 + 2.0 * k2 + 2.0 * k3 + k4) * (dt / 6.0)
    state[i] = s


TESTS = [
    dict(kernel="rk4", dim=300,
         args=dict(w0=("uniform", 0.5, 3.0), zeta=("uniform", 0.0, 0.3), state=("uniform", -1, 1), dt=0.01, steps=200),
         outputs=["state"], rtol=1e-9, atol=1e-11),
    dict(kernel="rk4_f32", dim=300, args=dict(w0=("uniform", 0.5, 3.0), state=("uniform", -1, 1), dt=0.01, steps=200),
         outputs=["state"], rtol=1e-5, atol=1e-5),
]
