# Tiles of @wp.struct elements take + and - of two tiles of one struct
# type, and no reduction but tile_sum (as Warp): a diagnostic at the call,
# not generated C that the C compiler refuses ("this is a bug in warpc").
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
    n = wp.tile_ones(shape=4, dtype=Particle)

# expect: 22:9: wp.tile_max() of a tile of struct 'Particle' is not supported by warpc (nor by Warp)
# expect: 23:9: 'mul' of tiles of struct 'Particle': warpc (and Warp) take + and - of two tiles of one struct type
# expect: 24:37: wp.tile_ones() of struct 'Particle': a struct has no one (tile_zeros and tile_full take structs)
