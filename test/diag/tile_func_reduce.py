# wp.tile_reduce() of a @wp.func: warpc folds a function of two elements
# that returns one; it refuses other signatures, and reductions of struct
# tiles along an axis (Warp has no such overload either).
import warp as wp


@wp.struct
class P:
    x: float


@wp.func
def to_int(a: float, b: float):
    return int(a + b)


@wp.func
def three(a: float, b: float, c: float):
    return a + b + c


@wp.func
def padd(a: P, b: P):
    r = P()
    r.x = a.x + b.x
    return r


@wp.kernel
def k(a: wp.array(dtype=float), o: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=4)
    wp.tile_store(o, wp.tile_reduce(to_int, t))
    wp.tile_store(o, wp.tile_reduce(three, t))
    s = wp.tile_zeros(shape=(2, 4), dtype=P)
    q = wp.tile_reduce(padd, s, axis=1)

# expect: 33:22: wp.tile_reduce(): warpc folds a @wp.func of two elements ('float32') that returns one (no defaults, no wp.ref); 'to_int' returns 'int32'
# expect: 34:22: 'three' takes 3 arguments, got 2
# expect: 36:9: wp.tile_reduce() of a @wp.func along an axis of a tile of struct 'P' is not supported by warpc (nor by Warp)
