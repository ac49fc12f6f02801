# Array views (a[i] of an N-d array read as a value) are supported; what
# stays rejected: slices of arrays (warpc does not do them yet), and stores,
# updates and atomics with fewer indices than dimensions (as warp-lang 1.19.0).
import warp as wp


@wp.kernel
def k(b: wp.array2d(dtype=float), c: wp.array(dtype=float)):
    i = wp.tid()
    b[i] = 1.0
    b[i] += 1.0
    wp.atomic_add(b, i, 1.0)
    r = b[i]
    s = r[0:1]
    t = c[1:]
    u = b[i, 0:2]
    r[i] = c

# expect: 10:5: 1 index for a 2-d array: a store, update or reference needs all 2 (only a read, as in `row = a[i]`, makes a view)
# expect: 11:5: 1 index for a 2-d array: a store, update or reference needs all 2 (only a read, as in `row = a[i]`, makes a view)
# expect: 12:5: 'atomic_add' on a 2-d array needs 2 indices, got 1
# expect: 14:11: array slices are not supported in kernels
# expect: 15:11: array slices are not supported in kernels
# expect: 16:14: array slices are not supported in kernels
# expect: 17:12: cannot store a value of type 'array(dtype=float32, ndim=1)' into an array of 'float32'
