"""Tile adjoints: tile_load / tile_store, the element-wise operators (tiles
and a value beside them), tile_full, tile_sum, tile_transpose, element
access, tile_matmul and its accumulating form, through tiled launches
(warp-lang's wp.launch_tiled and warpc's _tiled / _backward_tiled
launchers)."""
import warp as wp

M = 4
N = 6


@wp.kernel
def elementwise(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), s: wp.array(dtype=float),
                y: wp.array2d(dtype=float), tot: wp.array(dtype=float), at: wp.array2d(dtype=float),
                e: wp.array(dtype=float)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(M, N), offset=(i * M, 0))
    tb = wp.tile_load(b, shape=(M, N), offset=(i * M, 0))
    k = s[i]
    d = ta * ta + wp.tile_full(shape=(M, N), value=2.0, dtype=float)
    r = ta * tb - tb / d + ta * k - (-tb) + 0.5 * ta / k
    wp.tile_store(y, r, offset=(i * M, 0))
    wp.tile_store(tot, wp.tile_sum(r * tb), offset=i)
    wp.tile_store(at, wp.tile_transpose(ta + tb), offset=(0, i * M))
    e[i] = ta[1, 2] * tb[3, 0] + wp.tile_full(shape=3, value=k, dtype=float)[1]


@wp.kernel
def elementwise_f64(a: wp.array2d(dtype=wp.float64), b: wp.array2d(dtype=wp.float64), s: wp.array(dtype=wp.float64),
                    y: wp.array2d(dtype=wp.float64), tot: wp.array(dtype=wp.float64), at: wp.array2d(dtype=wp.float64),
                    e: wp.array(dtype=wp.float64)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(M, N), offset=(i * M, 0))
    tb = wp.tile_load(b, shape=(M, N), offset=(i * M, 0))
    k = s[i]
    d = ta * ta + wp.tile_full(shape=(M, N), value=wp.float64(2.0), dtype=wp.float64)
    r = ta * tb - tb / d + ta * k - (-tb) + wp.float64(0.5) * ta / k
    wp.tile_store(y, r, offset=(i * M, 0))
    wp.tile_store(tot, wp.tile_sum(r * tb), offset=i)
    wp.tile_store(at, wp.tile_transpose(ta + tb), offset=(0, i * M))
    e[i] = ta[1, 2] * tb[3, 0] + wp.tile_full(shape=3, value=k, dtype=wp.float64)[1]


@wp.kernel
def matmul(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c0: wp.array2d(dtype=float),
           c: wp.array2d(dtype=float)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(M, 3))
    tb = wp.tile_load(b, shape=(3, N))
    wp.tile_store(c, wp.tile_matmul(ta, tb, alpha=1.5))
    acc = wp.tile_load(c0, shape=(M, N))
    wp.tile_matmul(ta, tb, acc, alpha=0.5, beta=2.0)
    wp.tile_store(c, acc, offset=(M, 0))


@wp.kernel
def matmul_f64(a: wp.array2d(dtype=wp.float64), b: wp.array2d(dtype=wp.float64), c0: wp.array2d(dtype=wp.float64),
               c: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(M, 3))
    tb = wp.tile_load(b, shape=(3, N))
    wp.tile_store(c, wp.tile_matmul(ta, tb, alpha=wp.float64(1.5)))
    acc = wp.tile_load(c0, shape=(M, N))
    wp.tile_matmul(ta, tb, acc, alpha=wp.float64(0.5), beta=wp.float64(2.0))
    wp.tile_store(c, acc, offset=(M, 0))


@wp.kernel
def maps(a: wp.array(dtype=float), b: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), y: wp.array2d(dtype=float),
         w: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=N)
    tb = wp.tile_load(b, shape=N)
    wp.tile_store(y[0], wp.tile_map(wp.sin, ta))
    wp.tile_store(y[1], wp.tile_map(wp.mul, ta, tb))
    wp.tile_store(y[2], wp.tile_map(wp.atan2, ta, tb))
    wp.tile_store(y[3], wp.tile_map(wp.exp, ta) * 2.0)
    tv = wp.tile_load(v, shape=N)
    wp.tile_store(y[4], wp.tile_map(wp.length, tv))
    wp.tile_store(w, tv * ta[0] + wp.tile_map(wp.normalize, tv))


@wp.kernel
def maps_f64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), v: wp.array(dtype=wp.vec3d),
             y: wp.array2d(dtype=wp.float64), w: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=N)
    tb = wp.tile_load(b, shape=N)
    wp.tile_store(y[0], wp.tile_map(wp.sin, ta))
    wp.tile_store(y[1], wp.tile_map(wp.mul, ta, tb))
    wp.tile_store(y[2], wp.tile_map(wp.atan2, ta, tb))
    wp.tile_store(y[3], wp.tile_map(wp.exp, ta) * wp.float64(2.0))
    tv = wp.tile_load(v, shape=N)
    wp.tile_store(y[4], wp.tile_map(wp.length, tv))
    wp.tile_store(w, tv * ta[0] + wp.tile_map(wp.normalize, tv))


