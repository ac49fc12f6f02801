"""wp.tile_reduce() of a @wp.func: the whole tile and along an axis (of 1-,
2- and 3-d tiles), float32, float64, int32 and vec3 elements, with
operators that are not associative (x * 0.5 + y, x - y), which show the
order warp-lang 1.19's CPU backend folds the elements in (from the first,
in order along the reduced extent); bit for bit."""
import warp as wp


@wp.func
def halfsum(a: float, b: float):
    return a * 0.5 + b


@wp.func
def minus(a: float, b: float):
    return a - b


@wp.func
def halfsum64(a: wp.float64, b: wp.float64):
    return a * wp.float64(0.5) + b


@wp.func
def imix(a: int, b: int):
    return a * 3 - b


@wp.func
def vmix(a: wp.vec3, b: wp.vec3):
    return wp.cross(a, b) + b


@wp.func
def custom_partial_product(a: float, b: float):
    return a * b


@wp.kernel
def reduce_f32(x: wp.array2d[float], y: wp.array3d[float], all_: wp.array[float], ax0: wp.array[float],
               ax1: wp.array[float], d1: wp.array[float], m: wp.array2d[float], prod: wp.array[float]):
    i = wp.tid()
    t = wp.tile_load(x, shape=(6, 5), storage="shared")
    wp.tile_store(all_, wp.tile_reduce(halfsum, t))
    wp.tile_store(ax0, wp.tile_reduce(halfsum, t, axis=0))
    wp.tile_store(ax1, wp.tile_reduce(minus, t, axis=1))
    r = wp.tile_load(x[0], shape=5)
    wp.tile_store(d1, wp.tile_reduce(op=minus, a=r))
    u = wp.tile_load(y, shape=(3, 4, 2))
    wp.tile_store(m, wp.tile_reduce(halfsum, u, axis=1))
    wp.tile_store(prod, wp.tile_reduce(custom_partial_product, t, axis=1))


@wp.kernel
def reduce_other(x: wp.array2d[wp.float64], n: wp.array2d[int], v: wp.array[wp.vec3],
                 o64: wp.array[wp.float64], oi: wp.array[int], oi1: wp.array[int], ov: wp.array[wp.vec3]):
    i = wp.tid()
    wp.tile_store(o64, wp.tile_reduce(halfsum64, wp.tile_load(x, shape=(4, 3)), axis=0))
    tn = wp.tile_load(n, shape=(3, 4))
    wp.tile_store(oi, wp.tile_reduce(imix, tn))
    wp.tile_store(oi1, wp.tile_reduce(imix, tn, axis=1))
    wp.tile_store(ov, wp.tile_reduce(vmix, wp.tile_load(v, shape=5)))


TESTS = [
    dict(kernel="reduce_f32", dim=1, block_dim=32,
         args=dict(x=("uniform", -2, 2), y=("uniform", -2, 2)),
         shapes=dict(x=(6, 5), y=(3, 4, 2), all_=(1,), ax0=(5,), ax1=(6,), d1=(1,), m=(3, 2), prod=(6,))),
    dict(kernel="reduce_other", dim=1, block_dim=32,
         args=dict(x=("uniform", -2, 2), n=("int", -5, 5), v=("uniform", -1, 1)),
         shapes=dict(x=(4, 3), n=(3, 4), v=(5,), o64=(3,), oi=(1,), oi1=(3,), ov=(1,))),
]
