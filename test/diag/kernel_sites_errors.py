# Kernels made by a module-level wp.kernel(f) are compiled like @wp.kernel
# defs, so their errors are errors; a kernel nested in a function whose free
# names all resolve at module level is compiled too, but it exists only when
# the function runs: its first error becomes a warning at its def and it is
# left out (both used to be skipped without a word).
import warp as wp

SCALE = 2.0


def bad_body(a: wp.array(dtype=float)):
    a[wp.tid()] = wp.vec3(1.0) + SCALE


k = wp.kernel(bad_body)


def test_nested():
    @wp.kernel
    def nested(a: wp.array(dtype=float)):
        a[wp.tid()] = SCALE + wp.vec2(1.0)

    @wp.kernel
    def fine(a: wp.array(dtype=float)):
        a[wp.tid()] = SCALE

    return nested, fine

# expect: 12:19: cannot add
# expect-warning: 20:9: kernel 'nested' defined in 'test_nested' is not compiled: 21:23: cannot add
