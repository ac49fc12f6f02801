# wp.tile_dot(): two tiles of one dtype and shape, of numbers, vectors or
# matrices (float16 vectors/matrices not yet).
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3), f: wp.array(dtype=float), b: wp.array(dtype=wp.bool),
      h: wp.array(dtype=wp.vec3h)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=4)
    tf = wp.tile_load(f, shape=4)
    tb = wp.tile_load(b, shape=4)
    th = wp.tile_load(h, shape=4)
    x = wp.tile_dot(ta, tf)
    y = wp.tile_dot(tf, wp.tile_load(f, shape=8))
    z = wp.tile_dot(tb, tb)
    w = wp.tile_dot(th, th)

# expect: 14:9: wp.tile_dot(): the tiles 'tile(dtype=vec3f, shape=(4,))' and 'tile(dtype=float32, shape=(4,))' differ in dtype or shape
# expect: 15:9: wp.tile_dot(): the tiles 'tile(dtype=float32, shape=(4,))' and 'tile(dtype=float32, shape=(8,))' differ in dtype or shape
# expect: 16:9: wp.tile_dot() takes tiles of numbers, vectors or matrices, not 'tile(dtype=bool, shape=(4,))'
# expect: 17:9: wp.tile_dot() of tiles of float16/bfloat16 vectors or matrices is not supported by warpc yet
