# A @wp.func whose return value does not match its declared return type.
import warp as wp


@wp.func
def unit(x: float) -> float:
    return 1


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = unit(a[i])

# expect: 7:12: declared
