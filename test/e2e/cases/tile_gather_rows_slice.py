"""Rows of a 2-d tile gathered by a tile of indices written with a full
slice for the columns, t[idx, :], as warp-lang 1.19 takes it (its
test_tile_view's advanced indexing: indices from tile_arange, loaded
indices with repeats, negative indices that count from the end); the
same rows as t[idx].  warpc took only t[idx] ("a tile index must be an
integer")."""
import warp as wp


@wp.kernel
def gather_rows(src: wp.array2d(dtype=float), idx: wp.array(dtype=int), g: wp.array2d(dtype=float),
                h: wp.array2d(dtype=float), r: wp.array2d(dtype=float)):
    t = wp.tile_load(src, shape=(8, 5))
    k = wp.tile_load(idx, shape=6)
    wp.tile_store(g, t[k, :])
    wp.tile_store(h, t[wp.tile_arange(0, 8, 2, dtype=int), :])
    wp.tile_store(r, t[k])


TESTS = [
    dict(kernel="gather_rows", dim=1, block_dim=8,
         args=dict(src=("uniform", -1, 1), idx=("values", [3, 0, 3, -1, 7, -8])),
         shapes=dict(src=(8, 5), idx=(6,), g=(6, 5), h=(4, 5), r=(6, 5))),
]
