"""Negative tile indices wrap against the axis length, as warp-lang 1.19
wraps them (numpy-style, once: compile-time constants and runtime values
alike): t[-1] is the last element, t[i] with i = -2 the one before, in
reads, element assignments and += of 1-d and 2-d tiles, and t[-1] of a 2-d
tile is its last row.  warpc indexed the tile's storage with the negative
value (a read before the tile, caught by the bounds-checked build as
SIGILL)."""
import warp as wp


@wp.kernel
def negative_index(a: wp.array(dtype=float), m: wp.array2d(dtype=float), j: int, k: int,
                   o: wp.array(dtype=float), t1: wp.array(dtype=float), t2: wp.array2d(dtype=float),
                   row: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=8)
    u = wp.tile_load(m, shape=(3, 4))
    o[0] = t[-1]
    o[1] = t[j]
    o[2] = u[-1, -2]
    o[3] = u[k, j]
    o[4] = u[-3, -4]
    t[-2] = 5.0
    t[j] += 1.5
    u[-1, k] = 7.0
    u[k, -1] += 2.0
    wp.tile_store(t1, t)
    wp.tile_store(t2, u)
    wp.tile_store(row, u[-1])


TESTS = [
    dict(kernel="negative_index", dim=1, block_dim=8,
         args=dict(a=("uniform", -1, 1), m=("uniform", -1, 1), j=-3, k=-2),
         shapes=dict(a=(8,), m=(3, 4), o=(5,), t1=(8,), t2=(3, 4), row=(4,)),
         outputs=["o", "t1", "t2", "row"]),
]
