# Constructs warp-lang 1.19.0 no longer accepts, each with what to write
# instead: wp.select (removed in 1.10), a matrix built from vectors (removed in
# 1.12, wp.matrix and the typed constructors alike), isnan/isinf/isfinite of
# integers (removed in 1.19), the internal namespaces wp.constants and
# warp.math (removed in 1.12).  1.19.0 rejects each of these lines.
import warp as wp


@wp.kernel
def k(out: wp.array(dtype=float), m: wp.array(dtype=wp.mat22), n: wp.array(dtype=int)):
    i = wp.tid()
    out[i] = wp.select(i > 2, 1.0, 2.0)
    v = wp.vec2(1.0, 2.0)
    m[i] = wp.matrix(v, v, shape=(2, 2))
    m[i] = wp.mat22(v, v)
    n[i] = int(wp.isnan(i))
    n[i] = int(wp.isinf(wp.vec3i(1, 2, 3)))
    n[i] = int(wp.isfinite(wp.int64(i)))
    out[i] = wp.constants.pi
    out[i] = wp.math.norm_l1(wp.vec3(1.0))

# expect: 12:14: wp.select() was removed in warp-lang 1.10: use wp.where(cond, value_if_true, value_if_false) (the two values swap places)
# expect: 14:22: 'mat22f' takes scalars, not vectors (warp-lang 1.12 removed building a matrix from vectors): use wp.matrix_from_cols(...) or wp.matrix_from_rows(...)
# expect: 15:21: 'mat22f' takes scalars, not vectors (warp-lang 1.12 removed building a matrix from vectors): use wp.matrix_from_cols(...) or wp.matrix_from_rows(...)
# expect: 16:16: no overload of 'isnan' for argument types (int32): takes floating-point values since warp-lang 1.19 (an integer is never NaN or infinite); convert it, e.g. float(x), or drop the test
# expect: 17:16: no overload of 'isinf' for argument types (vec3i): takes floating-point values since warp-lang 1.19 (an integer is never NaN or infinite); convert it, e.g. float(x), or drop the test
# expect: 18:16: no overload of 'isfinite' for argument types (int64): takes floating-point values since warp-lang 1.19 (an integer is never NaN or infinite); convert it, e.g. float(x), or drop the test
# expect: 19:14: 'constants.pi' is gone from warp-lang 1.12 (warp.constants was internal): use wp.pi
# expect: 20:14: 'math.norm_l1' is gone from warp-lang 1.12 (warp.math was internal): use wp.norm_l1
