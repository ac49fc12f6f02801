"""Tile memory adjoints beyond tiles.py: tile_load at offsets into 2-d and
3-d arrays and from strided views (a[:, 1], a[::-1], stores into w[::2]), tile_load_indexed / tile_store_indexed / tile_atomic_add_indexed
(an index of -1 pads: no element, no gradient), tile_atomic_add (its
adjoint adj(t) += a.grad keeps a.grad; the returned old values' gradient
reaches a, which warp-lang 1.19 drops), loads and stores of vector and
matrix tiles, tile_sum along each axis of a 3-d tile, tile_astype between float32 and float64, tile_reshape and
tile_squeeze, tile_dot, tile_axpy and the in-place += / -= of tiles."""
import warp as wp


@wp.kernel
def indexed(a: wp.array2d(dtype=float), idx: wp.array(dtype=int), y: wp.array2d(dtype=float),
            z: wp.array2d(dtype=float)):
    ta = wp.tile_load(a, shape=(3, 4), offset=(1, 2))
    ti = wp.tile_load(idx, shape=3)
    tg = wp.tile_load_indexed(a, ti, shape=(3, 4), offset=(0, 1), axis=0)
    wp.tile_store_indexed(y, ti, ta * tg, axis=0)
    tc = wp.tile_load_indexed(a, ti, shape=(2, 3), offset=(3, 0), axis=1)
    wp.tile_atomic_add_indexed(z, ti, wp.tile_transpose(tc) * 2.0, offset=(1, 0), axis=0)


@wp.kernel
def indexed_f64(a: wp.array2d(dtype=wp.float64), idx: wp.array(dtype=int), y: wp.array2d(dtype=wp.float64),
                z: wp.array2d(dtype=wp.float64)):
    ta = wp.tile_load(a, shape=(3, 4), offset=(1, 2))
    ti = wp.tile_load(idx, shape=3)
    tg = wp.tile_load_indexed(a, ti, shape=(3, 4), offset=(0, 1), axis=0)
    wp.tile_store_indexed(y, ti, ta * tg, axis=0)
    tc = wp.tile_load_indexed(a, ti, shape=(2, 3), offset=(3, 0), axis=1)
    wp.tile_atomic_add_indexed(z, ti, wp.tile_transpose(tc) * wp.float64(2.0), offset=(1, 0), axis=0)


@wp.kernel
def atomic(a: wp.array2d(dtype=float), z: wp.array2d(dtype=float)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(2, 3), offset=(i * 2, 0))
    wp.tile_atomic_add(z, ta * ta, offset=(1, 1))


@wp.kernel
def atomic_f64(a: wp.array2d(dtype=wp.float64), z: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(2, 3), offset=(i * 2, 0))
    wp.tile_atomic_add(z, ta * ta, offset=(1, 1))


# the returned tile holds z's values before the add; used linearly, since
# the backward replay (like a read after a store, README) sees z's values
# after the launch, not these
@wp.kernel
def atomic_old(a: wp.array(dtype=float), z: wp.array(dtype=float), y: wp.array(dtype=float)):
    ta = wp.tile_load(a, shape=5)
    old = wp.tile_atomic_add(z, ta, offset=1)
    wp.tile_store(y, old * 2.0 + ta)


@wp.kernel
def atomic_old_f64(a: wp.array(dtype=wp.float64), z: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    ta = wp.tile_load(a, shape=5)
    old = wp.tile_atomic_add(z, ta, offset=1)
    wp.tile_store(y, old * wp.float64(2.0) + ta)


@wp.kernel
def shapes(a: wp.array3d(dtype=float), v: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat22),
           y: wp.array2d(dtype=float), w: wp.array(dtype=wp.vec3), q: wp.array(dtype=wp.mat22),
           s: wp.array(dtype=float)):
    t3 = wp.tile_load(a, shape=(1, 2, 6), offset=(1, 0, 0))
    t2 = wp.tile_squeeze(t3)
    r = wp.tile_reshape(t2, shape=(3, 4))
    wp.tile_store(y, r * r)
    tv = wp.tile_load(v, shape=4, offset=1)
    wp.tile_store(w, tv * wp.tile_load(a[0, 0], shape=4))
    tm = wp.tile_load(m, shape=3)
    wp.tile_store(q, tm * 2.0 + tm)
    wp.tile_store(s, wp.tile_dot(wp.tile_squeeze(wp.tile_reshape(t2, shape=(1, 12))), wp.tile_load(a[1, 1], shape=12, offset=0)))


