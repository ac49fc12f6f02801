"""wp.tile(x) of a @wp.struct value and of a transform, without
preserve_type: warp-lang 1.19's tile() (tile_value_func) splits only
vectors, quaternions and matrices into components; any other value,
a struct or a transform among them, makes a tile of shape (block_dim,) of
its own type, which wp.untile gives back (as preserve_type=True does).
Against warp-lang's CPU backend, where a block is one thread."""
import warp as wp

wp.set_module_options({"block_dim": 8})


@wp.struct
class Particle:
    x: wp.vec2
    m: float
    tag: int


@wp.kernel(enable_backward=False)
def k(tf: wp.array(dtype=wp.transform), a: wp.array(dtype=Particle), otf: wp.array(dtype=wp.transform),
      out: wp.array(dtype=Particle), m: wp.array(dtype=float)):
    i, lane = wp.tid()
    ti = tf[i]
    otf[i] = wp.untile(wp.tile(ti))
    b = a[i]
    b.m = b.m * 2.0
    b.tag = b.tag + i
    t = wp.tile(b)
    out[i] = wp.untile(t)
    m[i] = wp.untile(t).m + wp.untile(wp.tile(b, preserve_type=True)).x[1]


TESTS = [
    dict(name="struct_transform", kernel="k", dim=5, block_dim=8,
         args=dict(tf=("uniform", -1, 1), a=dict(x=("uniform", -1, 1), m=("uniform", -1, 1), tag=("int", -9, 9))),
         shapes=dict(tf=(5,), a=(5,), otf=(5,), out=(5,), m=(5,))),
]
