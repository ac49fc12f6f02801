# Vector slices need compile-time integer bounds, a non-zero step, and must
# select at least one component.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3), m: int):
    i = wp.tid()
    v = a[i]
    x = v[0:m]
    y = v[::0]
    z = v[2:1]
    w = v[0.5:]

# expect: 10:13: a vector slice bound must be a compile-time integer
# expect: 11:11: slice step cannot be zero
# expect: 12:11: this slice of a 'vec3f' is empty
# expect: 13:11: a vector slice bound must be a compile-time integer
