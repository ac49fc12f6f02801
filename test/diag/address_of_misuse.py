# wp.address_of() arguments Warp 1.19 rejects (value temporaries, a field of
# a call's result, a local bound to a bare literal), and its use in a
# backward-enabled kernel, where warpc does not differentiate through it.
import warp as wp


@wp.struct
class Box:
    value: wp.float32


@wp.func
def make_box() -> Box:
    b = Box()
    b.value = wp.float32(1.0)
    return b


@wp.kernel(enable_backward=False)
def bad(result: wp.array(dtype=wp.uint64)):
    x = wp.int32(1)
    y = wp.int32(2)
    result[0] = wp.address_of(x + y)
    result[1] = wp.address_of(wp.vec3f(1.0, 2.0, 3.0).x)
    result[2] = wp.address_of(make_box().value)
    z = 0
    result[3] = wp.address_of(z)
    result[4] = wp.address_of(x, y)


@wp.kernel
def with_backward(a: wp.array(dtype=wp.float32), result: wp.array(dtype=wp.uint64)):
    result[0] = wp.address_of(a[0])

# expect: 23:31: wp.address_of() requires an addressable expression (local variable, array element, struct field, or wp.ref[T] parameter)
# expect: 24:31: wp.address_of() requires an addressable expression
# expect: 25:31: wp.address_of() requires an addressable expression
# expect: 27:31: Error taking a mutable reference to constant local 'z', use the following syntax: z = wp.int32(0) to declare a dynamic variable
# expect: 28:17: wp.address_of() takes one argument
# expect: 33:17: warpc does not differentiate through wp.address_of(): use @wp.kernel(enable_backward=False) on kernel 'with_backward'
