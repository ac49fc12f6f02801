# a[i, j] on a 1-d array, read and write.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array2d(dtype=float)):
    i, j = wp.tid()
    b[i, j] = a[i, j]
    a[i, j] = b[i, j]
    b[i, j, 0] = 0.0

# expect: 8:15: too many indices for a 1-d array: 2 given
# expect: 9:5: too many indices for a 1-d array: 2 given
# expect: 10:5: too many indices for a 2-d array: 3 given
