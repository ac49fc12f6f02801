"""A name bound again to an array of the same dtype and another ndim in a
kernel's body itself is a new variable from there on, as warp-lang (whose
check compares arrays' dtypes only) allows: slices of several ranks under
one name (warp's test_array slicing kernels), then a loop reading the new
binding.  Other types stay an error, in warp-lang too
(diag.rebind_types)."""
import warp as wp


@wp.kernel
def slices(arr: wp.array2d(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    sub = arr[:2]
    r = sub.shape[0] * 100 + sub.shape[1] * 10 + sub[1, 3]
    sub = arr[:2, 1]
    r += sub.shape[0] * 1000 + sub[1]
    sub = arr[i]
    for j in range(sub.shape[0]):
        r += sub[j] * 10000
    out[i] = r


TESTS = [
    dict(kernel="slices", dim=4, args=dict(arr="arange"), shapes=dict(arr=(4, 5), out=(4,)), outputs=["out"]),
]
