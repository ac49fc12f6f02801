"""SPH with brute-force neighbour search: density with the poly6
kernel, pressure from a Tait equation of state, and pressure forces with
the spiky gradient, all O(n^2) loops over a particle array."""
import warp as wp

H = 0.1
MASS = 0.02


@wp.func
def poly6(r2: float, h: float):
    h2 = h * h
    if r2 >= h2:
        return 0.0
    d = h2 - r2
    return 315.0 / (64.0 * wp.pi * wp.pow(h, 9.0)) * d * d * d


@wp.func
def spiky_grad(r: wp.vec3, h: float):
    l = wp.length(r)
    if l >= h or l < 1.0e-6:
        return wp.vec3(0.0)
    c = -45.0 / (wp.pi * wp.pow(h, 6.0)) * (h - l) * (h - l)
    return r * (c / l)


@wp.kernel
def density(x: wp.array(dtype=wp.vec3), rho: wp.array(dtype=float), press: wp.array(dtype=float), rho0: float):
    i = wp.tid()
    s = float(0.0)
    for j in range(x.shape[0]):
        d = x[i] - x[j]
        s += MASS * poly6(wp.dot(d, d), H)
    rho[i] = s
    press[i] = 1.0 * (wp.pow(s / rho0, 7.0) - 1.0)


@wp.kernel
def forces(x: wp.array(dtype=wp.vec3), rho: wp.array(dtype=float), press: wp.array(dtype=float),
           f: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    acc = wp.vec3()
    for j in range(x.shape[0]):
        if i != j:
            pij = (press[i] + press[j]) / (2.0 * rho[j])
            acc -= spiky_grad(x[i] - x[j], H) * (MASS * pij)
    f[i] = acc


TESTS = [
    dict(name="sph", dim=400, arrays=dict(x=("uniform", 0, 0.4)),
         launches=[dict(kernel="density", args=dict(rho0=1000.0)), dict(kernel="forces")],
         outputs=["rho", "press", "f"], rtol=2e-4, atol=1e-3,
         note="pressure is pow(rho/rho0, 7): float32 relative error grows x7; forces sum ~100 terms"),
]
