# tile_matmul's dtypes as Warp has them: no bfloat16 accumulator (out's
# dtype, else a's), no integer tiles among float16 ones.
import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=wp.bfloat16), h: wp.array2d(dtype=wp.float16), n: wp.array2d(dtype=int)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(2, 2))
    th = wp.tile_load(h, shape=(2, 2))
    tn = wp.tile_load(n, shape=(2, 2))
    x = wp.tile_matmul(ta, ta)
    wp.tile_matmul(th, th, ta)
    y = wp.tile_matmul(th, tn)

# expect: 12:9: wp.tile_matmul() does not support a bfloat16 'out' tile (as Warp: its accumulator); 'out' is float16, float32 or float64
# expect: 13:5: wp.tile_matmul() does not support a bfloat16 'out' tile (as Warp: its accumulator); 'out' is float16, float32 or float64
# expect: 14:9: wp.tile_matmul() arguments must be tiles of float16, bfloat16, float32, or float64 entries, not 'tile(dtype=int32, shape=(2, 2))'
