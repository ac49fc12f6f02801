# Array indices must be integers.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array2d(dtype=float)):
    i = wp.tid()
    t = a[i]
    a[i] = a[t]
    b[i, 0.5 * t] = 1.0
    a[i] = a[1.0]

# expect: 9:14: index must be an integer, not 'float32'
# expect: 10:10: index must be an integer, not 'float32'
# expect: 11:14: index must be an integer, not 'float32'
