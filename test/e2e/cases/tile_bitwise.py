"""Bitwise &, | and ^ of two integer tiles, element by element, and
their in-place forms (&=, |=, ^=), as warp-lang 1.19 defines them for
tiles (its test_tile_atomic_bitwise's tile-wise kernels); warpc took only
+ - * / on tiles."""
import warp as wp


@wp.kernel
def bitwise(a: wp.array(dtype=wp.uint32), b: wp.array(dtype=wp.uint32), i: wp.array(dtype=int),
            j: wp.array(dtype=int), o: wp.array2d(dtype=wp.uint32), q: wp.array2d(dtype=int)):
    s1 = wp.tile_load(a, shape=16)
    s2 = wp.tile_load(b, shape=16)
    wp.tile_store(o[0], s1 & s2)
    wp.tile_store(o[1], s1 | s2)
    wp.tile_store(o[2], s1 ^ s2)
    t = wp.tile_load(i, shape=16)
    u = wp.tile_load(j, shape=16)
    t &= u
    wp.tile_store(q[0], t)
    t |= wp.tile_load(j, shape=16, offset=16)
    wp.tile_store(q[1], t)
    t ^= u
    wp.tile_store(q[2], t)


TESTS = [
    dict(kernel="bitwise", dim=1, block_dim=8,
         args=dict(a=("int", 0, 4294967295), b=("int", 0, 4294967295), i=("int", -1000000, 1000000),
                   j=("int", -1000000, 1000000)),
         shapes=dict(a=(16,), b=(16,), i=(16,), j=(32,), o=(3, 16), q=(3, 16)), outputs=["o", "q"]),
]