@wp.kernel
def shapes_f64(a: wp.array3d(dtype=wp.float64), v: wp.array(dtype=wp.vec3d), m: wp.array(dtype=wp.mat22d),
               y: wp.array2d(dtype=wp.float64), w: wp.array(dtype=wp.vec3d), q: wp.array(dtype=wp.mat22d),
               s: wp.array(dtype=wp.float64)):
    t3 = wp.tile_load(a, shape=(1, 2, 6), offset=(1, 0, 0))
    t2 = wp.tile_squeeze(t3)
    r = wp.tile_reshape(t2, shape=(3, 4))
    wp.tile_store(y, r * r)
    tv = wp.tile_load(v, shape=4, offset=1)
    wp.tile_store(w, tv * wp.tile_load(a[0, 0], shape=4))
    tm = wp.tile_load(m, shape=3)
    wp.tile_store(q, tm * wp.float64(2.0) + tm)
    wp.tile_store(s, wp.tile_dot(wp.tile_squeeze(wp.tile_reshape(t2, shape=(1, 12))), wp.tile_load(a[1, 1], shape=12, offset=0)))


@wp.kernel
def mixed(a: wp.array(dtype=float), b: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
          u: wp.array(dtype=float)):
    ta = wp.tile_load(a, shape=6)
    tb = wp.tile_load(b, shape=6)
    wp.tile_store(y, wp.tile_astype(ta, wp.float64) * tb)
    acc = wp.tile_astype(tb, float) * ta
    acc += ta
    acc -= wp.tile_astype(tb, float) * 3.0
    wp.tile_axpy(0.5, ta * ta, acc)
    wp.tile_store(u, acc)


@wp.kernel
def mixed_f64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
              u: wp.array(dtype=wp.float64)):
    ta = wp.tile_load(a, shape=6)
    tb = wp.tile_load(b, shape=6)
    wp.tile_store(y, wp.tile_astype(ta, wp.float64) * tb)
    acc = wp.tile_astype(tb, wp.float64) * ta
    acc += ta
    acc -= wp.tile_astype(tb, wp.float64) * wp.float64(3.0)
    wp.tile_axpy(wp.float64(0.5), ta * ta, acc)
    wp.tile_store(u, acc)


@wp.kernel
def sum3(a: wp.array3d(dtype=float), v: wp.array3d(dtype=wp.vec2), y0: wp.array2d(dtype=float),
         y1: wp.array2d(dtype=float), y2: wp.array2d(dtype=float), w: wp.array2d(dtype=wp.vec2)):
    t = wp.tile_load(a, shape=(2, 3, 4))
    wp.tile_store(y0, wp.tile_sum(t * t, axis=0))
    wp.tile_store(y1, wp.tile_sum(t, axis=1))
    wp.tile_store(y2, wp.tile_sum(t * 3.0, axis=2))
    wp.tile_store(w, wp.tile_sum(wp.tile_load(v, shape=(2, 3, 4)), axis=1))


@wp.kernel
def sum3_f64(a: wp.array3d(dtype=wp.float64), v: wp.array3d(dtype=wp.vec2d), y0: wp.array2d(dtype=wp.float64),
             y1: wp.array2d(dtype=wp.float64), y2: wp.array2d(dtype=wp.float64), w: wp.array2d(dtype=wp.vec2d)):
    t = wp.tile_load(a, shape=(2, 3, 4))
    wp.tile_store(y0, wp.tile_sum(t * t, axis=0))
    wp.tile_store(y1, wp.tile_sum(t, axis=1))
    wp.tile_store(y2, wp.tile_sum(t * wp.float64(3.0), axis=2))
    wp.tile_store(w, wp.tile_sum(wp.tile_load(v, shape=(2, 3, 4)), axis=1))


@wp.kernel
def extract(a: wp.array3d(dtype=float), v: wp.array2d(dtype=wp.vec3), e: wp.array(dtype=float)):
    t3 = wp.tile_load(a, shape=(2, 3, 4))
    t4 = wp.tile_reshape(t3 * t3, shape=(2, 3, 2, 2))
    tv = wp.tile_load(v, shape=(2, 3))
    e[0] = t3[1, 2, 3] * t4[0, 1, 1, 0] + tv[1, 2][0] * tv[0, 1].y + wp.tile_extract(t3, 0, 0, 1)


