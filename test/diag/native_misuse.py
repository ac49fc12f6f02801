# @wp.func_native forms warpc cannot paste into C.
import warp as wp

NOT_A_STRING = 3


@wp.func_native(NOT_A_STRING)
def a(x: float) -> float:
    ...


@wp.func_native("return double;")
def b(double: float) -> float:
    ...


@wp.func_native("return 0;")
def c(arr: wp.array(dtype=float)) -> float:
    ...


@wp.func_native("return m;")
def d(m: wp.mat22) -> wp.mat22:
    ...


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = a(1.0)
    out[1] = b(1.0)
    out[2] = c(out)
    m = d(wp.mat22())

# expect: 7:17: the snippet of @wp.func_native must be a string literal or a module-level name bound to one
# expect: 13:7: parameter 'double' of @wp.func_native 'b' cannot be a C identifier in the pasted snippet; rename it
# expect: 18:7: warpc supports @wp.func_native parameters of scalar and vector types only; 'arr' is a 'array(dtype=float32, ndim=1)'
# expect: 23:7: warpc supports @wp.func_native parameters of scalar and vector types only; 'm' is a 'mat22f'
# expect: 23:23: warpc supports @wp.func_native results of scalar and vector types only; this is a 'mat22f'
