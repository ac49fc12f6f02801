# Starred arguments warp-lang 1.19 rejects: array slices with bounds that
# are not constants, without an upper bound, with negative bounds or step,
# a whole array, 2-D arrays, scalars and tuples, and empty expansions.
import warp as wp


@wp.kernel
def bad(arr: wp.array(dtype=int), a2: wp.array2d(dtype=int), n: int, out: wp.array(dtype=wp.vec3i)):
    x = 42
    t = (1, 2, 3)
    out[0] = wp.vec3i(*arr[:n])
    out[1] = wp.vec3i(*arr[0:])
    out[2] = wp.vec3i(*arr[:-3])
    out[3] = wp.vec3i(*arr[5:2:-1])
    out[4] = wp.vec3i(*arr)
    out[5] = wp.vec3i(*a2[0:3])
    out[6] = wp.vec3i(*x)
    out[7] = wp.vec3i(*t)
    out[8] = wp.vec3i(*wp.vec3i(1, 2, 3)[3:])

# expect: 11:29: a slice bound of a starred argument must be a compile-time integer constant
# expect: 12:28: a starred array slice needs an explicit upper bound
# expect: 13:28: the bounds of a starred array slice cannot be negative
# expect: 14:28: the step of a starred array slice cannot be negative
# expect: 15:24: a starred array must be sliced with compile-time bounds
# expect: 16:24: only 1-D arrays can be starred, not a 2-D array
# expect: 17:24: starred arguments must be vectors, quaternions, matrices or slices of them or of a 1-D array, not 'int32'
# expect: 18:24: starred arguments must be vectors, quaternions, matrices or slices of them or of a 1-D array, not 'tuple
# expect: 19:23: this starred argument expands to nothing
