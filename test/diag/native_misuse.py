# @wp.func_native forms warpc cannot paste into C.
import warp as wp

NOT_A_STRING = 3


@wp.func_native(NOT_A_STRING)
def a(x: float) -> float:
    ...


@wp.func_native("return double;")
def b(double: float) -> float:
    ...


@wp.func_native("return arr . shape[0] + 0 * q->x;")
def c(arr: wp.array(dtype=float), q: wp.array(dtype=float)) -> float:
    ...


@wp.func_native("return m;")
def d(m: wp.mat22) -> wp.mat22:
    ...


@wp.func_native("x[0] = 1.0f; return 0;", "adj_x[0] += adj_ret;")
def e(x: wp.array(dtype=float), ms: wp.array(dtype=wp.mat22)) -> float:
    ...


@wp.kernel
def k(out: wp.array(dtype=float), ms: wp.array(dtype=wp.mat22)):
    out[0] = a(1.0)
    out[1] = b(1.0)
    out[2] = c(out, out)
    m = d(wp.mat22())
    out[3] = e(out, ms)

# expect: 7:17: the snippet of @wp.func_native must be a string literal or a module-level name bound to one
# expect: 13:7: parameter 'double' of @wp.func_native 'b' cannot be a C identifier in the pasted snippet; rename it
# expect: 18:7: array parameter 'arr' of @wp.func_native 'c' reaches the snippet as a pointer to its first element (what Warp's array_t converts to); warpc cannot give the snippet its members (arr.shape, .data, ...): pass them as parameters
# expect: 18:35: array parameter 'q' of @wp.func_native 'c' reaches the snippet as a pointer to its first element (what Warp's array_t converts to); warpc cannot give the snippet its members (q.shape, .data, ...): pass them as parameters
# expect: 23:7: warpc supports @wp.func_native parameters of scalar and vector types and arrays of them only; 'm' is a 'mat22f'
# expect: 23:23: warpc supports @wp.func_native results of scalar and vector types only; this is a 'mat22f'
# expect: 28:33: warpc supports @wp.func_native parameters of scalar and vector types and arrays of them only; 'ms' is a 'array(dtype=mat22f, ndim=1)'
# expect: 27:43: warpc does not run the adj_snippet of a @wp.func_native with array parameters (Warp passes it their gradient arrays as adj_<name>); write the gradient with @wp.func_grad of a @wp.func instead
