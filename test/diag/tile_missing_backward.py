# A kernel that uses a tile builtin without an adjoint rule in warpc gets no
# backward kernel: a warning at the builtin says so (it used to go without
# a word: the header just lacked the _backward launcher).  Through a func
# too; a kernel with enable_backward=False gets no warning.
import warp as wp


@wp.func
def sort_into(a: wp.array(dtype=float), b: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=8)
    k = wp.tile_load(b, shape=8)
    wp.tile_sort(k, t)
    wp.tile_store(b, t)


@wp.kernel
def direct(a: wp.array(dtype=float), b: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=8)
    k = wp.tile_load(b, shape=8)
    wp.tile_sort(k, t)
    wp.tile_store(b, t)


@wp.kernel
def through_func(a: wp.array(dtype=float), b: wp.array(dtype=float)):
    sort_into(a, b)


@wp.kernel(enable_backward=False)
def forward_only(a: wp.array(dtype=float), b: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=8)
    k = wp.tile_load(b, shape=8)
    wp.tile_sort(k, t)
    wp.tile_store(b, t)

# expect-exit: 0
# expect-warning: 12:5: kernel 'through_func' gets no backward kernel (no tile_missing_backward_through_func_backward launcher): warpc has no adjoint of wp.tile_sort yet [-Wmissing-backward]
# expect-warning: 20:5: kernel 'direct' gets no backward kernel (no tile_missing_backward_direct_backward launcher): warpc has no adjoint of wp.tile_sort yet [-Wmissing-backward]
