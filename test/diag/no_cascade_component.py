# Assigning to a variable whose initializer had an error, or to one of its
# components, adds no "cannot assign to a component of 'None'" / "cannot
# assign a value of type 'int32' to 'n', which has type 'None'" errors.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), m: wp.array(dtype=wp.mat22)):
    i = wp.tid()
    v = wp.vector(length=65, dtype=float)
    v[0] = a[i]
    v[1] += 2.0
    a[i] = v[0]
    w = wp.mat22(i, 2, 3, 4)
    w[0, 1] = 5.0
    m[i] = w
    n = wp.static(len(a))
    n = 3
    a[i] = float(n)

# expect: 10:26: length must be between 1 and 64, got 65
# expect: 14:18: all values used to initialize a 'mat22f' must be 'float32', got 'int32'
# expect: 17:23: 'a' is not a compile-time constant
