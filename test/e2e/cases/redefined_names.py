"""Names bound again at module level, as Python runs the module (warp-lang's
test_codegen_instancing): a module-level alias `K1 = K` keeps the kernel,
@wp.func or @wp.struct that K named at that point (launcher t_K1 for a
kernel), while kernels see each name's last binding; a factory's arguments
and locals are what the names meant when it was called."""
import warp as wp
from redef_helper import helper_func

helper_alias = helper_func  # the imported func, though helper_func is defined again below


@wp.func
def helper_func():
    return 7


@wp.kernel
def global_kernel(a: wp.array(dtype=int)):
    a[0] = 17


global_kernel_1 = global_kernel


@wp.kernel
def global_kernel(a: wp.array(dtype=int)):
    a[0] = 42


@wp.func
def global_func():
    return 17


global_func_1 = global_func


@wp.func
def global_func():
    return 42


global_func_2 = global_func


@wp.struct
class GlobalStruct:
    v: float


GlobalStruct1 = GlobalStruct


@wp.struct
class GlobalStruct:
    v: wp.vec2


GlobalStruct2 = GlobalStruct


@wp.func
def pair_func():
    return 3


@wp.kernel
def pair_kernel(a: wp.array(dtype=int)):
    a[0] = 30


pair_kernel_1, pair_func_1 = pair_kernel, pair_func  # a tuple of aliases


@wp.func
def pair_func():
    return 4


@wp.kernel
def pair_kernel(a: wp.array(dtype=int)):
    a[0] = pair_func_1() * 10 + pair_func()


@wp.func
def helper(x: int):
    return x + 1


def make_user(f):
    h = helper  # a local: helper when the factory ran

    @wp.func
    def use(x: int):
        return f(x) * 1000 + h(x) * 100 + helper(x)  # helper: its last binding

    return use


user = make_user(helper)  # helper as bound above this call


@wp.func
def helper(x: int):
    return x + 5


@wp.kernel
def factory_time_kernel(a: wp.array(dtype=int)):
    a[0] = user(1)


def make_k(v: int):
    @wp.kernel
    def kk(a: wp.array(dtype=int)):
        a[0] = v

    return kk


made = make_k(5)
made_first = made  # the kernel of make_k(5)
made = make_k(6)


@wp.kernel
def global_func_kernel(a: wp.array(dtype=int)):
    a[0] = global_func()
    a[1] = global_func_1()
    a[2] = global_func_2()
    a[3] = helper_alias() * 10 + helper_func()


@wp.kernel
def global_struct_ctor_kernel(a: wp.array(dtype=float)):
    s0 = GlobalStruct()
    s1 = GlobalStruct1()
    s2 = GlobalStruct2()
    s0.v = wp.vec2(1.0, 2.0)
    s1.v = 3.0
    s2.v = wp.vec2(4.0, 5.0)
    a[0] = s0.v[0]
    a[1] = s0.v[1]
    a[2] = s1.v
    a[3] = s2.v[0]
    a[4] = s2.v[1]


TESTS = [
    dict(kernel="factory_time_kernel", dim=1, shapes=dict(a=1), outputs=["a"]),
    dict(kernel="made", dim=1, shapes=dict(a=1), outputs=["a"]),
    dict(kernel="made_first", dim=1, shapes=dict(a=1), outputs=["a"]),
    dict(kernel="pair_kernel", dim=1, shapes=dict(a=1), outputs=["a"]),
    dict(kernel="pair_kernel_1", dim=1, shapes=dict(a=1), outputs=["a"]),
    dict(kernel="global_kernel", dim=1, shapes=dict(a=1), outputs=["a"]),
    dict(kernel="global_kernel_1", dim=1, shapes=dict(a=1), outputs=["a"]),
    dict(kernel="global_func_kernel", dim=1, shapes=dict(a=4), outputs=["a"]),
    dict(kernel="global_struct_ctor_kernel", dim=1, shapes=dict(a=5), outputs=["a"]),
]
