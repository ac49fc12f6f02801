"""Tiles: construction, tile_load / tile_store (1-D and 2-D, offsets, the
out-of-bounds elements Warp zeroes on load and skips on store) and
tile_atomic_add, launched with wp.launch_tiled."""
import warp as wp

TM = 4
TN = 8


@wp.kernel
def copy1d(a: wp.array(dtype=float), b: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=TN, offset=i * TN)
    wp.tile_store(b, t, offset=i * TN)


@wp.kernel
def copy2d(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float)):
    i, j, lane = wp.tid()
    t = wp.tile_load(a, shape=(TM, TN), offset=(i * TM, j * TN))
    wp.tile_store(b, t, offset=(i * TM, j * TN))


@wp.kernel
def make(out: wp.array2d(dtype=float), iout: wp.array2d(dtype=int), v3: wp.array2d(dtype=wp.vec3)):
    i = wp.tid()
    z = wp.tile_zeros(shape=TN, dtype=float)
    o = wp.tile_ones(shape=TN, dtype=float)
    f = wp.tile_full(shape=TN, value=2.5, dtype=float)
    r = wp.tile_arange(TN, dtype=float)
    wp.tile_store(out[0], z + o)
    wp.tile_store(out[1], f)
    wp.tile_store(out[2], r)
    wp.tile_store(out[3], wp.tile_arange(1.0, 5.0, 0.5, dtype=float))
    wp.tile_store(iout[0], wp.tile_arange(2, 18, 2, dtype=int))
    wp.tile_store(iout[1], wp.tile_ones(shape=TN, dtype=int))
    wp.tile_store(v3[0], wp.tile_full(shape=TN, value=wp.vec3(1.0, 2.0, 3.0), dtype=wp.vec3))
    wp.tile_store(v3[1], wp.tile_ones(shape=TN, dtype=wp.vec3))


@wp.kernel
def accumulate(a: wp.array2d(dtype=float), acc: wp.array(dtype=float), old: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a[i], shape=TN)
    o = wp.tile_atomic_add(acc, t)
    wp.tile_store(old[i], o)


TESTS = [
    # 21 elements: the last tile reads 3 past the end (zeros) and stores none
    dict(name="copy1d", kernel="copy1d", dim=3, block_dim=16,
         args=dict(a=("uniform", -1, 1), b=("uniform", 5, 6)), shapes=dict(a=(21,), b=(21,)), outputs=["b"]),
    dict(name="copy2d_edges", kernel="copy2d", dim=(2, 2), block_dim=8,
         args=dict(a=("uniform", -1, 1), b=("uniform", 5, 6)), shapes=dict(a=(7, 13), b=(6, 14)), outputs=["b"]),
    dict(name="make", kernel="make", dim=1, block_dim=32, shapes=dict(out=(4, TN), iout=(2, TN), v3=(2, TN)),
         outputs=["out", "iout", "v3"]),
    # a sequential atomic sum of the tiles of 3 blocks, then their old values in one launch of 1 block
    dict(name="atomic_add_sum", kernel="accumulate", dim=1, block_dim=4,
         args=dict(a=("uniform", -1, 1)), shapes=dict(a=(1, TN), acc=(TN,), old=(1, TN)), outputs=["acc", "old"]),
    dict(name="atomic_add_blocks", kernel="accumulate", dim=3, block_dim=4,
         args=dict(a=("int", -5, 5)), shapes=dict(a=(3, TN), acc=(TN,), old=(3, TN)), outputs=["acc"]),
]


@wp.kernel
def nd(a: wp.array3d(dtype=float), b: wp.array4d(dtype=float), c: wp.array3d(dtype=float),
       d: wp.array4d(dtype=float), flat: wp.array2d(dtype=float), s: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(2, 3, 4), offset=(i * 2, 1, 0))
    u = wp.tile_load(b, shape=(2, 2, 2, 3), offset=(0, i, 0, 1))
    t[1, 2, 3] = 7.0
    wp.tile_store(c, t * 2.0 + t, offset=(i * 2, 0, 1))
    wp.tile_store(d, -u, offset=(0, i * 2, 0, 0))
    wp.tile_store(flat, wp.tile_reshape(t, shape=(6, 4)), offset=(i * 6, 0))
    s[i * 3 + 0] = wp.tile_sum(t)[0]
    s[i * 3 + 1] = t[1, 0, 2] + u[1, 1, 0, 2]
    s[i * 3 + 2] = wp.tile_max(u)[0]
    one = wp.tile_load(a, shape=(1, 3, 1), offset=(i, 0, 2))
    wp.tile_store(flat[12 + i], wp.tile_squeeze(one))


TESTS.append(dict(name="nd", kernel="nd", dim=2, block_dim=8,
                  args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)),
                  shapes=dict(a=(5, 4, 4), b=(2, 3, 2, 4), c=(4, 3, 5), d=(2, 4, 2, 3), flat=(14, 4), s=(6,)),
                  outputs=["c", "d", "flat", "s"]))


@wp.kernel
def indexed(a: wp.array2d(dtype=float), rows: wp.array(dtype=int), cols: wp.array(dtype=int),
            g: wp.array2d(dtype=float), s: wp.array2d(dtype=float), acc: wp.array2d(dtype=float),
            old: wp.array2d(dtype=float)):
    i = wp.tid()
    r = wp.tile_load(rows, shape=4)
    c = wp.tile_load(cols, shape=3)
    t = wp.tile_load_indexed(a, indices=r, shape=(4, 5), offset=(0, 1), axis=0)
    wp.tile_store(g, t)
    u = wp.tile_load_indexed(a, indices=c, shape=(2, 3), offset=(1, 0), axis=1)
    wp.tile_store_indexed(s, indices=r, t=t, offset=(0, 0), axis=0)
    o = wp.tile_atomic_add_indexed(acc, c, u, offset=(2, 0), axis=1)
    wp.tile_store(old, o)


# indices past either end (-1, 9) read zeros and are skipped on stores
TESTS.append(dict(name="indexed", kernel="indexed", dim=1, block_dim=8,
                  args=dict(a=("uniform", -1, 1), rows=[3, -1, 0, 5], cols=[4, 9, 1], acc=("uniform", -1, 1)),
                  shapes=dict(a=(6, 7), rows=(4,), cols=(3,), g=(4, 5), s=(6, 5), acc=(4, 6), old=(2, 3)),
                  outputs=["g", "s", "acc", "old"]))
