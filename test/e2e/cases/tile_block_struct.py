"""Tiles of @wp.struct elements: tile_load / tile_store of arrays of
structs, tile_zeros and tile_full of a struct, tile_map of @wp.funcs over
structs (struct and float results), tile_extract and element assignment,
tile_sort with a struct payload, tile_load_indexed / tile_store_indexed,
tile_scatter_masked and a tile stack of structs, against warp-lang."""
import warp as wp

N = 8


@wp.struct
class Body:
    pos: wp.vec3
    mass: float
    tag: int


@wp.func
def scale(b: Body) -> Body:
    r = Body()
    r.pos = b.pos * 2.0
    r.mass = b.mass + 1.0
    r.tag = b.tag * 3
    return r


@wp.func
def energy(b: Body, c: Body) -> float:
    return wp.dot(b.pos, c.pos) * b.mass + float(c.tag)


@wp.kernel(enable_backward=False)
def structs(a: wp.array(dtype=Body), keys: wp.array(dtype=int), idx: wp.array(dtype=int), out: wp.array2d(dtype=Body),
            e: wp.array(dtype=float), tot: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=N)
    s = wp.tile_map(scale, t)
    wp.tile_store(out[0], s)
    en = wp.tile_map(energy, t, s)
    wp.tile_store(e, en)
    wp.tile_store(tot, wp.tile_sum(en))
    z = wp.tile_zeros(shape=N, dtype=Body)
    z[2] = t[5]
    b = wp.tile_extract(s, 1)
    z[3] = b
    wp.tile_store(out[1], z)
    k = wp.tile_load(keys, shape=N)
    v = wp.tile_load(a, shape=N)
    wp.tile_sort(k, v)
    wp.tile_store(out[2], v)
    g = wp.tile_load_indexed(a, indices=wp.tile_load(idx, shape=N), shape=(N,), axis=0)
    wp.tile_store(out[3], g)
    wp.tile_store_indexed(out[4], indices=wp.tile_load(idx, shape=N), t=s, axis=0)
    f = wp.tile_full(shape=N, value=t[0], dtype=Body)
    wp.tile_scatter_masked(f, 6, t[7], True)
    wp.tile_store(out[5], f)
    st = wp.tile_stack(capacity=4, dtype=Body)
    wp.tile_stack_push(st, t[3], True)
    wp.tile_stack_push(st, t[4], True)
    top, slot = wp.tile_stack_pop(st)
    out[6, 0] = top
    out[6, 1] = scale(t[slot])
    ft = wp.tile_from_thread(shape=2, value=t[1], thread_idx=0)
    wp.tile_store(out[6], ft, offset=(2,))


TESTS = [
    dict(name="structs", kernel="structs", dim=1, block_dim=8,
         args=dict(a=dict(pos=("uniform", -1, 1), mass=("uniform", 0.5, 2), tag=("int", -5, 5)), keys=("int", -50, 50), idx=("choice", [7, 6, 5, 4, 3, 2, 1, 0])),
         shapes=dict(a=(N,), keys=(N,), idx=(N,), out=(7, N), e=(N,), tot=(1,)),
         outputs=["out", "e", "tot"]),
]
