# wp.<name> that is neither a Warp builtin nor a Warp type.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = wp.foo(a[i])
    a[i] = wp.squareroot(a[i])

# expect: 8:12: 'foo' is not a Warp builtin
# expect: 9:12: 'squareroot' is not a Warp builtin
