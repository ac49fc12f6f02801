"""Warp's tile stacks (wp.tile_stack, tile_stack_push / pop / clear /
count): pushes with and without a value, past the capacity, pops of an
empty stack, a stack of vectors, and the loop that drains a stack, against
warp-lang's CPU backend (a block is one thread)."""
import warp as wp

CAP = wp.constant(3)


@wp.kernel
def stack(data: wp.array(dtype=int), v: wp.array(dtype=wp.vec2), out: wp.array2d(dtype=int),
          vout: wp.array2d(dtype=wp.vec2)):
    i, lane = wp.tid()
    s = wp.tile_stack(capacity=CAP, dtype=int)
    out[i, 0] = wp.tile_stack_count(s)
    out[i, 1] = wp.tile_stack_push(s, data[i] * 10, True)
    out[i, 2] = wp.tile_stack_push(s, 7, data[i] > 0)
    wp.tile_stack_push(s, data[i] + 1, True)
    out[i, 3] = wp.tile_stack_push(s, 99, True)  # full when data[i] > 0: -1
    out[i, 4] = wp.tile_stack_count(s)
    val, slot = wp.tile_stack_pop(s)
    out[i, 5] = val
    out[i, 6] = slot
    k = int(7)
    while wp.tile_stack_count(s) > 0:
        val2, slot2 = wp.tile_stack_pop(s)
        out[i, k] = val2 * 100 + slot2
        k += 1
    e, es = wp.tile_stack_pop(s)  # empty: a zero value, slot -1
    out[i, 9] = e
    out[i, 10] = es
    wp.tile_stack_push(s, 5, True)
    wp.tile_stack_clear(s)
    out[i, 11] = wp.tile_stack_count(s)
    out[i, 12] = wp.tile_stack_push(s, 6, True)
    vs = wp.tile_stack(capacity=2, dtype=wp.vec2)
    wp.tile_stack_push(vs, v[i], True)
    wp.tile_stack_push(vs, v[i] * 2.0, True)
    a, sa = wp.tile_stack_pop(vs)
    vout[i, 0] = a
    b, sb = wp.tile_stack_pop(vs)
    vout[i, 1] = b
    out[i, 13] = sa * 10 + sb


TESTS = [
    dict(name="stack", kernel="stack", dim=6, block_dim=4,
         args=dict(data=("int", -3, 3), v=("uniform", -1, 1)),
         shapes=dict(data=(6,), v=(6,), out=(6, 14), vout=(6, 2)),
         outputs=["out", "vout"]),
]
