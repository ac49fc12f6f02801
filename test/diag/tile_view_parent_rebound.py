# A write through a tile view after the tile it views was rebound, where
# the old tile is still seen elsewhere: warp-lang's view writes into the
# old storage (a @wp.func's tile parameter: the caller's tile; another
# view of the same old tile sees the write).  warpc holds views as values
# and wrote into the view only (the caller's tile and the other view did
# not change): it refuses these writes.  One view of a kernel's own tile,
# whose old storage nothing else sees, is compiled
# (e2e.tile_view_parent_rebound).
import warp as wp


@wp.func
def rebind_param(t: wp.tile[float, 4, 4]):
    v = t[0]
    t = wp.tile_zeros(shape=(4, 4), dtype=float, storage="shared")
    v[0] = 77.0
    return t


@wp.kernel
def param(a: wp.array2d(dtype=float), o: wp.array2d(dtype=float)):
    q = wp.tile_load(a, shape=(4, 4), storage="shared")
    r = rebind_param(q)
    wp.tile_store(o, q)


@wp.kernel
def two_views(a: wp.array2d(dtype=float), o: wp.array2d(dtype=float)):
    r = wp.tile_load(a, shape=(4, 4), storage="shared")
    v1 = r[0:2]
    v2 = r[1:3]
    r = wp.tile_zeros(shape=(4, 4), dtype=float, storage="shared")
    v1[1, 0] = 9.0
    wp.tile_store(o, v2)

# expect: 16:5: warpc cannot write through the tile view 'v' after 't', the tile it views, was rebound: Warp writes into the old tile, which a caller sees; write before rebinding 't'
# expect: 33:5: warpc cannot write through the tile view 'v1' after 'r', the tile it views, was rebound: Warp writes into the old tile, which another view of it sees; write before rebinding 'r'
