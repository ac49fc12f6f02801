"""`t[i] += v` and `t[i] -= v` on an element of a tile of @wp.struct
elements, every thread of the block adding its own struct (warp-lang 1.19's
test_tile_struct.py, tile_struct_value_ops_kernel, does it with one
non-zero lane): member-wise as Warp adds struct tile elements (float,
int32, float16, vector and nested struct members add; bool and int8
members keep the tile's value), against warp-lang on the CPU."""
import warp as wp

N = 8


@wp.struct
class Inner:
    w: wp.vec2
    k: wp.int32


@wp.struct
class Elem:
    x: wp.float32
    y: wp.vec3
    n: wp.int32
    h: wp.float16
    flag: wp.bool
    small: wp.int8
    inner: Inner


@wp.kernel(enable_backward=False)
def element_inplace(a: wp.array(dtype=Elem), out: wp.array(dtype=Elem)):
    _b, lane = wp.tid()
    v = a[lane]
    acc = wp.tile_zeros(shape=2, dtype=Elem, storage="shared")
    acc[0] += v
    acc[1] -= v
    t = wp.tile_load(a, shape=N, storage="shared")
    t[lane] += v          # each lane its own element: 2 * a[lane]
    t[(lane + 1) % N] -= a[0]
    wp.tile_store(out, t, offset=2)
    if lane == 0:
        out[0] = wp.tile_extract(acc, 0)
        out[1] = wp.tile_extract(acc, 1)


A = dict(x=("uniform", -2, 2), y=("uniform", -2, 2), n=("int", -9, 9), h=("uniform", -1, 1),
         flag=("bool", 0.5), small=("int", -9, 9), inner=dict(w=("uniform", -2, 2), k=("int", -9, 9)))

TESTS = [
    dict(name="element_inplace", kernel="element_inplace", dim=1, block_dim=8, args=dict(a=A),
         shapes=dict(a=(N,), out=(N + 2,)), outputs=["out"], tol=dict(out=(1e-3, 1e-3))),
]
