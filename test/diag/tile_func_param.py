# Warp passes tiles to a @wp.func by reference: warpc, which passes them by
# value, refuses a func that assigns to its tile parameter.
import warp as wp


@wp.func
def bump(t: wp.tile[float, 4], u: wp.tile[float, 4]):
    t += u
    return t


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=4)
    wp.tile_store(a, bump(t, t))

# expect: 8:5: assigning to tile parameter 't' of a @wp.func is not supported by warpc yet (Warp passes tiles by reference, so the caller sees the change); return the new tile instead
