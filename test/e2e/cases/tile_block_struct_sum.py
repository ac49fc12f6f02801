"""Member-wise arithmetic of tiles of @wp.struct elements, as warp-lang
1.19: + and - of two tiles, tile_sum (from the first element), tile_atomic_add
and tile_scatter_add add the members of float, int32, uint32, float64,
float16 and vector (also of float16) types (and of nested structs); bool and int8 members keep
the left operand's (the first element's, memory's) value."""
import warp as wp

N = 4


@wp.struct
class Inner:
    w: wp.vec2
    k: wp.int8


@wp.struct
class S:
    x: float
    i: int
    b: wp.bool
    h: wp.int8
    v: wp.vec3
    u: wp.uint32
    d: wp.float64
    f16: wp.float16
    hv: wp.vec2h
    inner: Inner


@wp.kernel(enable_backward=False)
def sums(a: wp.array(dtype=S), add: wp.array(dtype=S), sub: wp.array(dtype=S), sm: wp.array(dtype=S),
         at: wp.array(dtype=S), sc: wp.array(dtype=S)):
    i = wp.tid()
    t = wp.tile_load(a, shape=N)
    wp.tile_store(add, t + t)
    wp.tile_store(sub, (t + t) - t)
    wp.tile_store(sm, wp.tile_sum(t))
    wp.tile_atomic_add(at, t)
    z = wp.tile_zeros(shape=N, dtype=S)
    wp.tile_scatter_add(z, 1, a[2], True)
    wp.tile_scatter_add(z, 1, a[3], True)
    wp.tile_scatter_add(z, 2, a[0], False)
    wp.tile_store(sc, z)


FILL = dict(x=("uniform", -2, 2), i=("int", -50, 50), b=("bool", 0.5), h=("int", -20, 20), v=("uniform", -1, 1),
            u=("int", 0, 1000), d=("uniform", -1, 1), f16=("choice", [0.5, 1.25, -2.0, 3.5]), hv=("choice", [0.25, -1.5, 2.0]),
            inner=dict(w=("uniform", -1, 1), k=("int", -9, 9)))

TESTS = [
    dict(name="sums", kernel="sums", dim=1, block_dim=4,
         args=dict(a=FILL, at=FILL),
         shapes=dict(a=(N,), add=(N,), sub=(N,), sm=(1,), at=(N,), sc=(N,)),
         outputs=["add", "sub", "sm", "at", "sc"]),
]
