# wp.static() evaluates at compile time: a kernel variable or an array is
# not available then.
import warp as wp

N = 3


@wp.kernel
def uses_local(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = float(wp.static(i * N))


@wp.kernel
def two_args(a: wp.array(dtype=float)):
    i = wp.tid()
    if wp.static(N, 2):
        a[i] = 1.0

# expect: 11:28: 'i' is not a compile-time constant
# expect: 17:8: wp.static() takes one expression
