# Warp (1.10) has no iterator over vectors or matrices: loop over indices.
import warp as wp


@wp.kernel
def sum_components(a: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    s = float(0.0)
    for x in a[i]:
        s += x
    out[i] = s


@wp.kernel
def over_array(a: wp.array(dtype=float)):
    for x in a:
        pass

# expect: 9:14: Warp cannot iterate over a 'vec3f': loop over its indices, 'for i in range(3)'
# expect: 16:14: only 'for ... in range(...)' loops are supported in kernels
