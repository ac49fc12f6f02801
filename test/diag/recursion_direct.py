# A @wp.func that calls itself (there is no call stack to recurse on).
import warp as wp


@wp.func
def factorial(n: int) -> int:
    if n <= 1:
        return 1
    return n * factorial(n - 1)


@wp.kernel
def k(a: wp.array(dtype=int)):
    i = wp.tid()
    a[i] = factorial(i)

# expect: 9:16: recursive call of 'factorial': recursion is not supported
