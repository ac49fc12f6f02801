# warp-lang 1.19.0 still runs the hidden, undocumented dense_* builtins
# (dense_gemm, dense_chol, dense_solve, ...); warpc does not compile them and
# says what to write instead.
import warp as wp


@wp.kernel
def k(o: wp.array(dtype=float)):
    wp.dense_gemm(1, 1, 1, 0, 0, o, o, o)
    wp.dense_chol(1, o, 0.0, o)

# expect: 9:5: 'dense_gemm' is not supported by warpc: the undocumented dense_* linear-algebra builtins (write the loops, or use the matrix types' inverse/svd3/qr3) are out of scope
# expect: 10:5: 'dense_chol' is not supported by warpc: the undocumented dense_* linear-algebra builtins (write the loops, or use the matrix types' inverse/svd3/qr3) are out of scope
