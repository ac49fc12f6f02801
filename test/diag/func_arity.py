# A @wp.func called with too few and too many arguments.
import warp as wp


@wp.func
def madd(x: float, y: float, z: float) -> float:
    return x * y + z


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = madd(a[i], 2.0)
    a[i] = madd(a[i], 2.0, 3.0, 4.0)

# expect: 13:12: 'madd' takes 3 arguments, got 2
# expect: 14:12: 'madd' takes 3 arguments, got 4
