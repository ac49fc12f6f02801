# A name bound again to a value of another type is an error, as in
# warp-lang ("assigning to existing symbol with different type"), except an
# array of the same dtype and another ndim in the kernel's body itself
# (e2e.rebind_types): not in a branch, not a parameter, not another dtype.
import warp as wp


@wp.kernel
def bad(arr: wp.array2d(dtype=float), ints: wp.array2d(dtype=int), flag: int):
    y = arr[0, 0]
    y = wp.vec2(y, 1.0)
    sub = arr[:2]
    if flag > 0:
        sub = arr[0]
    sub = ints[0]
    arr = arr[0]

# expect: 11:5: cannot assign a value of type 'vec2f' to 'y', which has type 'float32'
# expect: 14:9: cannot assign a value of type 'array(dtype=float32, ndim=1)' to 'sub', which has type 'array(dtype=float32, ndim=2)'
# expect: 15:5: cannot assign a value of type 'array(dtype=int32, ndim=1)' to 'sub', which has type 'array(dtype=float32, ndim=2)'
# expect: 16:5: cannot assign a value of type 'array(dtype=float32, ndim=1)' to 'arr', which has type 'array(dtype=float32, ndim=2)'
