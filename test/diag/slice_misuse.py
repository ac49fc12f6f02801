# Slices of vectors and matrices: bounds must be compile-time integers (the
# index beside one, m[n, 1:], may be a runtime value); an empty slice; a store of the wrong length.
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=int), out: wp.array(dtype=float)):
    i = wp.tid()
    v = wp.vec4(1.0, 2.0, 3.0, 4.0)
    m = wp.mat33()
    n = x[i]
    a = v[:n]
    b = m[n, 1:]
    c = v[3:1]
    v[1:3] = wp.vec3(1.0, 2.0, 3.0)
    d = m[0, 1:, 2]
    out[i] = a[0] + b[0] + c[0] + d[0]

# expect: 12:12: a vector slice bound must be a compile-time integer
# expect: 14:11: this slice of a 'vec4f' is empty
# expect: 15:14: cannot assign a 'vec3f' to a slice of 2 components of 'vec4f' (a vector of 2 'float32' is needed)
# expect: 16:9: 'mat33f' cannot be sliced this way
