"""wp.tile_scatter_add and wp.tile_scatter_masked (1-d, 2-d and 3-d tiles,
scalars and vectors, with has_value False, atomic=False, out-of-range-free
indices) against warp-lang's CPU backend, where a block is one thread."""
import warp as wp


@wp.kernel
def scatter(a: wp.array(dtype=float), idx: wp.array(dtype=int), ints: wp.array(dtype=int), v: wp.array(dtype=wp.vec2),
            out: wp.array2d(dtype=float), iout: wp.array2d(dtype=int), vout: wp.array2d(dtype=wp.vec2),
            cube: wp.array3d(dtype=int)):
    i, lane = wp.tid()
    t = wp.tile_zeros(shape=8, dtype=float, storage="shared")
    wp.tile_scatter_add(t, idx[i], a[i], True)
    wp.tile_scatter_add(t, idx[i] + 1, a[i] * 2.0, i % 2 == 0)
    wp.tile_scatter_add(t, 0, 1.5, True, atomic=False)
    wp.tile_scatter_add(t, 7, -1.0, False)
    wp.tile_store(out[i], t)
    t2 = wp.tile_full(shape=(2, 4), value=5, dtype=int)
    wp.tile_scatter_masked(t2, 1, idx[i] % 4, ints[i], True)
    wp.tile_scatter_masked(t2, 0, 3, 9, False)
    wp.tile_scatter_masked(t2, 0, 0, ints[i] * 2, i > 2)
    wp.tile_store(iout[i], t2[1])
    wp.tile_store(iout[i], t2[0], offset=(4,))
    tv = wp.tile_ones(shape=3, dtype=wp.vec2)
    wp.tile_scatter_add(tv, 2, v[i], True)
    wp.tile_scatter_masked(tv, 0, v[i] * 3.0, True)
    wp.tile_store(vout[i], tv)
    t3 = wp.tile_zeros(shape=(2, 2, 2), dtype=int)
    wp.tile_scatter_masked(t3, 1, 0, 1, ints[i], True)
    wp.tile_scatter_add(t3, 0, 1, 1, 4, True)
    wp.tile_store(cube, t3, offset=(2 * i, 0, 0))


TESTS = [
    dict(name="scatter", kernel="scatter", dim=5, block_dim=8,
         args=dict(a=("uniform", -2, 2), idx=("int", 0, 6), ints=("int", -20, 20), v=("uniform", -1, 1)),
         shapes=dict(a=(5,), idx=(5,), ints=(5,), v=(5,), out=(5, 8), iout=(5, 8), vout=(5, 3), cube=(10, 2, 2)),
         outputs=["out", "iout", "vout", "cube"]),
]
