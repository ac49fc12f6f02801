# print() of tiles warp-lang 1.19 prints undefined values for (it passes
# their elements to printf's %g): vectors, 8-bit integers, float16.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float)):
    v = wp.tile_zeros(shape=(4,), dtype=wp.vec3)
    print(v)
    u = wp.tile_ones(shape=(2, 2), dtype=wp.uint8)
    wp.print(u)
    h = wp.tile_ones(shape=(3,), dtype=wp.int64)
    print(h)

# expect: 9:11: print() of a tile of 'vec3f': warpc prints tiles of int32, float32 and float64 (warp-lang 1.19 passes the elements of other tiles to printf's %g, which prints undefined values)
# expect: 11:14: print() of a tile of 'uint8': warpc prints tiles of int32, float32 and float64 (warp-lang 1.19 passes the elements of other tiles to printf's %g, which prints undefined values)
# expect: 13:11: print() of a tile of 'int64': warpc prints tiles of int32, float32 and float64 (warp-lang 1.19 passes the elements of other tiles to printf's %g, which prints undefined values)
