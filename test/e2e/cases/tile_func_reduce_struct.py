"""wp.tile_reduce() of a @wp.func over a whole tile of structs (Warp has
no axis= form for them: diag.tile_func_reduce), bit for bit against warp-lang's CPU backend (the fold from
the first element, in order): Warp's test_tile_reduce
tile_reduce_custom_struct_kernel's argmax of keyed values, and a
non-associative member-wise combination."""
import warp as wp

EXACT = dict(rtol=0.0, atol=0.0)


@wp.struct
class KV:
    key: int
    value: float


@wp.func
def kv_max(a: KV, b: KV):
    r = KV()
    if b.value > a.value:
        r = b
    else:
        r = a
    return r


@wp.func
def kv_mix(a: KV, b: KV):
    r = KV()
    r.key = a.key * 3 - b.key
    r.value = a.value * 0.5 + b.value
    return r


@wp.kernel
def whole(values: wp.array2d(dtype=KV), best: wp.array(dtype=KV), mixed: wp.array(dtype=KV)):
    i = wp.tid()
    t = wp.tile_load(values, shape=(1, 24), offset=(i, 0))
    wp.tile_store(best, wp.tile_reduce(kv_max, t), offset=i)
    wp.tile_store(mixed, wp.tile_reduce(kv_mix, t), offset=i)


TESTS = [
    dict(name="whole", kernel="whole", dim=3, block_dim=8,
         args=dict(values=dict(key=("int", -5, 6), value=("uniform", 0.0, 1.0))),
         shapes=dict(values=(3, 24), best=(3,), mixed=(3,)), outputs=["best", "mixed"], **EXACT),
]
