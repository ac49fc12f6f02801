# wp.tile_axpy onto a tile_broadcast adds into the broadcast's source (a
# view in Warp); warpc refuses the broadcasts it cannot follow: one bound
# before a loop or in an if, and a broadcast of a view; the in-place
# operators (+=) too; the other writes into a broadcast are reported.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), s: wp.array2d(dtype=float), n: int):
    i = wp.tid()
    b = wp.tile_load(a, shape=4)
    d = wp.tile_broadcast(b, shape=(4, 4))
    t = wp.tile_load(s, shape=(4, 4))
    for j in range(n):
        wp.tile_axpy(1.0, t, d)
    m = wp.tile_load(s, shape=(4, 4))
    e = wp.tile_broadcast(m[1], shape=(4, 4))
    wp.tile_axpy(1.0, t, e)
    if n > 2:
        g = wp.tile_broadcast(b, shape=(4, 4))
    else:
        g = wp.tile_broadcast(wp.tile_load(a, shape=4), shape=(4, 4))
    g += t

# expect: 15:9: wp.tile_axpy() onto 'd', a tile_broadcast bound before a loop or in a branch: not supported by warpc yet (Warp writes into the broadcast's source; bind the broadcast where it is updated)
# expect: 18:5: wp.tile_axpy() onto a tile_broadcast of a view ('view of tile(dtype=float32, shape=(4,))') is not supported by warpc yet (Warp writes into the viewed tile)
# expect: 23:5: an in-place tile operator onto 'g', a tile_broadcast bound before a loop or in a branch: not supported by warpc yet (Warp writes into the broadcast's source; bind the broadcast where it is updated)


@wp.kernel
def writes(a: wp.array(dtype=float), s: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(s, shape=(4, 4))
    d = wp.tile_broadcast(wp.tile_load(a, shape=4), shape=(4, 4))
    d[1, 2] = 5.0
    d[0, 1] += 1.0
    wp.tile_assign(d, wp.tile_ones(shape=(1, 4), dtype=float), offset=(0, 0))
    wp.tile_matmul(t, t, d)

# expect: 35:5: t[i] = x: writing into a tile_broadcast is not supported by warpc yet (Warp writes into the broadcast's source; wp.tile_axpy and the in-place operators are)
# expect: 36:5: t[i] = x: writing into a tile_broadcast
# expect: 37:20: wp.tile_assign(): writing into a tile_broadcast
# expect: 38:26: wp.tile_matmul(): writing into a tile_broadcast
