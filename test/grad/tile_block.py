"""The adjoints of wp.tile(x) and wp.untile(t) (scalars, vectors with and
without preserve_type), through tiled launches: on warp-lang's CPU backend,
as in warpc's CPU code, a block is one thread (the tiles' last extent 1)."""
import warp as wp

wp.set_module_options({"block_dim": 8})


@wp.kernel
def block(a: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), y: wp.array(dtype=float),
          w: wp.array(dtype=wp.vec3), s: wp.array(dtype=float)):
    i, lane = wp.tid()
    x = a[i]
    t = wp.tile(x * x)
    y[i] = wp.untile(wp.tile_map(wp.sin, t) * 2.0) + x
    vi = v[i] * x
    tv = wp.tile(vi)  # (3, 1)
    p = wp.tile(vi, preserve_type=True)  # (1,) of vec3
    w[i] = wp.untile(tv * tv) + wp.untile(p) * 3.0
    s[i] = wp.tile_sum(tv)[0] * x


@wp.kernel
def block_f64(a: wp.array(dtype=wp.float64), v: wp.array(dtype=wp.vec3d), y: wp.array(dtype=wp.float64),
              w: wp.array(dtype=wp.vec3d), s: wp.array(dtype=wp.float64)):
    i, lane = wp.tid()
    x = a[i]
    t = wp.tile(x * x)
    y[i] = wp.untile(wp.tile_map(wp.sin, t) * wp.float64(2.0)) + x
    vi = v[i] * x
    tv = wp.tile(vi)
    p = wp.tile(vi, preserve_type=True)
    w[i] = wp.untile(tv * tv) + wp.untile(p) * wp.float64(3.0)
    s[i] = wp.tile_sum(tv)[0] * x


@wp.kernel
def scatter(a: wp.array(dtype=float), b: wp.array(dtype=float), idx: wp.array(dtype=int), y: wp.array2d(dtype=float)):
    i, lane = wp.tid()
    t = wp.tile_load(b, shape=6) * 2.0
    wp.tile_scatter_add(t, idx[i], a[i] * a[i], True)
    wp.tile_scatter_add(t, 5, a[i], i % 2 == 0)
    wp.tile_store(y[i], wp.tile_map(wp.sin, t))
    m = wp.tile_load(b, shape=6) * 3.0
    wp.tile_scatter_masked(m, idx[i] + 1, a[i] * 4.0, True)
    wp.tile_store(y[i], m * m, offset=(6,))


@wp.kernel
def scatter_f64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), idx: wp.array(dtype=int),
                y: wp.array2d(dtype=wp.float64)):
    i, lane = wp.tid()
    t = wp.tile_load(b, shape=6) * wp.float64(2.0)
    wp.tile_scatter_add(t, idx[i], a[i] * a[i], True)
    wp.tile_scatter_add(t, 5, a[i], i % 2 == 0)
    wp.tile_store(y[i], wp.tile_map(wp.sin, t))
    m = wp.tile_load(b, shape=6) * wp.float64(3.0)
    wp.tile_scatter_masked(m, idx[i] + 1, a[i] * wp.float64(4.0), True)
    wp.tile_store(y[i], m * m, offset=(6,))


@wp.kernel
def bcast(a: wp.array(dtype=float), c: wp.array3d(dtype=float), y: wp.array3d(dtype=float)):
    i, lane = wp.tid()
    t = wp.tile_load(a, shape=5)
    tc = wp.tile_load(c, shape=(2, 1, 5))
    r = wp.tile_broadcast(t, shape=(2, 3, 5)) * wp.tile_broadcast(tc, shape=(2, 3, 5))
    wp.tile_store(y, wp.tile_map(wp.sin, r))


@wp.kernel
def bcast_f64(a: wp.array(dtype=wp.float64), c: wp.array3d(dtype=wp.float64), y: wp.array3d(dtype=wp.float64)):
    i, lane = wp.tid()
    t = wp.tile_load(a, shape=5)
    tc = wp.tile_load(c, shape=(2, 1, 5))
    r = wp.tile_broadcast(t, shape=(2, 3, 5)) * wp.tile_broadcast(tc, shape=(2, 3, 5))
    wp.tile_store(y, wp.tile_map(wp.sin, r))


GRAD_TESTS = [
    dict(name="block", kernel="block", dim=5, block_dim=8,
         args=dict(a=("uniform", -1, 1), v=("uniform", -1, 1)),
         shapes=dict(a=(5,), v=(5,), y=(5,), w=(5,), s=(5,)),
         outputs=["y", "w", "s"], inputs=["a", "v"]),
    dict(name="scatter", kernel="scatter", dim=4, block_dim=8,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), idx=("choice", [0, 2, 3])),
         shapes=dict(a=(4,), b=(6,), idx=(4,), y=(4, 12)),
         outputs=["y"], inputs=["a", "b"]),
    # tile_broadcast past 2 dimensions: the gradient sums the copies
    dict(name="bcast", kernel="bcast", dim=1, block_dim=8,
         args=dict(a=("uniform", -1, 1), c=("uniform", -1, 1)),
         shapes=dict(a=(5,), c=(2, 1, 5), y=(2, 3, 5)),
         outputs=["y"], inputs=["a", "c"]),
]
