"""wp.tile_broadcast of 3-d and 4-d tiles (extents aligned right, each 1
or equal, as NumPy and warp-lang 1.19: its test_tile's
test_tile_broadcast_add_3d/4d), and of a 1-d or 2-d tile to more
dimensions; warpc took tiles of at most 2 dimensions."""
import warp as wp


@wp.kernel
def bcast(a: wp.array3d(dtype=float), b: wp.array3d(dtype=float), c: wp.array4d(dtype=float),
          r: wp.array(dtype=float), m: wp.array2d(dtype=float), o3: wp.array3d(dtype=float),
          o4: wp.array4d(dtype=float), or3: wp.array3d(dtype=float), om4: wp.array4d(dtype=float)):
    ta = wp.tile_load(a, shape=(2, 3, 4))
    tb = wp.tile_load(b, shape=(2, 3, 1))
    wp.tile_store(o3, ta + wp.tile_broadcast(tb, shape=(2, 3, 4)))
    tc = wp.tile_load(c, shape=(1, 3, 1, 4))
    wp.tile_store(o4, wp.tile_broadcast(tc, shape=(2, 3, 5, 4)))
    wp.tile_store(or3, wp.tile_broadcast(wp.tile_load(r, shape=4), shape=(2, 3, 4)))
    wp.tile_store(om4, wp.tile_broadcast(wp.tile_load(m, shape=(3, 1)), shape=(2, 2, 3, 4)))


TESTS = [
    dict(kernel="bcast", dim=1, block_dim=8,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), c=("uniform", -1, 1), r=("uniform", -1, 1),
                   m=("uniform", -1, 1)),
         shapes=dict(a=(2, 3, 4), b=(2, 3, 1), c=(1, 3, 1, 4), r=(4,), m=(3, 1), o3=(2, 3, 4), o4=(2, 3, 5, 4),
                     or3=(2, 3, 4), om4=(2, 2, 3, 4)),
         outputs=["o3", "o4", "or3", "om4"]),
]
