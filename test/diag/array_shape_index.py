# a.shape[k] takes a constant k below 4 (Warp's ARRAY_MAX_DIMS; past ndim it
# is 0), not a variable or a larger constant.
import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), n: int):
    a[0, 0] = float(a.shape[4])
    a[0, 1] = float(a.shape[n])

# expect: 8:29: shape index must be a constant in [0, 4)
# expect: 9:29: shape index must be a constant in [0, 4)
