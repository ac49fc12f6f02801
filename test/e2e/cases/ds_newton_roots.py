"""Newton iterations as users write them: cube root with a while loop
and tolerance test (compared with wp.cbrt), Kepler's equation
E - e sin E = M with a fixed iteration count, and a float64 reciprocal
square root by Newton refinement."""
import warp as wp


@wp.kernel
def cube_root(a: wp.array(dtype=float), r: wp.array(dtype=float), ref: wp.array(dtype=float),
              iters: wp.array(dtype=int)):
    i = wp.tid()
    v = a[i]
    x = wp.max(v, 1.0)
    n = int(0)
    while n < 50:
        nx = x - (x * x * x - v) / (3.0 * x * x)
        n += 1
        if wp.abs(nx - x) <= 1.0e-6 * nx:
            x = nx
            break
        x = nx
    r[i] = x
    ref[i] = wp.cbrt(v)
    iters[i] = n


@wp.kernel
def kepler(m: wp.array(dtype=float), ecc: float, e_out: wp.array(dtype=float)):
    i = wp.tid()
    M = m[i]
    E = M
    if ecc > 0.8:
        E = wp.pi
    for _ in range(12):
        E = E - (E - ecc * wp.sin(E) - M) / (1.0 - ecc * wp.cos(E))
    e_out[i] = E


@wp.kernel
def rsqrt64(a: wp.array(dtype=wp.float64), r: wp.array(dtype=wp.float64)):
    i = wp.tid()
    v = a[i]
    y = wp.float64(1.0) / wp.float64(wp.sqrt(float(v)))
    for _ in range(3):
        y = y * (wp.float64(1.5) - wp.float64(0.5) * v * y * y)
    r[i] = y


TESTS = [
    dict(kernel="cube_root", dim=1000, args=dict(a=("uniform", 0.01, 100.0)), outputs=["r", "ref", "iters"]),
    dict(kernel="kepler", dim=1000, args=dict(m=("uniform", 0.0, 6.28), ecc=0.3), outputs=["e_out"],
         rtol=1e-5, atol=1e-5),
    dict(kernel="rsqrt64", dim=1000, args=dict(a=("uniform", 0.1, 1000.0)), outputs=["r"]),
]
