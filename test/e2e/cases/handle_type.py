"""wp.handle (warp-lang 1.19): the type of object handles (mesh, volume, BVH
ids), which behaves as uint64 in kernel parameters, struct fields, arrays,
locals and conversions."""
import warp as wp


@wp.struct
class Obj:
    id: wp.handle
    scale: float


@wp.func
def mix(h: wp.handle, k: wp.uint64) -> wp.handle:
    return h ^ k


@wp.kernel
def handles(h: wp.handle, o: Obj, hs: wp.array(dtype=wp.handle), out: wp.array(dtype=wp.handle),
            low: wp.array(dtype=wp.int32)):
    i = wp.tid()
    x = hs[i]
    y = wp.uint64(i) + h
    out[i] = mix(x, y) + o.id
    low[i] = wp.int32(x & wp.uint64(0xFFFF))


TESTS = [
    dict(kernel="handles", dim=32, args=dict(h=12345678901, o=dict(id=77, scale=1.5), hs=("int", 0, 2**64 - 1)),
         outputs=["out", "low"]),
]
