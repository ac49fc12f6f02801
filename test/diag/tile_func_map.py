# wp.tile_map() of a @wp.func takes a literal beside the tiles as it is
# (an int literal is an int32, a float literal a float32), as warp-lang
# does, with no conversion to the function's parameter type: warp-lang
# finds no overload then, and warpc says which parameter differs.
import warp as wp


@wp.func
def g(x: float, s: float):
    return x * s


@wp.func
def g64(x: wp.float64, s: wp.float64):
    return x * s


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=wp.float64)):
    t = wp.tile_load(a, shape=4)
    wp.tile_store(a, wp.tile_map(g, t, 2))
    u = wp.tile_load(b, shape=4)
    wp.tile_store(b, wp.tile_map(g64, u, 2.0))

# expect: 21:22: wp.tile_map(): parameter 's' of 'g' is a 'float32', the element (or value) given for it a 'int32' (warp-lang finds no overload either)
# expect: 23:22: wp.tile_map(): parameter 's' of 'g64' is a 'float64', the element (or value) given for it a 'float32' (warp-lang finds no overload either)
