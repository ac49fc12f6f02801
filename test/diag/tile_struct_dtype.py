# Tiles of @wp.struct elements are loaded, stored, gathered, added and
# summed member-wise, but those of a struct with a vector of float16 among
# its members are not added by warpc yet: a diagnostic at the call, not
# generated C that the C compiler refuses ("this is a bug in warpc").
import warp as wp


@wp.struct
class Particle:
    x: float
    v: wp.vec3h


@wp.kernel
def copy_particles(a: wp.array(dtype=Particle), o: wp.array(dtype=Particle), idx: wp.array(dtype=int)):
    i = wp.tid()
    t = wp.tile_load(a, shape=4)
    wp.tile_store(o, wp.tile_zeros(shape=4, dtype=Particle))
    wp.tile_atomic_add(o, t)
    g = wp.tile_load_indexed(a, indices=wp.tile_load(idx, shape=4), shape=(4,))
    s = wp.tile_sum(t)
    u = t + g
    m = wp.tile_max(g)
    w = t * t
    wp.tile_scatter_add(t, 0, a[0], True)

# expect: 19:5: wp.tile_atomic_add(): no atomic add on 'Particle' in warpc yet (a vector or matrix of float16/bfloat16 among its members)
# expect: 21:9: wp.tile_sum() of a tile of struct 'Particle' is not supported by warpc yet (a vector or matrix of float16/bfloat16 among its members)
# expect: 22:9: 'add' of tiles of struct 'Particle' (a vector or matrix of float16/bfloat16 among its members) is not supported by warpc yet
# expect: 23:9: wp.tile_max() of a tile of struct 'Particle' is not supported by warpc (nor by Warp)
# expect: 24:9: 'mul' of tiles of struct 'Particle': warpc (and Warp) take + and - of two tiles of one struct type
# expect: 25:5: wp.tile_scatter_add(): no atomic add on 'Particle' in warpc yet (a vector or matrix of float16/bfloat16 among its members)
