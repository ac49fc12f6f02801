# Writes into tile views and slices that warp-lang 1.19 refuses too
# (compound assignment to a view, a scalar or a tile of another shape
# assigned to a slice, assignment through an index tile, an index tile
# without ':' on the other axes, tile_view's shape with slice offsets), and
# the write warpc refuses: into a view variable rebound in a branch (warpc
# holds views as values and cannot tell which tile the write reaches).
import warp as wp


@wp.kernel
def refused(a: wp.array2d(dtype=float), idx: wp.array(dtype=int)):
    t = wp.tile_load(a, shape=(8, 6))
    v = wp.tile_ones(shape=(4, 6), dtype=float)
    t[0:4, :] += v
    t[0] += v[0]
    t[0:4, :] = 1.0
    t[0:4, :] = wp.tile_ones(shape=(5, 6), dtype=float)
    i = wp.tile_load(idx, shape=4)
    t[i, :] = v
    r = t[i, 1:5]
    w = wp.tile_view(t, offset=(slice(0, 2, 1), slice(0, 3, 1)), shape=(2, 3))
    g = wp.tile_slice_indexed(t, (0, slice(0, 6, 1)))


@wp.kernel
def view_in_branch(a: wp.array2d(dtype=float), k: int):
    t = wp.tile_load(a, shape=(8, 6))
    row = t[0]
    if k > 0:
        row = t[1]
    row[0] = 1.0
    wp.tile_store(a, t)

# expect: 14:5: compound assignment to a tile view (t[a:b, :] += x, t[i] += x) is not supported, as in Warp: read the view, update it and assign it back
# expect: 15:5: compound assignment to a tile view (t[a:b, :] += x, t[i] += x) is not supported, as in Warp: read the view, update it and assign it back
# expect: 16:17: tile view assignment requires a tile of matching shape on the right-hand side (t[a:b, :] = src, t[0] = row), not a 'float32'
# expect: 17:17: tile view assignment shape mismatch: the view is 'view of tile(dtype=float32, shape=(4, 6))', the value 'tile(dtype=float32, shape=(5, 6))'
# expect: 19:5: assigning to tile rows by an index tile (t[indices, :] = src) is not supported, as in Warp: assign a slice (t[a:b, :] = src) or build the tile
# expect: 20:9: indexing a tile with an integer index tile requires ':' on all other axes (t[indices, :], t[:, indices])
# expect: 21:72: wp.tile_view() takes no 'shape' together with a slice offset (as in Warp): the slices give the shape
# expect: 22:34: wp.tile_slice_indexed(): the subscripts are one 1-d integer index tile and full slices
# expect: 31:5: warpc cannot tell which tile the view 'row' writes into here (it was bound before a loop or in a branch); take the view again here
