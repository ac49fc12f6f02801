# wp.ref[T] arguments Warp 1.19 rejects: a literal, a call's result (or a
# field of one), an arithmetic expression, a local bound to a bare literal;
# a wp.ref[T] parameter of a kernel; calls from backward-enabled kernels.
import warp as wp


@wp.struct
class Box:
    value: wp.float32


@wp.func
def make_box() -> Box:
    b = Box()
    b.value = wp.float32(1.0)
    return b


@wp.func
def make_val() -> wp.int32:
    return wp.int32(1)


@wp.func
def takes_int(x: wp.ref[wp.int32]):
    x += 1


@wp.func
def takes_float(x: wp.ref[wp.float32], value: wp.float32):
    x = value


@wp.func
def helper(a: wp.array(dtype=wp.float32), i: int):
    takes_float(a[i], 1.0)


@wp.kernel(enable_backward=False)
def bad_args():
    takes_int(wp.int32(5))
    takes_int(make_val())
    takes_float(make_box().value, wp.float32(2.0))
    y = wp.int32(1)
    takes_int(y + y)
    x = 0
    takes_int(x)
    z = 1.0
    takes_float(z, wp.float32(2.0))


@wp.kernel
def bad_backward(a: wp.array(dtype=wp.float32)):
    takes_float(a[wp.tid()], 1.0)
    helper(a, wp.tid())


@wp.kernel(enable_backward=False)
def bad_kernel_param(x: wp.ref[wp.int32]):
    pass

# expect: 41:15: wp.ref[int32] parameter requires an addressable expression (local variable, array element, struct field, or wp.ref[T] parameter)
# expect: 42:15: wp.ref[int32] parameter requires an addressable expression
# expect: 43:17: wp.ref[float32] parameter requires an addressable expression
# expect: 45:15: wp.ref[int32] parameter requires an addressable expression
# expect: 47:15: Error taking a mutable reference to constant local 'x', use the following syntax: x = wp.int32(0) to declare a dynamic variable
# expect: 49:17: Error taking a mutable reference to constant local 'z', use the following syntax: z = wp.float32(1.0) to declare a dynamic variable
# expect: 54:5: In kernel 'bad_backward': Cannot call 'takes_float' with wp.ref[T] parameters from a backward-enabled kernel. Use enable_backward=False on the kernel
# expect: 55:5: In kernel 'bad_backward': Cannot call 'takes_float' with wp.ref[T] parameters from a backward-enabled kernel
# expect: 59:25: wp.ref[T] parameters are only supported in @wp.func and @wp.func_native functions


@wp.func
def two(x: wp.ref[wp.vec3], y: wp.ref[wp.float32]):
    y += 1.0
    x[0] += 1.0


@wp.kernel(enable_backward=False)
def aliased(a: wp.array(dtype=wp.vec3)):
    v = wp.vec3(0.0, 0.0, 0.0)
    two(v, v.x)
    two(a[0], a[0][1])
    two(v, v.y)

# expect: 82:12: warpc passes wp.ref[T] arguments by copy-in/copy-out: 'v' and 'v.x' share storage
# expect: 83:15: warpc passes wp.ref[T] arguments by copy-in/copy-out: 'a[0]' and 'a[0][1]' share storage
# expect: 84:12: 'v' and 'v.y' share storage


@wp.kernel(enable_backward=False)
def void_result(a: wp.array(dtype=wp.int32)):
    v = a[0]
    y = takes_int(v)

# expect: 94:5: cannot assign to 'y': the value is None
