# A compound statement header without its ':' (three kernels, three errors).
import warp as wp


@wp.kernel
def positive(a: wp.array(dtype=float)):
    i = wp.tid()
    if a[i] > 0.0
        a[i] = 1.0


@wp.kernel
def accumulate(a: wp.array(dtype=float)):
    i = wp.tid()
    for j in range(3)
        a[i] = a[i] + 1.0


@wp.kernel
def fill(a: wp.array(dtype=float))
    i = wp.tid()
    a[i] = 2.0

# expect: 8:18: expected ':'
# expect: 15:22: expected ':'
# expect: 20:35: expected ':'
