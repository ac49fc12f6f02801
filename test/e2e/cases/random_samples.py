"""Geometric samples (sample_unit_* and sample_triangle) and poisson():
the draws each consumes, in Warp's order, so that later draws from the same
state agree too (checked through the final state).  poisson covers lam = 0,
Knuth's method (lam < 10) and the transformed rejection (lam >= 10)."""
import warp as wp


@wp.kernel
def samples2(seed: int, ring: wp.array(dtype=wp.vec2), disk: wp.array(dtype=wp.vec2),
             square: wp.array(dtype=wp.vec2), tri: wp.array(dtype=wp.vec2), st: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    s = wp.rand_init(seed, i)
    ring[i] = wp.sample_unit_ring(s)
    disk[i] = wp.sample_unit_disk(s)
    square[i] = wp.sample_unit_square(s)
    tri[i] = wp.sample_triangle(s)
    st[i] = s


@wp.kernel
def samples3(seed: int, sph_s: wp.array(dtype=wp.vec3), sph: wp.array(dtype=wp.vec3),
             hem_s: wp.array(dtype=wp.vec3), hem: wp.array(dtype=wp.vec3), cube: wp.array(dtype=wp.vec3),
             st: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    s = wp.rand_init(seed, i)
    sph_s[i] = wp.sample_unit_sphere_surface(s)
    sph[i] = wp.sample_unit_sphere(s)
    hem_s[i] = wp.sample_unit_hemisphere_surface(s)
    hem[i] = wp.sample_unit_hemisphere(s)
    cube[i] = wp.sample_unit_cube(s)
    st[i] = s


@wp.kernel
def poisson_draws(seed: int, lam: wp.array(dtype=float), k: wp.array2d(dtype=wp.uint32),
                  st: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    s = wp.rand_init(seed, i)
    for j in range(3):
        k[i, j] = wp.poisson(s, lam[i])
    st[i] = s


EXACT = dict(rtol=0.0, atol=0.0)
TESTS = [
    dict(kernel="samples2", dim=1000, args=dict(seed=3), **EXACT),
    dict(kernel="samples2", dim=1000, args=dict(seed=2024), **EXACT),
    dict(kernel="samples3", dim=1000, args=dict(seed=3), **EXACT),
    dict(kernel="samples3", dim=1000, args=dict(seed=-77), **EXACT),
    dict(kernel="poisson_draws", dim=1000, args=dict(seed=11, lam=("choice", [0.0, 0.5, 3.0, 9.5, 10.0, 25.0, 300.0])),
         shapes=dict(k=(1000, 3)), outputs=["k", "st"]),
    dict(kernel="poisson_draws", dim=1000, args=dict(seed=12, lam=("uniform", 0.0, 60.0)),
         shapes=dict(k=(1000, 3)), outputs=["k", "st"]),
]
