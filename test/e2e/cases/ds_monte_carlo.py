"""Monte Carlo estimates per thread with Warp's RNG: pi from points in
the unit square (randf), the integral of exp(-x^2) with Gaussian
importance sampling (randn), a 2D random walk with randi steps, and a
per-thread hit count summed with an integer atomic."""
import warp as wp


@wp.kernel
def estimate(seed: int, samples: int, pi_est: wp.array(dtype=float), integral: wp.array(dtype=float),
             walk: wp.array(dtype=wp.vec2i), hits_total: wp.array(dtype=int)):
    tid = wp.tid()
    s = wp.rand_init(seed, tid)
    hits = int(0)
    acc = float(0.0)
    pos = wp.vec2i(0, 0)
    for _ in range(samples):
        x = wp.randf(s)
        y = wp.randf(s)
        if x * x + y * y <= 1.0:
            hits += 1
        g = wp.randn(s)
        # exp(-x^2) / N(0,1) pdf
        acc += wp.exp(-g * g) / (wp.exp(-0.5 * g * g) / 2.5066283)
        d = wp.randi(s, 0, 4)
        if d == 0:
            pos = pos + wp.vec2i(1, 0)
        elif d == 1:
            pos = pos - wp.vec2i(1, 0)
        elif d == 2:
            pos = pos + wp.vec2i(0, 1)
        else:
            pos = pos - wp.vec2i(0, 1)
    pi_est[tid] = 4.0 * float(hits) / float(samples)
    integral[tid] = acc / float(samples)
    walk[tid] = pos
    wp.atomic_add(hits_total, 0, hits)


TESTS = [
    dict(kernel="estimate", dim=256, args=dict(seed=2024, samples=200), shapes=dict(hits_total=(1,)),
         outputs=["pi_est", "integral", "walk", "hits_total"], rtol=1e-5, atol=1e-6),
]
