"""Tiles through generic @wp.func parameters (`Any`): each call makes an
instance for the tile's type, whose C name the tile type must not break
(warpc spelled it with the type's display name, tile(dtype=float32,
shape=(6,)), and the C compiler refused the generated code).  A func that
returns a scaled tile, one that stores a tile it is given, one that reduces
it, on float and vec3 tiles."""
from typing import Any

import warp as wp


@wp.func
def scaled(t: Any, s: float):
    return t * s


@wp.func
def store(a: wp.array(dtype=Any), t: Any):
    wp.tile_store(a, t)


@wp.func
def energy(t: Any):
    return wp.tile_sum(t * t)


@wp.func
def energy_v(t: Any):
    return wp.tile_sum(wp.tile_map(wp.length_sq, t))[0]


@wp.kernel
def generic_tiles(a: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), o: wp.array(dtype=float),
                  e: wp.array(dtype=float), ov: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    t = wp.tile_load(a, shape=6)
    store(o, scaled(t, 1.5))
    wp.tile_store(e, energy(t))
    wp.tile_store(ov, wp.tile_load(v, shape=4) * energy_v(wp.tile_load(v, shape=4)))


TESTS = [
    dict(kernel="generic_tiles", dim=1, block_dim=8, args=dict(a=("uniform", -1, 1), v=("uniform", -1, 1)),
         shapes=dict(a=(6,), v=(4,), o=(6,), e=(1,), ov=(4,)), outputs=["o", "e", "ov"]),
]
