"""wp.tile_full(shape, value) with no dtype makes a tile of the value's
type, as warp-lang 1.19 does (its test_tile_empty's default-dtype test):
1.5 gives float32, wp.int32(7) int32, a vec3 value a tile of vec3; an
explicit dtype still converts the value.  warpc defaulted the dtype to
float32 and refused the vec3 value."""
import warp as wp


@wp.kernel
def full_dtype(f: wp.array(dtype=float), i: wp.array(dtype=int), v: wp.array(dtype=wp.vec3),
               m: wp.array(dtype=wp.mat22), d: wp.array(dtype=wp.float64), conv: wp.array(dtype=float)):
    wp.tile_store(f, wp.tile_full(shape=(4,), value=1.5))
    wp.tile_store(i, wp.tile_full(4, value=wp.int32(7)))
    wp.tile_store(v, wp.tile_full(shape=(4,), value=wp.vec3(1.0, 2.0, 3.0)))
    wp.tile_store(m, wp.tile_full(shape=4, value=wp.mat22(1.0, 2.0, 3.0, 4.0)))
    wp.tile_store(d, wp.tile_full(shape=4, value=wp.float64(0.1)))
    wp.tile_store(conv, wp.tile_full(shape=(4,), value=7, dtype=float))


TESTS = [
    dict(kernel="full_dtype", dim=1, block_dim=8, shapes=dict(f=(4,), i=(4,), v=(4,), m=(4,), d=(4,), conv=(4,))),
]
