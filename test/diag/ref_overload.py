# Overloads of a @wp.func may not differ only by wp.ref[T] (warp-lang 1.19
# raises when the second is defined; warpc reports it at the first call).
import warp as wp


@wp.func
def f(x: wp.int32) -> wp.int32:
    return x


@wp.func
def f(x: wp.ref[wp.int32]):
    x += 1


@wp.kernel(enable_backward=False)
def k(a: wp.array(dtype=wp.int32)):
    v = a[0]
    f(v)
    a[0] = v

# expect: 12:5: Cannot overload Warp function 'f' with signatures that differ only by `wp.ref[T]`; use distinct value types or a different function name.
