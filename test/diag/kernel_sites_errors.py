# Kernels made by a module-level wp.kernel(f) and kernels nested in a
# function whose free names all resolve at module level are compiled, so
# their errors are reported (they used to be skipped without a word).
import warp as wp

SCALE = 2.0


def bad_body(a: wp.array(dtype=float)):
    a[wp.tid()] = wp.vec3(1.0) + SCALE


k = wp.kernel(bad_body)


def test_nested():
    @wp.kernel
    def nested(a: wp.array(dtype=float)):
        a[wp.tid()] = SCALE + wp.vec2(1.0)

    return nested

# expect: 10:19: cannot add
# expect: 19:23: cannot add
