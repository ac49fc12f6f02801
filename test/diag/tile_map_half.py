# wp.tile_map of a builtin on float16/bfloat16 elements: Warp's rounded
# steps of x // y, lerp and smoothstep are not done yet (a @wp.func
# is), nor builtins on float16 vectors; float16 with bfloat16 is no overload.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.float16), v: wp.array(dtype=wp.vec3h), b: wp.array(dtype=wp.bfloat16)):
    i = wp.tid()
    t = wp.tile_load(a, shape=4)
    tv = wp.tile_load(v, shape=4)
    tb = wp.tile_load(b, shape=4)
    x = wp.tile_map(wp.floordiv, t, t)
    y = wp.tile_map(wp.lerp, t, t, t)
    z = wp.tile_map(wp.normalize, tv)
    w = wp.tile_map(wp.add, t, tb)

# expect: 13:9: wp.tile_map(): 'floordiv' of float16/bfloat16 elements is not supported by warpc yet (map a @wp.func)
# expect: 14:9: wp.tile_map(): 'lerp' of float16/bfloat16 elements is not supported by warpc yet (map a @wp.func)
# expect: 15:9: wp.tile_map(): 'normalize' of tiles of float16/bfloat16 vectors or matrices is not supported by warpc yet (map a @wp.func)
# expect: 16:9: wp.tile_map():
