# Tile builtins called wrongly: each mistake is reported at its place.
import warp as wp


@wp.func
def twice(x: float):
    return 2.0 * x


@wp.kernel
def bad(a: wp.array2d(dtype=float), b: wp.array(dtype=float), n: int):
    i = wp.tid()
    t = wp.tile_load(a, shape=(4, 4))
    u = wp.tile_load(b, shape=8)
    x = wp.tile_load(a, shape=n)
    y = wp.tile_zeros(shape=(2, 2, 2, 2, 2), dtype=float)
    z = t + u
    w = t * t + 1.0
    m = wp.tile_reshape(wp.tile_view(t, offset=(0, 0), shape=(2, 2)), shape=(4,))
    wp.tile_store(b, t)
    q = wp.tile_matmul(u, t)
    r = wp.tile_load(a, shape=(4, 4), offset=i)
    s = wp.tile_sum(t, axis=2)
    v = wp.tile_zeros(shape=(300, 300), dtype=float)
    t[1] = 2.0
    w = wp.tile_ones(shape=(1024, 257), dtype=wp.int8)

# expect: 15:31: a tile extent must be a compile-time integer
# expect: 16:29: wp.tile_zeros(): warpc compiles tiles of 1 to 4 dimensions, not 5 (its limit)
# expect: 17:9: 'add' of tiles of different shapes: 'tile(dtype=float32, shape=(4, 4))', 'tile(dtype=float32, shape=(8,))'
# expect: 18:9: 'add' is not defined on these tile arguments in Warp (tiles take + - & | ^ of two tiles, * and / with a tile or a value, unary -; other element-wise functions go through wp.tile_map)
# expect: 19:9: wp.tile_reshape() needs a contiguous tile, not a strided view of tile(dtype=float32, shape=(2, 2)) (copy it first)
# expect: 20:5: wp.tile_store(): the tile 'tile(dtype=float32, shape=(4, 4))' does not match the array 'array(dtype=float32, ndim=1)' (same dtype and number of dimensions)
# expect: 21:9: wp.tile_matmul(): 'tile(dtype=float32, shape=(8,))' times 'tile(dtype=float32, shape=(4, 4))' (2-d tiles of one dtype, (M, K) and (K, N))
# expect: 22:46: offset= has 1 value, the array 2 dimensions
# expect: 23:29: axis 2 is out of range for 'tile(dtype=float32, shape=(4, 4))'
# expect: 24:9: a 'tile(dtype=float32, shape=(300, 300))' is 360000 bytes: a tile holds at most 256 KiB in warpc (as warp-lang's CPU backend, whose block stops with "Warp CPU tile shared-memory allocation exceeds the 256 KiB arena")
# expect: 25:12: tile view assignment requires a tile of matching shape on the right-hand side (t[a:b, :] = src, t[0] = row), not a 'float32'
# expect: 26:28: wp.tile_ones(): a tile holds at most 262144 elements in warpc (its limit: a block's tiles are in the frame of the thread that runs it)


@wp.kernel
def big_atomic(a: wp.array2d(dtype=float)):
    t = wp.tile_zeros(shape=(128, 128), dtype=float)
    wp.tile_atomic_add(a, t)

# expect: 45:5: wp.tile_atomic_add() of a tile of 65536 bytes: warpc takes at most 49152 (its limit: CUDA's static shared memory)
