"""PID controllers driving first-order-plus-integrator plants, one per
thread: proportional, integral with anti-windup clamping, derivative on
measurement, actuator saturation with clamp, simulated for many steps;
gains come from a vec3 array, the settling step is an int output."""
import warp as wp


@wp.kernel
def simulate(gains: wp.array(dtype=wp.vec3), setpoint: wp.array(dtype=float), dt: float, steps: int,
             y_out: wp.array(dtype=float), u_out: wp.array(dtype=float), settle: wp.array(dtype=int)):
    i = wp.tid()
    g = gains[i]
    y = float(0.0)
    v = float(0.0)
    integ = float(0.0)
    prev_y = float(0.0)
    u = float(0.0)
    settled = int(-1)
    for k in range(steps):
        e = setpoint[i] - y
        integ = wp.clamp(integ + e * dt, -5.0, 5.0)
        deriv = -(y - prev_y) / dt
        prev_y = y
        u = wp.clamp(g[0] * e + g[1] * integ + g[2] * deriv, -10.0, 10.0)
        v = v + (u - 0.5 * v) * dt
        y = y + v * dt
        if settled < 0 and wp.abs(setpoint[i] - y) < 0.02 * wp.abs(setpoint[i]):
            settled = k
    y_out[i] = y
    u_out[i] = u
    settle[i] = settled


TESTS = [
    dict(kernel="simulate", dim=300,
         args=dict(gains=("uniform", 0.1, 2.0), setpoint=("uniform", 0.5, 2.0), dt=0.01, steps=500),
         outputs=["y_out", "u_out", "settle"], rtol=1e-4, atol=1e-4,
         note="the first step within 2% is a threshold crossing; rounding could shift it (none does)"),
]
