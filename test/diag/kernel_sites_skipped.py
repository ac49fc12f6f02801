# Kernels warpc does not compile get a warning at their def or call saying
# why, never silence: closing over a parameter or a local of the enclosing
# function, defined in a loop, an if block or a class body, defined twice,
# made by wp.Kernel()/wp.kernel() inside a function or kept in a list, made
# of something that is no def of the file.
# expect-exit: 0
import warp as wp

SCALE = 2.0


def plain(a: wp.array(dtype=float)):
    a[wp.tid()] = SCALE


def test_things(test, device):
    n = 4

    @wp.kernel
    def uses_param(a: wp.array(dtype=float)):
        if device == "cpu":
            a[0] = 1.0

    @wp.kernel
    def uses_local(a: wp.array(dtype=float)):
        a[wp.tid()] = float(n)

    @wp.kernel
    def twice(a: wp.array(dtype=float)):
        a[0] = 1.0

    @wp.kernel
    def twice(a: wp.array(dtype=float)):
        a[0] = 2.0

    for _i in range(3):

        @wp.kernel
        def in_loop(a: wp.array(dtype=float)):
            a[0] = 1.0

    if n > 2:

        @wp.kernel
        def in_if(a: wp.array(dtype=float)):
            a[0] = 1.0

    kern = wp.Kernel(func=plain)
    kernels = [wp.kernel(plain)]
    return kern, kernels


class Holder:
    @wp.kernel
    def in_class(a: wp.array(dtype=float)):
        a[0] = 1.0


not_a_def = wp.kernel(len)
by_module = {"k": wp.kernel(plain)}

# expect-warning: 20:9: kernel 'uses_param' closes over the parameter 'device' of 'test_things'
# expect-warning: 25:9: kernel 'uses_local' uses 'n', a local name of 'test_things'
# expect-warning: 29:9: kernel 'twice' is defined again in 'test_things' (line 33)
# expect-warning: 39:13: kernel 'in_loop' is defined in a for loop in 'test_things'
# expect-warning: 45:13: kernel 'in_if' is defined in an if block in 'test_things'
# expect-warning: 48:12: the kernel made by this call in 'test_things' is not compiled
# expect-warning: 49:16: the kernel made by this call in a list in 'test_things' is not compiled
# expect-warning: 55:9: kernel 'in_class' is defined in the body of class 'Holder'
# expect-warning: 59:13: the kernel made by this call is not compiled: its function is not a def of this file
# expect-warning: 60:19: the kernel made by this call in a dict is not compiled
