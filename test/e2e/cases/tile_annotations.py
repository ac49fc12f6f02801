"""The spellings of a tile parameter's annotation that warp-lang 1.19
takes: wp.tile[dtype, M, N], with typing.Literal extents
(wp.tile[float, Literal[8], Literal[4]], as Warp's test_subscript_types)
and with the extents as one tuple (wp.tile[float, (8, 4)]).  warpc refused
the Literal and tuple forms ("a tile extent must be a constant integer of at
least 1", reported twice)."""
from typing import Literal

import warp as wp


@wp.func
def plain(t: wp.tile[float, 8, 4]) -> wp.tile[float, 8, 4]:
    return t * 2.0


@wp.func
def literal(t: wp.tile[float, Literal[8], Literal[4]]) -> wp.tile[float, Literal[8], Literal[4]]:
    return t * 3.0


@wp.func
def tupled(t: wp.tile[float, (8, 4)]):
    return t * 4.0


@wp.kernel
def annotated(a: wp.array2d(dtype=float), o: wp.array3d(dtype=float)):
    t = wp.tile_load(a, shape=(8, 4))
    wp.tile_store(o[0], plain(t))
    wp.tile_store(o[1], literal(t))
    wp.tile_store(o[2], tupled(t))


TESTS = [
    dict(kernel="annotated", dim=1, block_dim=8, args=dict(a=("uniform", -1, 1)),
         shapes=dict(a=(8, 4), o=(3, 8, 4)), outputs=["o"]),
]
