"""Random sampling per thread: rand_init(seed, offset), randf over
ranges, randi over ranges, randu, randn, poisson, and the geometric
samplers (unit sphere / hemisphere / disk / ring / square / cube /
triangle), each thread drawing from its own stream."""
import warp as wp


@wp.kernel
def draws(seed: int, f: wp.array2d(dtype=float), ints: wp.array2d(dtype=int), us: wp.array(dtype=wp.uint32),
          pois: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    s = wp.rand_init(seed, i)
    f[i, 0] = wp.randf(s)
    f[i, 1] = wp.randf(s, -2.0, 3.0)
    f[i, 2] = wp.randn(s)
    ints[i, 0] = wp.randi(s)
    ints[i, 1] = wp.randi(s, -10, 10)
    us[i] = wp.randu(s, wp.uint32(5), wp.uint32(500)) + wp.randu(s) % wp.uint32(3)
    pois[i] = wp.poisson(s, 3.5)


@wp.kernel
def geometric(seed: int, v3: wp.array2d(dtype=wp.vec3), v2: wp.array2d(dtype=wp.vec2)):
    i = wp.tid()
    s = wp.rand_init(seed + i * 7)
    v3[i, 0] = wp.sample_unit_sphere(s)
    v3[i, 1] = wp.sample_unit_sphere_surface(s)
    v3[i, 2] = wp.sample_unit_hemisphere(s)
    v3[i, 3] = wp.sample_unit_hemisphere_surface(s)
    v3[i, 4] = wp.sample_unit_cube(s)
    v2[i, 0] = wp.sample_unit_disk(s)
    v2[i, 1] = wp.sample_unit_ring(s)
    v2[i, 2] = wp.sample_unit_square(s)
    v2[i, 3] = wp.sample_triangle(s)


TESTS = [
    dict(kernel="draws", dim=1000, args=dict(seed=1234), shapes=dict(f=(1000, 3), ints=(1000, 2)),
         rtol=1e-5, atol=1e-6),
    dict(kernel="geometric", dim=500, args=dict(seed=99), shapes=dict(v3=(500, 5), v2=(500, 4)),
         rtol=1e-5, atol=1e-6),
]
