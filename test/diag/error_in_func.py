# An error inside a @wp.func is reported once, at the func, even when
# several kernels call it.
import warp as wp


@wp.func
def soft_clamp(x: float) -> float:
    return x / (1 + wp.abs(x))


@wp.kernel
def k1(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = soft_clamp(a[i])


@wp.kernel
def k2(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = soft_clamp(2.0 * a[i])

# expect: 8:17: cannot add 'int32' and 'float32'
