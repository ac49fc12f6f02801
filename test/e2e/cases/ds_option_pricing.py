"""European option pricing: Black-Scholes closed form with the normal
CDF from the Abramowitz-Stegun polynomial (exp, sqrt, log), put-call
parity, and a Monte Carlo estimate with randn paths per thread
(geometric Brownian motion in one step)."""
import warp as wp


@wp.func
def norm_cdf(x: float):
    t = 1.0 / (1.0 + 0.2316419 * wp.abs(x))
    poly = t * (0.319381530 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))))
    c = 1.0 - 0.3989422804 * wp.exp(-0.5 * x * x) * poly
    if x < 0.0:
        return 1.0 - c
    return c


@wp.kernel
def black_scholes(S: wp.array(dtype=float), K: wp.array(dtype=float), T: wp.array(dtype=float), r: float,
                  sigma: float, call: wp.array(dtype=float), put: wp.array(dtype=float),
                  parity: wp.array(dtype=float)):
    i = wp.tid()
    st = sigma * wp.sqrt(T[i])
    d1 = (wp.log(S[i] / K[i]) + (r + 0.5 * sigma * sigma) * T[i]) / st
    d2 = d1 - st
    disc = K[i] * wp.exp(-r * T[i])
    c = S[i] * norm_cdf(d1) - disc * norm_cdf(d2)
    p = disc * norm_cdf(-d2) - S[i] * norm_cdf(-d1)
    call[i] = c
    put[i] = p
    parity[i] = c - p - (S[i] - disc)


@wp.kernel
def monte_carlo(S0: float, K: float, T: float, r: float, sigma: float, paths: int, seed: int,
                est: wp.array(dtype=float)):
    i = wp.tid()
    s = wp.rand_init(seed, i)
    acc = float(0.0)
    for _ in range(paths):
        z = wp.randn(s)
        st = S0 * wp.exp((r - 0.5 * sigma * sigma) * T + sigma * wp.sqrt(T) * z)
        acc += wp.max(st - K, 0.0)
    est[i] = wp.exp(-r * T) * acc / float(paths)


TESTS = [
    dict(kernel="black_scholes", dim=1000,
         args=dict(S=("uniform", 50, 150), K=("uniform", 80, 120), T=("uniform", 0.1, 2.0), r=0.03, sigma=0.25),
         outputs=["call", "put", "parity"], rtol=1e-4, atol=1e-4),
    dict(kernel="monte_carlo", dim=128, args=dict(S0=100.0, K=105.0, T=1.0, r=0.03, sigma=0.2, paths=200, seed=31),
         outputs=["est"], rtol=1e-5, atol=1e-5),
]
