"""The logistic map x -> r x (1 - x) iterated per thread in float64
and float32 (separately: chaotic orbits diverge between precisions),
the Lyapunov exponent estimate with log|r (1 - 2x)|, and the period
detection of the attractor by comparing with earlier iterates."""
import warp as wp


@wp.kernel
def logistic64(r: wp.array(dtype=wp.float64), x_out: wp.array(dtype=wp.float64), lyap: wp.array(dtype=wp.float64),
               period: wp.array(dtype=int)):
    i = wp.tid()
    rr = r[i]
    x = wp.float64(0.5)
    one = wp.float64(1.0)
    for _ in range(500):
        x = rr * x * (one - x)
    s = wp.float64(0.0)
    for _ in range(200):
        x = rr * x * (one - x)
        s += wp.log(wp.abs(rr * (one - wp.float64(2.0) * x)) + wp.float64(1.0e-300))
    x_out[i] = x
    lyap[i] = s / wp.float64(200.0)
    ref = x
    p = int(0)
    for k in range(1, 65):
        x = rr * x * (one - x)
        if wp.abs(x - ref) < wp.float64(1.0e-9) and p == 0:
            p = k
    period[i] = p


@wp.kernel
def logistic32(r: wp.array(dtype=float), x_out: wp.array(dtype=float)):
    i = wp.tid()
    x = float(0.5)
    for _ in range(50):
        x = r[i] * x * (1.0 - x)
    x_out[i] = x


TESTS = [
    dict(kernel="logistic64", dim=400, args=dict(r=("uniform", 2.5, 3.56)), outputs=["x_out", "lyap", "period"],
         rtol=1e-7, atol=1e-9,
         note="r < 3.57 keeps orbits periodic, so float64 results are stable; the chaotic range is not tested"),
    dict(kernel="logistic32", dim=400, args=dict(r=("uniform", 2.5, 2.99)), outputs=["x_out"]),
]
