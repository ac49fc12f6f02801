"""Tiles: element-wise operators and tile_map (builtins), the reductions
(tile_sum with and without an axis, tile_min / tile_max, tile_argmin /
tile_argmax, tile_reduce), tile_transpose, tile_broadcast and element
access (t[i], t[i, j], tile_extract), against warp-lang's wp.launch_tiled."""
import warp as wp

M = 4
N = 8


@wp.kernel
def elementwise(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), s: float, out: wp.array4d(dtype=float)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(M, N), offset=(i * M, 0))
    tb = wp.tile_load(b, shape=(M, N), offset=(i * M, 0))
    wp.tile_store(out[i, 0], ta + tb)
    wp.tile_store(out[i, 1], ta - tb)
    wp.tile_store(out[i, 2], ta * tb)
    wp.tile_store(out[i, 3], ta / (tb + wp.tile_full(shape=(M, N), value=3.0, dtype=float)))
    wp.tile_store(out[i, 4], ta * s)
    wp.tile_store(out[i, 5], 2.0 * ta)
    wp.tile_store(out[i, 6], -ta)
    wp.tile_store(out[i, 7], wp.tile_map(wp.sin, ta))
    wp.tile_store(out[i, 8], wp.tile_map(wp.max, ta, tb))
    wp.tile_store(out[i, 9], ta / s)


@wp.kernel
def reductions(a: wp.array2d(dtype=float), sums: wp.array2d(dtype=float), ext: wp.array2d(dtype=float),
               args: wp.array2d(dtype=int), rows: wp.array2d(dtype=float), cols: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(M, N), offset=(i * M, 0))
    wp.tile_store(sums[i], wp.tile_sum(t))
    wp.tile_store(ext[i], wp.tile_min(t), offset=0)
    wp.tile_store(ext[i], wp.tile_max(t), offset=1)
    wp.tile_store(ext[i], wp.tile_reduce(wp.mul, t), offset=2)
    wp.tile_store(ext[i], wp.tile_reduce(wp.max, t), offset=3)
    wp.tile_store(args[i], wp.tile_argmin(t), offset=0)
    wp.tile_store(args[i], wp.tile_argmax(t), offset=1)
    wp.tile_store(rows[i], wp.tile_sum(t, axis=1))
    wp.tile_store(cols[i], wp.tile_sum(t, axis=0))


@wp.kernel
def reductions_int(a: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    t = wp.tile_load(a, shape=N, offset=i * N)
    s = wp.tile_sum(t)
    out[i * 3 + 0] = s[0]
    out[i * 3 + 1] = wp.tile_min(t)[0]
    out[i * 3 + 2] = wp.tile_reduce(wp.add, t)[0]


@wp.kernel
def shapes(a: wp.array2d(dtype=float), row: wp.array(dtype=float), tr: wp.array2d(dtype=float),
           bc: wp.array2d(dtype=float), el: wp.array(dtype=float)):
    i, lane = wp.tid()
    t = wp.tile_load(a, shape=(M, N))
    wp.tile_store(tr, wp.tile_transpose(t))
    r = wp.tile_load(row, shape=N)
    wp.tile_store(bc, wp.tile_broadcast(r, shape=(M, N)) + t)
    el[0] = t[1, 2]
    el[1] = wp.tile_extract(t, 3, 7)
    el[2] = r[5]
    el[3] = wp.tile_extract(r, 0)


@wp.kernel
def vec_tiles(v: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3), s: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    t = wp.tile_load(v, shape=N)
    u = t * 2.0 + t
    wp.tile_store(out, u)
    wp.tile_store(s, wp.tile_sum(u))


TESTS = [
    dict(name="elementwise", kernel="elementwise", dim=2, block_dim=32,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), s=0.75),
         shapes=dict(a=(2 * M, N), b=(2 * M, N), out=(2, 10, M, N)), outputs=["out"]),
    dict(name="reductions", kernel="reductions", dim=3, block_dim=16,
         args=dict(a=("uniform", -1, 1)),
         shapes=dict(a=(3 * M, N), sums=(3, 1), ext=(3, 4), args=(3, 2), rows=(3, M), cols=(3, N)),
         outputs=["sums", "ext", "args", "rows", "cols"]),
    dict(name="reductions_int", kernel="reductions_int", dim=2, block_dim=8,
         args=dict(a=("int", -100, 100)), shapes=dict(a=(2 * N,), out=(6,)), outputs=["out"]),
    dict(name="shapes", kernel="shapes", dim=1, block_dim=8,
         args=dict(a=("uniform", -1, 1), row=("uniform", -1, 1)),
         shapes=dict(a=(M, N), row=(N,), tr=(N, M), bc=(M, N), el=(4,)), outputs=["tr", "bc", "el"]),
    dict(name="vec_tiles", kernel="vec_tiles", dim=1, block_dim=8,
         args=dict(v=("uniform", -1, 1)), shapes=dict(v=(N,), out=(N,), s=(1,)), outputs=["out", "s"]),
]


@wp.kernel
def axis_nd(a: wp.array3d(dtype=float), s0: wp.array2d(dtype=float), s1: wp.array2d(dtype=float),
            s2: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(2, 3, 4))
    wp.tile_store(s0, wp.tile_sum(t, axis=0))
    wp.tile_store(s1, wp.tile_reduce(wp.max, t, axis=1))
    wp.tile_store(s2, wp.tile_sum(t, axis=2))


TESTS.append(dict(name="axis_nd", kernel="axis_nd", dim=1, block_dim=8, args=dict(a=("uniform", -1, 1)),
                  shapes=dict(a=(2, 3, 4), s0=(3, 4), s1=(2, 4), s2=(2, 3)), outputs=["s0", "s1", "s2"]))
