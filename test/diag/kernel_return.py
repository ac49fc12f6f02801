# Kernels cannot return values: neither a return annotation nor 'return x'.
import warp as wp


@wp.kernel
def total(a: wp.array(dtype=float)) -> float:
    i = wp.tid()
    a[i] = 1.0


@wp.kernel
def first(a: wp.array(dtype=float)):
    i = wp.tid()
    if i > 0:
        return
    return a[0]

# expect: 6:40: kernels cannot return a value
# expect: 16:12: kernels cannot return a value
