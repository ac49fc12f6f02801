# wp.tile / wp.untile / tile_scatter_* / tile stacks called wrongly: each
# mistake is reported at its place.
import warp as wp


@wp.struct
class P:
    x: float


@wp.kernel
def bad(a: wp.array(dtype=float), q: wp.array(dtype=wp.quat), n: int):
    i = wp.tid()
    t = wp.tile_ones(shape=4, dtype=float)
    x = wp.untile(t)
    y = wp.tile(q[i])
    p = P()
    z = wp.tile(a)
    wp.tile_scatter_add(t, 1, 2, 2.0, True)
    wp.tile_scatter_add(t, 1, wp.vec2(), True)
    wp.tile_scatter_masked(t, 0, 1.0, 1)
    u = wp.tile_zeros(shape=2, dtype=float) + t[0:2]
    wp.tile_scatter_add(wp.tile_ones(shape=4, dtype=float), 0, 1.0, True)
    s = wp.tile_stack(capacity=n, dtype=int)
    s2 = wp.tile_stack(capacity=4, dtype=int)
    wp.tile_stack_push(s2, 1.5, True)
    w = wp.tile_sum(s2)
    c = wp.tile_stack_count(t)
    v = wp.tile_stack(capacity=0, dtype=int)
    wp.tile_stack_push(s2, 1, True, wp.tile_from_thread(shape=2, value=p, thread_idx=0))
    r1 = wp.tile_randi(shape=4, rng=wp.uint32(1), min=5, max=5)
    r2 = wp.tile_randf(shape=4, rng=wp.uint32(1), min=1, max=2)
    r3 = wp.tile_randf(shape=4, rng=1.5)

# expect: 15:19: wp.untile(): the last extent of 'tile(dtype=float32, shape=(4,))' is not the block width 1 (one thread on the CPU, as in Warp)
# expect: 16:17: wp.tile() of a 'quatf' needs preserve_type=True (as in warp-lang)
# expect: 18:17: wp.tile() takes a scalar, vector, quaternion, matrix, transform or struct, not 'array(dtype=float32, ndim=1)'
# expect: 19:34: wp.tile_scatter_add(): has_value must be a bool
# expect: 20:31: wp.tile_scatter_add(): the value must be of the tile's dtype 'float32', not 'vec2f'
# expect: 21:39: wp.tile_scatter_masked(): has_value must be a bool
# expect: 23:25: wp.tile_scatter_add(): warpc scatters into a tile variable (a name) only
# expect: 24:32: the capacity of wp.tile_stack() must be a compile-time integer
# expect: 26:28: wp.tile_stack_push(): the value must be of the stack's dtype 'int32', not 'float32'
# expect: 27:21: wp.tile_sum() needs a tile here, not 'tile_stack(dtype=int32, capacity=4)'
# expect: 28:29: wp.tile_stack_count() needs a tile stack, not 'tile(dtype=float32, shape=(4,))'
# expect: 29:32: wp.tile_stack(): the capacity must be from 1 to 262144 (warpc's limit), not 0
# expect: 30:5: wp.tile_stack_push() takes at most 3 arguments, got 4
# expect: 31:62: wp.tile_randi(): max must be greater than min
# expect: 32:55: wp.tile_randf(): min and max must be compile-time floats
# expect: 33:37: wp.tile_randf(): rng must be a uint32 (wp.rand_init), not 'float32'
