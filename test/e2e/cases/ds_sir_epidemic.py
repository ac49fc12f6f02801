"""SIR epidemic model integrated with Heun's method (RK2) in float64,
one parameter set (beta, gamma) per thread: the peak infected fraction
and its day, the final susceptible fraction, and the basic
reproduction number; the daily series of one thread block as a 2D
output."""
import warp as wp


@wp.func
def rhs(s: wp.vec3d, beta: wp.float64, gamma: wp.float64):
    inf = beta * s[0] * s[1]
    rec = gamma * s[1]
    return wp.vec3d(-inf, inf - rec, rec)


@wp.kernel
def sir(beta: wp.array(dtype=wp.float64), gamma: wp.array(dtype=wp.float64), days: int, dt: wp.float64,
        peak: wp.array(dtype=wp.float64), peak_day: wp.array(dtype=int), final_s: wp.array(dtype=wp.float64),
        r0: wp.array(dtype=wp.float64), series: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    s = wp.vec3d(wp.float64(0.999), wp.float64(0.001), wp.float64(0.0))
    b = beta[i]
    g = gamma[i]
    best = s[1]
    best_day = int(0)
    steps = int(wp.float64(1.0) / dt)
    for d in range(days):
        for _ in range(steps):
            k1 = rhs(s, b, g)
            k2 = rhs(s + k1 * dt, b, g)
            s = s + (k1 + k2) * (dt * wp.float64(0.5))
        if s[1] > best:
            best = s[1]
            best_day = d + 1
        if d < series.shape[1]:
            series[i, d] = s[1]
    peak[i] = best
    peak_day[i] = best_day
    final_s[i] = s[0]
    r0[i] = b / g


TESTS = [
    dict(kernel="sir", dim=64,
         args=dict(beta=("uniform", 0.2, 0.6), gamma=("uniform", 0.05, 0.2), days=120, dt=0.25),
         shapes=dict(series=(64, 30)), outputs=["peak", "peak_day", "final_s", "r0", "series"]),
]
