# Kernels nested in functions whose code has errors are left out with a
# warning naming the first error, and everything lowered for them with
# them: a broken @wp.func they share warns for each, and a func a failed
# kernel lowered is lowered again for the kernel that compiles.
# expect-exit: 0
import warp as wp


@wp.func
def broken(x: float):
    return x + wp.vec2(1.0)


@wp.func
def good(x: float):
    return x * 2.0


def test_a():
    @wp.kernel
    def ka(a: wp.array(dtype=float)):
        a[0] = good(a[0]) + broken(a[0])

    @wp.kernel
    def kb(a: wp.array(dtype=float)):
        a[0] = broken(a[0]) * 2.0

    @wp.kernel
    def kc(a: wp.array(dtype=float)):
        a[0] = good(a[0])

    return ka, kb, kc

# expect-warning: 21:9: kernel 'ka' defined in 'test_a' is not compiled: 11:12: cannot add 'float32' and 'vec2f' [-Wkernel-not-compiled]
# expect-warning: 25:9: kernel 'kb' defined in 'test_a' is not compiled: 11:12: cannot add 'float32' and 'vec2f'
