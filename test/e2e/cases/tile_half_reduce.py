"""Reductions of float16 and bfloat16 tiles, bit for bit against warp-lang's
CPU backend (tol 0): tile_sum from the first element, each sum rounded to
the element type (warp/native/tile_reduce.h), over the whole tile and
along an axis; tile_min / tile_max (Warp's min / max folds), tile_argmin /
tile_argmax (the first extreme, compared as floats) and tile_reduce with
wp.add, wp.mul and wp.max.  A sum of negative zeros is -0 (Warp starts
from the first element, not from +0): seen through 1 / sum = -inf."""
import warp as wp

EXACT = dict(rtol=0.0, atol=0.0)


@wp.kernel
def red_half(a: wp.array2d(dtype=wp.float16), s: wp.array(dtype=wp.float16), r: wp.array(dtype=wp.float16),
             c: wp.array(dtype=wp.float16), m: wp.array(dtype=wp.float16), idx: wp.array(dtype=int)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(6, 50))
    wp.tile_store(s, wp.tile_sum(t))
    wp.tile_store(r, wp.tile_sum(t, axis=1))
    wp.tile_store(c, wp.tile_sum(t, axis=0))
    wp.tile_store(m, wp.tile_min(t), offset=0)
    wp.tile_store(m, wp.tile_max(t), offset=1)
    wp.tile_store(m, wp.tile_reduce(wp.add, t), offset=2)
    wp.tile_store(m, wp.tile_reduce(wp.max, t), offset=3)
    row = wp.tile_load(a, shape=(1, 8))
    wp.tile_store(m, wp.tile_reduce(wp.mul, row), offset=4)
    wp.tile_store(idx, wp.tile_argmin(t), offset=0)
    wp.tile_store(idx, wp.tile_argmax(t), offset=1)


@wp.kernel
def red_bf16(a: wp.array2d(dtype=wp.bfloat16), s: wp.array(dtype=wp.bfloat16), r: wp.array(dtype=wp.bfloat16),
             m: wp.array(dtype=wp.bfloat16), idx: wp.array(dtype=int)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(4, 70))
    wp.tile_store(s, wp.tile_sum(t))
    wp.tile_store(r, wp.tile_sum(t, axis=1))
    wp.tile_store(m, wp.tile_min(t), offset=0)
    wp.tile_store(m, wp.tile_max(t), offset=1)
    wp.tile_store(m, wp.tile_reduce(wp.add, t), offset=2)
    wp.tile_store(idx, wp.tile_argmin(t), offset=0)
    wp.tile_store(idx, wp.tile_argmax(t), offset=1)


@wp.kernel
def sum_negzero(a: wp.array(dtype=wp.float16), b: wp.array(dtype=wp.bfloat16), inv: wp.array(dtype=float)):
    i = wp.tid()
    sa = wp.tile_astype(wp.tile_sum(wp.tile_load(a, shape=4)), dtype=float)
    sb = wp.tile_astype(wp.tile_sum(wp.tile_load(b, shape=4)), dtype=float)
    wp.tile_store(inv, 1.0 / sa, offset=0)
    wp.tile_store(inv, 1.0 / sb, offset=1)


TESTS = [
    dict(name="half", kernel="red_half", dim=1, block_dim=8, args=dict(a=("uniform", -1, 1)),
         shapes=dict(a=(6, 50), s=(1,), r=(6,), c=(50,), m=(5,), idx=(2,)),
         outputs=["s", "r", "c", "m", "idx"], **EXACT),
    dict(name="bf16", kernel="red_bf16", dim=1, block_dim=8, args=dict(a=("uniform", -1, 1)),
         shapes=dict(a=(4, 70), s=(1,), r=(4,), m=(3,), idx=(2,)),
         outputs=["s", "r", "m", "idx"], **EXACT),
    dict(name="negzero", kernel="sum_negzero", dim=1, block_dim=8, args=dict(a=("full", -0.0), b=("full", -0.0)),
         shapes=dict(a=(4,), b=(4,), inv=(2,)), outputs=["inv"], allow_nonfinite=True, **EXACT),
]
