# Kernels warpc does not compile get a warning at their def or call saying
# why, never silence: closing over a parameter or a local of the enclosing
# function (other than its top-level constants and funcs, which kernels
# nested in it use), reading its loop's variable, in an if block, defined
# twice, naming a class attribute bare in a class body (in_class compiles),
# made by wp.Kernel()/wp.kernel() inside a function or kept in a list, made
# of something that is no def of the file.
# expect-exit: 0
import warp as wp

SCALE = 2.0


def plain(a: wp.array(dtype=float)):
    a[wp.tid()] = SCALE


def test_things(test, device):
    for n in range(4): pass  # noqa: E701 (a loop variable)

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
            a[0] = float(_i)

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


def test_compiled():
    count = 3
    offset = SCALE * count

    @wp.func
    def shifted(x: float):
        return x + offset

    @wp.kernel
    def uses_constants(a: wp.array(dtype=float)):
        a[wp.tid()] = shifted(a[wp.tid()]) * float(count)

    with wp.ScopedDevice("cpu"):

        @wp.kernel
        def in_with(a: wp.array(dtype=float)):
            a[wp.tid()] = SCALE

    return uses_constants, in_with


class Scaled:
    FACTOR = 2.0

    @wp.kernel
    def uses_class_name(a: wp.array(dtype=float)):
        a[0] = FACTOR


def check_cone(test, cone: str):
    is_primal = cone == "primal"
    flag = not is_primal

    @wp.kernel
    def through_local(a: wp.array(dtype=float)):
        if wp.static(flag):
            a[0] = 1.0


class Tests:
    def test_device(self, device):
        @wp.kernel
        def method_param(a: wp.array(dtype=float)):
            if device == "cpu":
                a[0] = 1.0

# expect-warning: 22:9: kernel 'uses_param' closes over the parameter 'device' of 'test_things'
# expect-warning: 27:9: kernel 'uses_local' defined in 'test_things' is not compiled: 28:29: captured name 'n' is not a compile-time constant
# expect-warning: 31:9: kernel 'twice' is defined again in 'test_things' (line 35) and is not compiled: the last definition is the one compiled [-Wkernel-redefined]
# expect-warning: 41:13: kernel 'in_loop' reads '_i', the variable of the for loop in 'test_things' it is defined in, and is not compiled: it is another kernel each time round
# expect-warning: 47:13: kernel 'in_if' is defined in an if block in 'test_things'
# expect-warning: 50:12: the kernel made by this call in 'test_things' is not compiled
# expect-warning: 51:16: the kernel made by this call in a list in 'test_things' is not compiled
# expect-warning: 61:13: the kernel made by this call is not compiled: its function is not a def of this file
# expect-warning: 62:19: the kernel made by this call in a dict is not compiled
# expect-warning: 90:9: kernel 'uses_class_name' defined in 'Scaled' is not compiled: 91:16: name 'FACTOR' is not defined
# expect-warning: 99:9: kernel 'through_local' closes over the parameter 'cone' of 'check_cone' (through its local 'flag') and is not compiled: it exists only when 'check_cone' runs
# expect-warning: 107:13: kernel 'method_param' closes over the parameter 'device' of 'test_device' and is not compiled: it exists only when 'test_device' runs
