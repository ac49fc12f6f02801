"""float16 tiles: loads and stores, operators (in float32, rounded back, as
Warp computes half math), tile_ones, tile_astype, and tile_matmul of
float16 tiles into a float32 accumulator."""
import warp as wp

@wp.kernel
def half(a: wp.array2d(dtype=wp.float16), b: wp.array2d(dtype=wp.float16), c: wp.array2d(dtype=float),
         h: wp.array2d(dtype=wp.float16), f: wp.array2d(dtype=float)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(4, 8))
    tb = wp.tile_load(b, shape=(8, 3))
    acc = wp.tile_zeros(shape=(4, 3), dtype=float)
    wp.tile_matmul(ta, tb, acc)
    wp.tile_store(c, acc)
    u = ta * ta + ta * wp.float16(0.5) - wp.tile_ones(shape=(4, 8), dtype=wp.float16)
    wp.tile_store(h, u)
    wp.tile_store(f, wp.tile_astype(u, dtype=float) * 2.0)

TESTS = [dict(name="half", kernel="half", dim=1, block_dim=8, args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)),
              shapes=dict(a=(4, 8), b=(8, 3), c=(4, 3), h=(4, 8), f=(4, 8)), outputs=["c", "h", "f"])]