@wp.kernel
def reduce_bcast(a: wp.array2d(dtype=float), bias: wp.array(dtype=float), col: wp.array2d(dtype=float),
                 y: wp.array2d(dtype=float), r: wp.array2d(dtype=float), m: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(M, N))
    bb = wp.tile_broadcast(wp.tile_load(bias, shape=N), shape=(M, N))
    cb = wp.tile_broadcast(wp.tile_load(col, shape=(M, 1)), shape=(M, N))
    u = t * bb + cb
    wp.tile_store(y, u)
    wp.tile_store(r[0], wp.tile_sum(u, axis=0))
    wp.tile_store(r[1, :M], wp.tile_sum(u * t, axis=1))
    m[0] = wp.tile_min(t)[0] + 2.0 * wp.tile_max(u)[0]


@wp.kernel
def reduce_bcast_f64(a: wp.array2d(dtype=wp.float64), bias: wp.array(dtype=wp.float64),
                     col: wp.array2d(dtype=wp.float64), y: wp.array2d(dtype=wp.float64),
                     r: wp.array2d(dtype=wp.float64), m: wp.array(dtype=wp.float64)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(M, N))
    bb = wp.tile_broadcast(wp.tile_load(bias, shape=N), shape=(M, N))
    cb = wp.tile_broadcast(wp.tile_load(col, shape=(M, 1)), shape=(M, N))
    u = t * bb + cb
    wp.tile_store(y, u)
    wp.tile_store(r[0], wp.tile_sum(u, axis=0))
    wp.tile_store(r[1, :M], wp.tile_sum(u * t, axis=1))
    m[0] = wp.tile_min(t)[0] + wp.float64(2.0) * wp.tile_max(u)[0]


GRAD_TESTS = [
    dict(name="elementwise", kernel="elementwise", dim=2, block_dim=16,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), s=("choice", [-1.5, 0.75, 2.0])),
         shapes=dict(a=(2 * M, N), b=(2 * M, N), s=(2,), y=(2 * M, N), tot=(2,), at=(N, 2 * M), e=(2,)),
         outputs=["y", "tot", "at", "e"], inputs=["a", "b", "s"], warp_wrong=["s"],
         note="warp-lang 1.19 gives tile_full's value no gradient (0 for s through tile_full(value=k)); "
              "warpc's is the derivative (FD)"),
    # the tile reaches past the arrays' edges: those elements get no gradient
    dict(name="edges", kernel="elementwise", dim=2, block_dim=8,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), s=("choice", [-1.5, 0.75, 2.0])),
         shapes=dict(a=(7, 5), b=(2 * M, N), s=(2,), y=(6, N), tot=(2,), at=(N, 2 * M), e=(2,)),
         outputs=["y", "tot", "at", "e"], inputs=["a", "b", "s"], warp_wrong=["s"]),
    dict(name="matmul", kernel="matmul", dim=1, block_dim=16,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), c0=("uniform", -1, 1)),
         shapes=dict(a=(M, 3), b=(3, N), c0=(M, N), c=(2 * M, N)), outputs=["c"], inputs=["a", "b", "c0"]),
    dict(name="maps", kernel="maps", dim=1, block_dim=4,
         args=dict(a=("uniform", -1, 1), b=("uniform", 0.5, 1.5), v=("uniform", 0.5, 1)),
         shapes=dict(a=(N,), b=(N,), v=(N,), y=(5, N), w=(N,)), outputs=["y", "w"], inputs=["a", "b", "v"]),
    # distinct values: one minimum and one maximum (no ties, no kinks)
    dict(name="reduce_bcast", kernel="reduce_bcast", dim=1, block_dim=8,
         args=dict(a=("uniform", -1, 1), bias=("uniform", 0.5, 1.5), col=("uniform", -1, 1)),
         shapes=dict(a=(M, N), bias=(N,), col=(M, 1), y=(M, N), r=(2, N), m=(1,)),
         outputs=["y", "r"], inputs=["a", "bias", "col"]),
    # the gradient of tile_min / tile_max goes to the extreme element;
    # warp-lang 1.19's CPU tape gives none
    dict(name="min_max", kernel="reduce_bcast", dim=1, block_dim=8,
         args=dict(a=("uniform", -1, 1), bias=("uniform", 0.5, 1.5), col=("uniform", -1, 1)),
         shapes=dict(a=(M, N), bias=(N,), col=(M, 1), y=(M, N), r=(2, N), m=(1,)),
         outputs=["m"], inputs=["a", "bias", "col"], warp_wrong=["a", "bias", "col"]),
]
