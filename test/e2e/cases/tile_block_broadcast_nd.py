"""tile_broadcast to and from tiles of 3 and 4 dimensions (extents of 1
repeated, missing leading axes added, a 1-d and a 2-d source), and the
element-wise operators on the results, against warp-lang."""
import warp as wp


@wp.kernel
def bcast(a: wp.array(dtype=float), m: wp.array2d(dtype=float), c: wp.array3d(dtype=float),
          o1: wp.array3d(dtype=float), o2: wp.array3d(dtype=float), o3: wp.array4d(dtype=float),
          o4: wp.array3d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=5)
    wp.tile_store(o1, wp.tile_broadcast(t, shape=(2, 3, 5)))
    tm = wp.tile_load(m, shape=(3, 1))
    wp.tile_store(o2, wp.tile_broadcast(tm, shape=(2, 3, 5)) + wp.tile_broadcast(t, shape=(2, 3, 5)))
    tc = wp.tile_load(c, shape=(2, 1, 5))
    wp.tile_store(o3, wp.tile_broadcast(tc, shape=(2, 2, 3, 5)))
    wp.tile_store(o4, wp.tile_broadcast(tc, shape=(2, 4, 5)) * 2.0)


TESTS = [
    dict(name="bcast", kernel="bcast", dim=1, block_dim=8,
         args=dict(a=("uniform", -1, 1), m=("uniform", -1, 1), c=("uniform", -1, 1)),
         shapes=dict(a=(5,), m=(3, 1), c=(2, 1, 5), o1=(2, 3, 5), o2=(2, 3, 5), o3=(2, 2, 3, 5), o4=(2, 4, 5)),
         outputs=["o1", "o2", "o3", "o4"]),
]
