"""wp.tile_map() of a @wp.func with literals beside the tiles: warp-lang
passes them as they are (an int literal to an int parameter, a float
literal to a float32 one), also to a function of vector elements."""
import warp as wp


@wp.func
def scaled(x: float, k: int):
    return x * float(k) - 0.5


@wp.func
def shift(x: float, s: float, k: int):
    return x + s * float(k)


@wp.func
def vscale(v: wp.vec3, k: int, s: float):
    return v * (float(k) * s)


@wp.kernel
def maps(a: wp.array2d[float], v: wp.array[wp.vec3], o1: wp.array2d[float], o2: wp.array2d[float],
         ov: wp.array[wp.vec3]):
    i = wp.tid()
    t = wp.tile_load(a, shape=(2, 3))
    wp.tile_store(o1, wp.tile_map(scaled, t, 3))
    wp.tile_store(o2, wp.tile_map(shift, t, 0.25, -2))
    wp.tile_store(ov, wp.tile_map(vscale, wp.tile_load(v, shape=4), 2, 1.5))


TESTS = [
    dict(kernel="maps", dim=1, block_dim=8, args=dict(a=("uniform", -2, 2), v=("uniform", -1, 1)),
         shapes=dict(a=(2, 3), v=(4,), o1=(2, 3), o2=(2, 3), ov=(4,))),
]