@wp.kernel
def extract_f64(a: wp.array3d(dtype=wp.float64), v: wp.array2d(dtype=wp.vec3d), e: wp.array(dtype=wp.float64)):
    t3 = wp.tile_load(a, shape=(2, 3, 4))
    t4 = wp.tile_reshape(t3 * t3, shape=(2, 3, 2, 2))
    tv = wp.tile_load(v, shape=(2, 3))
    e[0] = t3[1, 2, 3] * t4[0, 1, 1, 0] + tv[1, 2][0] * tv[0, 1].y + wp.tile_extract(t3, 0, 0, 1)


# tiles of strided views: a column, a reversed array, every other row
@wp.kernel
def strided(a: wp.array2d(dtype=float), y: wp.array2d(dtype=float), w: wp.array2d(dtype=float),
            z: wp.array2d(dtype=float)):
    tc = wp.tile_load(a[:, 1], shape=5)
    tr = wp.tile_load(a[::-1], shape=(2, 3), offset=(1, 0))
    wp.tile_store(y[:, 2], tc * tc)
    wp.tile_store(w[::2], tr * 2.0)
    wp.tile_atomic_add(z[:, 0], tc)


@wp.kernel
def strided_f64(a: wp.array2d(dtype=wp.float64), y: wp.array2d(dtype=wp.float64), w: wp.array2d(dtype=wp.float64),
                z: wp.array2d(dtype=wp.float64)):
    tc = wp.tile_load(a[:, 1], shape=5)
    tr = wp.tile_load(a[::-1], shape=(2, 3), offset=(1, 0))
    wp.tile_store(y[:, 2], tc * tc)
    wp.tile_store(w[::2], tr * wp.float64(2.0))
    wp.tile_atomic_add(z[:, 0], tc)


U = ("uniform", -1, 1)
GRAD_TESTS = [
    # rows 4, -1 (padding: no element) and 1 of a; distinct rows of y
    dict(name="indexed", kernel="indexed", dim=1, block_dim=8,
         args=dict(a=U, idx=("values", [4, -1, 1]), y=U, z=U),
         shapes=dict(a=(6, 7), idx=(3,), y=(6, 4), z=(6, 2)), outputs=["y", "z"], inputs=["a", "y", "z"]),
    # two blocks add into overlapping parts of z
    dict(name="atomic", kernel="atomic", dim=2, block_dim=8, args=dict(a=U, z=U),
         shapes=dict(a=(4, 3), z=(3, 4)), outputs=["z"], inputs=["a", "z"]),
    dict(name="atomic_old", kernel="atomic_old", dim=1, block_dim=8, args=dict(a=U, z=U),
         shapes=dict(a=(5,), z=(5,), y=(5,)), outputs=["y", "z"], inputs=["a", "z"], warp_wrong=["z"],
         note="warp-lang 1.19 gives tile_atomic_add's returned old values no gradient (z.grad misses 2 seed_y)"),
    dict(name="shapes", kernel="shapes", dim=1, block_dim=8, args=dict(a=U, v=U, m=U),
         shapes=dict(a=(2, 2, 12), v=(5,), m=(3,), y=(3, 4), w=(4,), q=(3,), s=(1,)),
         outputs=["y", "w", "q", "s"], inputs=["a", "v", "m"]),
    dict(name="mixed", kernel="mixed", dim=1, block_dim=8, args=dict(a=U, b=U),
         shapes=dict(a=(6,), b=(6,), y=(6,), u=(6,)), outputs=["y", "u"], inputs=["a", "b"]),
    # tile_sum along each axis of a 3-d tile (the adjoint: g with the axis
    # back as extent 1, broadcast)
    dict(name="sum3", kernel="sum3", dim=1, block_dim=8, args=dict(a=U, v=U),
         shapes=dict(a=(2, 3, 4), v=(2, 3, 4), y0=(3, 4), y1=(2, 4), y2=(2, 3), w=(2, 4)),
         outputs=["y0", "y1", "y2", "w"], inputs=["a", "v"]),
    dict(name="strided", kernel="strided", dim=1, block_dim=8, args=dict(a=U, z=U),
         shapes=dict(a=(5, 3), y=(5, 4), w=(4, 3), z=(5, 2)), outputs=["y", "w", "z"], inputs=["a", "z"]),
    # elements of 3-d and 4-d tiles, components of vector elements
    dict(name="extract", kernel="extract", dim=1, block_dim=8, args=dict(a=U, v=U),
         shapes=dict(a=(2, 3, 4), v=(2, 3), e=(1,)), outputs=["e"], inputs=["a", "v"]),
]
