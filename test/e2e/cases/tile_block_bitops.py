"""Bitwise operators on tiles of integers (& | ^ of two tiles, &= |= ^=,
tile_map of wp.invert), int32 and uint32, against warp-lang."""
import warp as wp


@wp.kernel
def bits(ia: wp.array(dtype=int), ib: wp.array(dtype=int), ua: wp.array(dtype=wp.uint32),
         ub: wp.array(dtype=wp.uint32), io: wp.array2d(dtype=int), uo: wp.array2d(dtype=wp.uint32)):
    i = wp.tid()
    x = wp.tile_load(ia, shape=6)
    y = wp.tile_load(ib, shape=6)
    wp.tile_store(io[0], x & y)
    wp.tile_store(io[1], x | y)
    wp.tile_store(io[2], x ^ y)
    wp.tile_store(io[3], wp.tile_map(wp.invert, x))
    x &= y
    wp.tile_store(io[4], x)
    x |= wp.tile_ones(shape=6, dtype=int)
    x ^= y
    wp.tile_store(io[5], x)
    u = wp.tile_load(ua, shape=6)
    v = wp.tile_load(ub, shape=6)
    wp.tile_store(uo[0], (u & v) | (u ^ v))
    u ^= v
    wp.tile_store(uo[1], u)


TESTS = [
    dict(name="bits", kernel="bits", dim=1, block_dim=4,
         args=dict(ia=("int", -1000, 1000), ib=("int", -1000, 1000), ua=("int", 0, 100000), ub=("int", 0, 100000)),
         shapes=dict(ia=(6,), ib=(6,), ua=(6,), ub=(6,), io=(6, 6), uo=(2, 6)),
         outputs=["io", "uo"]),
]
