"""Advanced indexing of tiles along any axis, Warp's tile_slice_indexed
(t[indices, :], t[:, indices], t[:, indices, :] of a 3-d tile, full slices
written `0:n` too, negative and repeated indices), and gathers mixed with
writes into views: the gathered tile is a copy (writing into it leaves t
unchanged), a gather read after a slice assignment sees the new elements.
warpc gathered along the first axis only."""
import warp as wp


@wp.kernel
def gather_axes(a: wp.array2d(dtype=float), b: wp.array3d(dtype=float), idx: wp.array(dtype=int),
                rows: wp.array2d(dtype=float), cols: wp.array2d(dtype=float), mid: wp.array3d(dtype=float),
                last: wp.array3d(dtype=float), after: wp.array2d(dtype=float), orig: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 5))
    i = wp.tile_load(idx, shape=3)
    wp.tile_store(rows, t[i, 0:5])
    wp.tile_store(cols, t[:, i])
    t3 = wp.tile_load(b, shape=(2, 4, 3))
    wp.tile_store(mid, t3[:, i, :])
    wp.tile_store(last, t3[:, :, i])
    g = t[:, i]
    g[0, 0] = 100.0          # a copy: t is unchanged
    t[1:3, :] = wp.tile_ones(shape=(2, 5), dtype=float) * 7.0
    wp.tile_store(after, t[:, i])   # sees the rows written above
    wp.tile_store(orig, t)


TESTS = [
    dict(kernel="gather_axes", dim=1, block_dim=16,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), idx=("values", [2, -1, 2])),
         shapes=dict(a=(4, 5), b=(2, 4, 3), idx=(3,), rows=(3, 5), cols=(4, 3), mid=(2, 3, 3), last=(2, 4, 3),
                     after=(4, 3), orig=(4, 5)),
         outputs=["rows", "cols", "mid", "last", "after", "orig"]),
]
