# An operand of `and` / `or` is converted to bool: a vector has no truth
# value (warp-lang 1.19.0 fails in its C++ compile).
import warp as wp


@wp.kernel
def vec_operand(a: wp.array(dtype=wp.vec3), out: wp.array(dtype=int)):
    i = wp.tid()
    if i > 0 and a[i]:
        out[i] = 1

# expect: 9:18: an operand of 'and' / 'or' must be a scalar, a bool or an array, not 'vec3f'
