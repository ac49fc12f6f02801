"""Gradients through tiles of @wp.struct elements, which warp-lang 1.19
differentiates on the CPU (its warp/tests/tile/test_tile_struct.py): the
adjoint of a struct tile is a tile of the same struct holding the float
members' adjoints (integer members get none), moved and added member-wise
as the forward moves and adds them.  Here: tile_load / tile_store (at
offsets), struct tile + tile and - tile, tile_transpose, tile_reshape,
tile_broadcast, tile_sum (all, along an axis), element access and a field of
it, tile_atomic_add and tile_load_indexed / tile_store_indexed of struct
tiles.  (tile_map of a @wp.func over struct tiles is another part.)"""
import warp as wp


@wp.struct
class P:
    x: float
    v: wp.vec2
    k: int


@wp.struct
class P64:
    x: wp.float64
    v: wp.vec2d
    k: int


@wp.kernel
def moves(a: wp.array2d(dtype=P), b: wp.array2d(dtype=P), y: wp.array2d(dtype=P), t: wp.array2d(dtype=P),
          r: wp.array(dtype=P), e: wp.array(dtype=float)):
    ta = wp.tile_load(a, shape=(2, 3), offset=(1, 0))
    tb = wp.tile_load(b, shape=(2, 3))
    s = ta + tb - ta - ta
    wp.tile_store(y, s + tb)
    wp.tile_store(t, wp.tile_transpose(s), offset=(0, 1))
    wp.tile_store(r, wp.tile_reshape(tb, shape=(6,)))
    q = s[1, 2]
    e[0] = q.x * q.v[1] + ta[0, 1].x


@wp.kernel
def moves_f64(a: wp.array2d(dtype=P64), b: wp.array2d(dtype=P64), y: wp.array2d(dtype=P64),
              t: wp.array2d(dtype=P64), r: wp.array(dtype=P64), e: wp.array(dtype=wp.float64)):
    ta = wp.tile_load(a, shape=(2, 3), offset=(1, 0))
    tb = wp.tile_load(b, shape=(2, 3))
    s = ta + tb - ta - ta
    wp.tile_store(y, s + tb)
    wp.tile_store(t, wp.tile_transpose(s), offset=(0, 1))
    wp.tile_store(r, wp.tile_reshape(tb, shape=(6,)))
    q = s[1, 2]
    e[0] = q.x * q.v[1] + ta[0, 1].x


@wp.kernel
def sums(a: wp.array2d(dtype=P), c: wp.array(dtype=P), r: wp.array(dtype=P), s: wp.array(dtype=P),
         y: wp.array2d(dtype=P)):
    ta = wp.tile_load(a, shape=(2, 3))
    wp.tile_store(r, wp.tile_sum(ta, axis=1))
    wp.tile_store(s, wp.tile_sum(ta))
    tc = wp.tile_load(c, shape=3)
    wp.tile_store(y, wp.tile_broadcast(tc, shape=(2, 3)) + ta)


@wp.kernel
def sums_f64(a: wp.array2d(dtype=P64), c: wp.array(dtype=P64), r: wp.array(dtype=P64), s: wp.array(dtype=P64),
             y: wp.array2d(dtype=P64)):
    ta = wp.tile_load(a, shape=(2, 3))
    wp.tile_store(r, wp.tile_sum(ta, axis=1))
    wp.tile_store(s, wp.tile_sum(ta))
    tc = wp.tile_load(c, shape=3)
    wp.tile_store(y, wp.tile_broadcast(tc, shape=(2, 3)) + ta)


@wp.kernel
def memory(a: wp.array(dtype=P), idx: wp.array(dtype=int), z: wp.array(dtype=P), y: wp.array(dtype=P),
           w: wp.array(dtype=P)):
    ta = wp.tile_load(a, shape=4)
    wp.tile_atomic_add(z, ta, offset=1)
    ti = wp.tile_load(idx, shape=4)
    wp.tile_store_indexed(y, ti, ta, axis=0)
    wp.tile_store(w, wp.tile_load_indexed(a, indices=ti, shape=(4,), axis=0))


@wp.kernel
def memory_f64(a: wp.array(dtype=P64), idx: wp.array(dtype=int), z: wp.array(dtype=P64), y: wp.array(dtype=P64),
               w: wp.array(dtype=P64)):
    ta = wp.tile_load(a, shape=4)
    wp.tile_atomic_add(z, ta, offset=1)
    ti = wp.tile_load(idx, shape=4)
    wp.tile_store_indexed(y, ti, ta, axis=0)
    wp.tile_store(w, wp.tile_load_indexed(a, indices=ti, shape=(4,), axis=0))


U = ("uniform", -1, 1)
S = dict(x=U, v=U, k=("int", 0, 9))
GRAD_TESTS = [
    dict(name="moves", kernel="moves", dim=1, block_dim=8, args=dict(a=S, b=S),
         shapes=dict(a=(3, 3), b=(2, 3), y=(2, 3), t=(3, 3), r=(6,), e=(1,)),
         outputs=["y", "t", "r", "e"], inputs=["a", "b"]),
    dict(name="sums", kernel="sums", dim=1, block_dim=8, args=dict(a=S, c=S),
         shapes=dict(a=(2, 3), c=(3,), r=(2,), s=(1,), y=(2, 3)), outputs=["r", "s", "y"], inputs=["a", "c"]),
    # z both read and added to; rows 3, 0, 2, 1 of y (a permutation); -1
    # would leave an element unwritten
    dict(name="memory", kernel="memory", dim=1, block_dim=8, args=dict(a=S, idx=("values", [3, 0, 2, 1]), z=S),
         shapes=dict(a=(4,), idx=(4,), z=(5,), y=(4,), w=(4,)), outputs=["z", "y", "w"], inputs=["a", "z"]),
]
