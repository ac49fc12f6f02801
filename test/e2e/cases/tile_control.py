"""Tiles through control flow: a tile variable assigned in both branches of
an if, carried around a dynamic loop, passed to and returned from a
@wp.func."""
import warp as wp

@wp.func
def f(t: wp.tile[float, 8], k: int):
    return t * float(k)

@wp.kernel
def k(a: wp.array(dtype=float), n: int, out: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=8)
    if n > 2:
        t = t + t
    else:
        t = -t
    for j in range(n):
        t = f(t, j + 1)
    wp.tile_store(out, t)

TESTS = [dict(name="br", kernel="k", dim=1, block_dim=4, args=dict(a=("uniform", -1, 1), n=3),
              shapes=dict(a=(8,), out=(8,)), outputs=["out"]),
         dict(name="br2", kernel="k", dim=1, block_dim=4, args=dict(a=("uniform", -1, 1), n=1),
              shapes=dict(a=(8,), out=(8,)), outputs=["out"])]
