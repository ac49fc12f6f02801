# Array views and slices (a[i], a[lo:hi:step], read as values) are
# supported; what stays rejected: stores, updates and atomics with fewer
# indices than dimensions or with slices (as warp-lang 1.19.0), a constant
# zero slice step, too many parts.
import warp as wp


@wp.kernel
def k(b: wp.array2d(dtype=float), c: wp.array(dtype=float)):
    i = wp.tid()
    b[i] = 1.0
    b[i] += 1.0
    wp.atomic_add(b, i, 1.0)
    c[0:2] = 1.0
    s = c[::0]
    t = b[0:1, :, 2]
    r = b[i]
    r[i] = c

# expect: 11:5: 1 index for a 2-d array: a store, update or reference needs all 2 (only a read, as in `row = a[i]`, makes a view)
# expect: 12:5: 1 index for a 2-d array: a store, update or reference needs all 2 (only a read, as in `row = a[i]`, makes a view)
# expect: 13:5: 'atomic_add' on a 2-d array needs 2 indices, got 1
# expect: 14:7: a store, update or reference cannot go through a slice: index each element (a slice read as a value is a view)
# expect: 15:13: slice step cannot be zero
# expect: 16:9: too many indices for a 2-d array: 3 given
# expect: 18:12: cannot store a value of type 'array(dtype=float32, ndim=1)' into an array of 'float32'
