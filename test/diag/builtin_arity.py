# A builtin called with the wrong number of arguments.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = wp.sqrt(1.0, 2.0)


@wp.kernel
def k2(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = wp.max(a[i])

# expect: 8:12: 'sqrt' takes 1 argument, got 2
# expect: 14:12: 'max'
