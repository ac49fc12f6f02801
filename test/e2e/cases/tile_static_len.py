"""wp.static(len(t)) of a tile variable is the tile's first extent, as Warp
(its test_tile.py, tile_len_kernel): 6 for a 6x4 tile, 3 for a 3x5x2 tile,
usable where a compile-time constant is needed (a range() that Warp
unrolls).  warpc said "'t' is not a compile-time constant"."""
import warp as wp


@wp.kernel
def static_len(a: wp.array2d(dtype=float), b: wp.array3d(dtype=float), out: wp.array(dtype=int),
               acc: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=(6, 4))
    u = wp.tile_load(b, shape=(3, 5, 2))
    out[0] = wp.static(len(t))
    out[1] = wp.static(len(u))
    s = float(0.0)
    for i in range(wp.static(len(t))):
        s += a[i, 0]
    acc[0] = s


TESTS = [
    dict(kernel="static_len", dim=1, block_dim=16, args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)),
         shapes=dict(a=(6, 4), b=(3, 5, 2), out=(2,), acc=(1,)), outputs=["out", "acc"]),
]
