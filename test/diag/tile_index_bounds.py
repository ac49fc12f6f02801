# A compile-time tile index outside -n..n-1 is an error, as in warp-lang
# ("Tile index 10 is out of bounds for axis 0 with size 8"); negative ones
# inside count from the end (e2e.tile_negative_index).
import warp as wp


@wp.kernel
def past_the_end(a: wp.array(dtype=float), m: wp.array2d(dtype=float), o: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=8)
    u = wp.tile_load(m, shape=(3, 4))
    o[0] = t[8]
    o[1] = t[-9]
    o[2] = u[1, 4]
    u[-4, 0] = 1.0
    r = u[3]

# expect: 11:14: tile index 8 is out of bounds for axis 0 with size 8
# expect: 12:14: tile index -9 is out of bounds for axis 0 with size 8
# expect: 13:17: tile index 4 is out of bounds for axis 1 with size 4
# expect: 14:7: tile index -4 is out of bounds for axis 0 with size 3
# expect: 15:11: tile index 3 is out of bounds for axis 0 with size 3
