"""wp.tile_sum of float16 and bfloat16 tiles, as warp-lang 1.19 sums them
on the CPU (its test_tile_reduce's float16/bfloat16 sums): in order, each
partial sum rounded to the tile's dtype (Warp's half arithmetic, in
float32 and rounded back), over the whole tile and along an axis.
warpc refused half-precision reductions."""
import warp as wp


@wp.kernel
def sum_half(h: wp.array2d(dtype=wp.float16), b: wp.array2d(dtype=wp.bfloat16), sh: wp.array(dtype=wp.float16),
             sb: wp.array(dtype=wp.bfloat16), ah: wp.array(dtype=wp.float16), ab: wp.array(dtype=wp.bfloat16)):
    th = wp.tile_load(h, shape=(6, 8))
    tb = wp.tile_load(b, shape=(6, 8))
    wp.tile_store(sh, wp.tile_sum(th))
    wp.tile_store(sb, wp.tile_sum(tb))
    wp.tile_store(ah, wp.tile_sum(th, axis=0))
    wp.tile_store(ab, wp.tile_sum(tb, axis=1))


TESTS = [
    dict(kernel="sum_half", dim=1, block_dim=8, args=dict(h=("uniform", -4, 4), b=("uniform", -4, 4)),
         shapes=dict(h=(6, 8), b=(6, 8), sh=(1,), sb=(1,), ah=(8,), ab=(6,)), outputs=["sh", "sb", "ah", "ab"],
         tol=dict(sh=(0.0, 0.0), sb=(0.0, 0.0), ah=(0.0, 0.0), ab=(0.0, 0.0))),
]
