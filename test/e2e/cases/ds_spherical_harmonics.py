"""Spherical harmonics lighting: real SH basis functions up to band 2
evaluated on directions, projection of an environment function onto
the 9 coefficients by Monte Carlo with sample_unit_sphere_surface
(coefficients accumulated with float atomic_add: rtol 1e-4), and
irradiance reconstruction for normals."""
import warp as wp


@wp.func
def sh(k: int, d: wp.vec3):
    x = d[0]
    y = d[1]
    z = d[2]
    if k == 0:
        return 0.282095
    elif k == 1:
        return 0.488603 * y
    elif k == 2:
        return 0.488603 * z
    elif k == 3:
        return 0.488603 * x
    elif k == 4:
        return 1.092548 * x * y
    elif k == 5:
        return 1.092548 * y * z
    elif k == 6:
        return 0.315392 * (3.0 * z * z - 1.0)
    elif k == 7:
        return 1.092548 * x * z
    return 0.546274 * (x * x - y * y)


@wp.func
def env(d: wp.vec3):
    return wp.max(d[1], 0.0) * 2.0 + 0.3 * wp.exp(-4.0 * wp.length_sq(d - wp.normalize(wp.vec3(1.0, 0.2, 0.0))))


@wp.kernel
def project(seed: int, n: int, coef: wp.array(dtype=float)):
    tid = wp.tid()
    s = wp.rand_init(seed, tid)
    acc = wp.vec3()
    for _ in range(n):
        d = wp.sample_unit_sphere_surface(s)
        e = env(d)
        for k in range(9):
            wp.atomic_add(coef, k, e * sh(k, d) * 4.0 * wp.pi / float(n * 64))
        acc += d
    if tid == 0:
        coef[9] = acc[0] * 0.0


@wp.kernel
def irradiance(coef: wp.array(dtype=float), normals: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    d = wp.normalize(normals[i])
    band = wp.vec3(3.141593, 2.094395, 0.785398)
    s = float(0.0)
    for k in range(9):
        b = 0
        if k >= 1:
            b = 1
        if k >= 4:
            b = 2
        s += band[b] * coef[k] * sh(k, d)
    out[i] = s


TESTS = [
    dict(kernel="project", dim=64, args=dict(seed=3, n=64), shapes=dict(coef=(10,)), outputs=["coef"],
         rtol=1e-4, atol=1e-6),
    dict(kernel="irradiance", dim=500,
         args=dict(coef=[0.9, 0.5, 0.1, 0.2, -0.1, 0.05, 0.3, -0.2, 0.1, 0.0], normals=("uniform", -1, 1)),
         shapes=dict(coef=(10,)), outputs=["out"]),
]
