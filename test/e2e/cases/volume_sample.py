"""wp.Volume sampling on the float grids of warp-lang's test assets
(test_grid: a 21^3 block of voxels around the origin in 8 leaves per
upper node; torus: a translated level set): CLOSEST and LINEAR samples of
points inside, outside (the background) and on voxel boundaries (integer
and half-integer coordinates: CLOSEST rounds halves away from zero, as
both do), the generic dtype= form, the gradient form, lookups, and the
index <-> world transforms (vec3f and vec3d, positions and directions); the
sampling modes also as module constants."""
import warp as wp


@wp.kernel
def sample_points(v: wp.uint64, pts: wp.array(dtype=wp.vec3), closest: wp.array(dtype=float),
                  linear: wp.array(dtype=float), generic: wp.array(dtype=float),
                  gval: wp.array(dtype=float), grad: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    p = pts[i]
    closest[i] = wp.volume_sample_f(v, p, wp.Volume.CLOSEST)
    linear[i] = wp.volume_sample_f(v, p, wp.Volume.LINEAR)
    generic[i] = wp.volume_sample(v, p, wp.Volume.LINEAR, dtype=wp.float32) - wp.volume_sample(
        v, sampling_mode=wp.Volume.CLOSEST, uvw=p, dtype=float)
    g = wp.vec3()
    gval[i] = wp.volume_sample_grad_f(v, p, wp.Volume.LINEAR, g)
    grad[i] = g


# the sampling modes as module constants (Python ints in warp-lang)
LIN = wp.Volume.LINEAR
CLOSE = wp.constant(wp.Volume.CLOSEST)


@wp.kernel
def sample_boundaries(v: wp.uint64, closest: wp.array(dtype=float), linear: wp.array(dtype=float),
                      lookup: wp.array(dtype=float), generic: wp.array(dtype=float)):
    # coordinates k / 2 - 13 for k = 0..52 along a diagonal-ish walk: every
    # integer and half-integer from -13 to 13, in and out of the block
    i = wp.tid()
    a = float(i % 53) * 0.5 - 13.0
    b = float((i * 7) % 53) * 0.5 - 13.0
    c = float((i * 11) % 53) * 0.5 - 13.0
    p = wp.vec3(a, b, c)
    closest[i] = wp.volume_sample_f(v, p, CLOSE)
    linear[i] = wp.volume_sample_f(v, p, LIN)
    lookup[i] = wp.volume_lookup_f(v, int(a), int(b), int(c))
    generic[i] = wp.volume_lookup(v, int(b), int(c), int(a), dtype=float)


@wp.kernel
def transforms(v: wp.uint64, pts: wp.array(dtype=wp.vec3), i2w: wp.array(dtype=wp.vec3),
               w2i: wp.array(dtype=wp.vec3), i2w_dir: wp.array(dtype=wp.vec3),
               w2i_dir: wp.array(dtype=wp.vec3), i2w_d: wp.array(dtype=wp.vec3d),
               w2i_d: wp.array(dtype=wp.vec3d), world: wp.array(dtype=float)):
    i = wp.tid()
    p = pts[i]
    i2w[i] = wp.volume_index_to_world(v, p)
    w2i[i] = wp.volume_world_to_index(v, p)
    i2w_dir[i] = wp.volume_index_to_world_dir(v, p)
    w2i_dir[i] = wp.volume_world_to_index_dir(v, p)
    pd = wp.vec3d(wp.float64(p[0]), wp.float64(p[1]), wp.float64(p[2]))
    i2w_d[i] = wp.volume_index_to_world(v, pd)
    w2i_d[i] = wp.volume_world_to_index_dir(v, pd)
    # a world-space sample, as users write it
    world[i] = wp.volume_sample_f(v, wp.volume_world_to_index(v, p), wp.Volume.LINEAR)


@wp.kernel
def voxel_count(v: wp.uint64, n: wp.array(dtype=int), idx: wp.array(dtype=int)):
    i = wp.tid()
    n[i] = wp.volume_voxel_count(v)
    idx[i] = wp.volume_lookup_index(v, i - 12, (i * 3) % 25 - 12, 4)


GRID = ("object", "volume", dict(asset="test_grid"))
TORUS = ("object", "volume", dict(asset="torus"))
TOL = dict(rtol=1e-5, atol=1e-6)
TESTS = [
    dict(kernel="sample_points", dim=2000, args=dict(v=GRID, pts=("uniform", -14.0, 14.0)),
         outputs=["closest", "linear", "generic", "gval", "grad"], **TOL),
    dict(kernel="sample_points", dim=500, args=dict(v=GRID, pts=("uniform", -200.0, 5000.0)),
         outputs=["closest", "linear", "generic", "gval", "grad"], **TOL),
    dict(kernel="sample_points", dim=2000, args=dict(v=TORUS, pts=("uniform", -110.0, 110.0)),
         outputs=["closest", "linear", "generic", "gval", "grad"], **TOL),
    dict(kernel="sample_boundaries", dim=53 * 8, args=dict(v=GRID), **TOL),
    dict(kernel="sample_boundaries", dim=53 * 8, args=dict(v=TORUS), **TOL),
    dict(kernel="transforms", dim=500, args=dict(v=TORUS, pts=("uniform", -20.0, 20.0)),
         outputs=["i2w", "w2i", "i2w_dir", "w2i_dir", "i2w_d", "w2i_d", "world"], **TOL),
    dict(kernel="transforms", dim=200, args=dict(v=GRID, pts=("uniform", -5.0, 5.0)),
         outputs=["i2w", "w2i", "i2w_dir", "w2i_dir", "i2w_d", "w2i_d", "world"], **TOL),
    dict(kernel="voxel_count", dim=25, args=dict(v=GRID), outputs=["n", "idx"]),
    dict(kernel="voxel_count", dim=25, args=dict(v=TORUS), outputs=["n", "idx"]),
]
