"""1D wave equation with a leapfrog scheme in time: three buffers
(previous, current, next) rotated by the launch sequence, fixed ends, a
Courant number passed as a scalar parameter."""
import warp as wp


@wp.kernel
def wave_step(prev: wp.array(dtype=float), cur: wp.array(dtype=float), nxt: wp.array(dtype=float), c2: float):
    i = wp.tid()
    n = cur.shape[0]
    if i == 0 or i == n - 1:
        nxt[i] = 0.0
    else:
        nxt[i] = 2.0 * cur[i] - prev[i] + c2 * (cur[i - 1] - 2.0 * cur[i] + cur[i + 1])


@wp.kernel
def init_pulse(u: wp.array(dtype=float), center: float, width: float):
    i = wp.tid()
    x = float(i) - center
    u[i] = wp.exp(-x * x / (width * width))


TESTS = [
    dict(name="wave", dim=500, arrays=dict(),
         launches=[dict(kernel="init_pulse", args=dict(u="a", center=200.0, width=15.0)),
                   dict(kernel="init_pulse", args=dict(u="b", center=201.0, width=15.0)),
                   dict(kernel="wave_step", args=dict(prev="a", cur="b", nxt="c", c2=0.5)),
                   dict(kernel="wave_step", args=dict(prev="b", cur="c", nxt="a", c2=0.5)),
                   dict(kernel="wave_step", args=dict(prev="c", cur="a", nxt="b", c2=0.5))],
         repeat=10, outputs=["a", "b", "c"], rtol=1e-5, atol=1e-6),
]
