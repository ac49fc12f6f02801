# Two @wp.func that call each other.
import warp as wp


@wp.func
def is_even(n: int) -> int:
    if n == 0:
        return 1
    return is_odd(n - 1)


@wp.func
def is_odd(n: int) -> int:
    if n == 0:
        return 0
    return is_even(n - 1)


@wp.kernel
def k(a: wp.array(dtype=int)):
    i = wp.tid()
    a[i] = is_even(i)

# expect: 16:12: recursive call of 'is_even': recursion is not supported
