# Tile builtins warpc does not compile yet are named in the message.
import warp as wp


@wp.kernel
def row_sums(a: wp.array2d(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a[i], shape=16)
    s = wp.tile_randf(shape=16, seed=1)
    x = wp.tile_randi(shape=16, rng=1)
    c = wp.tile_slice_indexed(t, (0,))

# expect: 9:9: tile builtin 'tile_randf' is not supported by warpc yet (docs/coverage.md lists the tile builtins it compiles)
# expect: 10:9: tile builtin 'tile_randi' is not supported by warpc yet (docs/coverage.md lists the tile builtins it compiles)
# expect: 11:9: tile builtin 'tile_slice_indexed' is not supported by warpc yet (docs/coverage.md lists the tile builtins it compiles)
