# A factory local that a loop, or an `if` whose condition is no constant,
# computes is not known at compile time: a definition using it is an error,
# never the value before the loop (warpc used total = 0 here).
import warp as wp


def make(n, flag):
    total = 0
    for i in range(n):
        total += i
    if flag.enabled:
        shift = 1.0
    else:
        shift = 2.0

    @wp.kernel
    def k(a: wp.array(dtype=float)):
        a[0] = float(total)
        a[1] = shift

    return k


k3 = make(3, None)

# expect: 18:22: captured name 'total' is not a compile-time constant
# expect: 19:16: captured name 'shift' is not a compile-time constant
