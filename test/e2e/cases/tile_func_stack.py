"""A tile stack passed to a @wp.func, its parameter annotated
wp.tile_stack(capacity=..., dtype=...): the function's pushes and pops
change the caller's stack (warp-lang 1.19 passes it by reference; its
test_tile_stack.py, func_tile_stack_kernel).  Against warp-lang's CPU
backend, where a block is one thread."""
import warp as wp

CAPACITY = wp.constant(4)


@wp.func
def helper_push(s: wp.tile_stack(capacity=CAPACITY, dtype=int), val: int):
    wp.tile_stack_push(s, val, True)


@wp.func
def helper_pop(s: wp.tile_stack(capacity=CAPACITY, dtype=int)) -> int:
    v, slot = wp.tile_stack_pop(s)
    return v * 100 + slot


@wp.kernel
def k(a: wp.array(dtype=int), out: wp.array2d(dtype=int)):
    i, j = wp.tid()
    s = wp.tile_stack(capacity=CAPACITY, dtype=int)
    helper_push(s, a[i] * 10)
    helper_push(s, a[i] + 1)
    out[i, 0] = wp.tile_stack_count(s)
    out[i, 1] = helper_pop(s)
    val, slot = wp.tile_stack_pop(s)
    out[i, 2] = val
    out[i, 3] = slot
    out[i, 4] = wp.tile_stack_count(s)


TESTS = [
    dict(name="func_arg", kernel="k", dim=3, block_dim=4, args=dict(a=("int", -9, 9)),
         shapes=dict(a=(3,), out=(3, 5))),
]
