# Tile builtins warpc does not compile yet are named in the message.
import warp as wp


@wp.kernel
def row_sums(a: wp.array2d(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a[i], shape=16)
    c = wp.tile_slice_indexed(t, (0,))

# expect: 9:9: tile builtin 'tile_slice_indexed' is not supported by warpc yet (docs/coverage.md lists the tile builtins it compiles)
