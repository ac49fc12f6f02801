"""Negative runtime indices in tile subscripts that take a slice or gather
rows, wrapped against the axis length as warp-lang 1.19 wraps them (its
test_tile_view's test_tile_runtime_neg_index and chained gathers): t[i, :]
with a runtime i < 0 is row n + i, and t[idx] / t[r][idx] with a tile of
indices takes row (or element) n + idx[k] for a negative idx[k].  warpc
indexed the tile with the negative value (a read before the tile, SIGILL
in the bounds-checked build)."""
import warp as wp


@wp.kernel
def neg_slice_gather(src: wp.array2d(dtype=float), i: int, idx: wp.array(dtype=int),
                     row: wp.array(dtype=float), col: wp.array(dtype=float), g: wp.array2d(dtype=float),
                     e: wp.array(dtype=float)):
    t = wp.tile_load(src, shape=(6, 5))
    wp.tile_store(row, t[i, :])
    wp.tile_store(col, t[:, i])
    k = wp.tile_load(idx, shape=4)
    wp.tile_store(g, t[k])
    wp.tile_store(e, t[2][k])


TESTS = [
    dict(name=f"i{i}", kernel="neg_slice_gather", dim=1, block_dim=8,
         args=dict(src=("uniform", -1, 1), i=i, idx=("values", [-1, 0, -5, 3])),
         shapes=dict(src=(6, 5), idx=(4,), row=(5,), col=(6,), g=(4, 5), e=(4,)))
    for i in (-1, -5, 2)
]
