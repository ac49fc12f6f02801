# A float times an int literal: Warp does not convert implicitly.
import warp as wp


@wp.kernel
def scale(a: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    a[i] = x * 2


@wp.kernel
def offset(a: wp.array(dtype=float), n: int):
    i = wp.tid()
    a[i] = a[i] + n

# expect: 9:12: cannot multiply 'float32' and 'int32'
# expect: 15:12: cannot add 'float32' and 'int32'
