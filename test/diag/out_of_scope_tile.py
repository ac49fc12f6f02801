# Tile primitives are out of scope by decision (tile_* and untile).
import warp as wp


@wp.kernel
def row_sums(a: wp.array2d(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a[i], shape=16)
    s = wp.tile_sum(t)
    x = wp.untile(s)

# expect: 8:9: 'tile_load' is not supported by warpc: tile primitives are out of scope
# expect: 9:9: 'tile_sum' is not supported by warpc: tile primitives are out of scope
# expect: 10:9: 'untile' is not supported by warpc: tile primitives are out of scope
