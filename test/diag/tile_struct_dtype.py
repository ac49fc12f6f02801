# Tiles of @wp.struct elements (Warp's tile_load of an array of structs)
# are loaded, stored and gathered, but their atomic adds are not compiled
# by warpc yet: a diagnostic at the call, not generated C that the C
# compiler refuses ("this is a bug in warpc").
import warp as wp


@wp.struct
class Particle:
    x: float
    v: wp.vec3


@wp.kernel
def copy_particles(a: wp.array(dtype=Particle), o: wp.array(dtype=Particle), idx: wp.array(dtype=int)):
    i = wp.tid()
    t = wp.tile_load(a, shape=4)
    wp.tile_store(o, wp.tile_zeros(shape=4, dtype=Particle))
    wp.tile_atomic_add(o, t)
    g = wp.tile_load_indexed(a, indices=wp.tile_load(idx, shape=4), shape=4)

# expect: 19:5: wp.tile_atomic_add(): no atomic add on 'Particle' in warpc yet (Warp adds the fields that support it)
