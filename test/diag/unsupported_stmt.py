# Python statements and parameter kinds that Warp kernels do not support.
import warp as wp


@wp.kernel
def guarded(a: wp.array(dtype=float)):
    i = wp.tid()
    try:
        a[i] = 1.0 / a[i]
    except ZeroDivisionError:
        a[i] = 0.0


@wp.kernel
def scoped(a: wp.array(dtype=float)):
    i = wp.tid()
    with wp.ScopedDevice("cpu"):
        a[i] = 3.0


@wp.kernel
def variadic(a: wp.array(dtype=float), *args):
    i = wp.tid()
    a[i] = 1.0

# expect: 8:5: try statement is not supported in Warp kernels
# expect: 17:5: with statement is not supported in Warp kernels
# expect: 22:40: *args and **kwargs are not supported in Warp kernels
