/* builtins_linalg.c - the overload rules of the linear-algebra builtins:
 * vector/matrix helpers (argmax, ddot, diag, trace, skew, ...), the vector
 * norms of warp.math, the error function family, and the small matrix
 * decompositions (svd2, svd3, qr3, eig3), which return tuples.
 *
 * Constructors with keyword arguments (identity, matrix, vector,
 * matrix_from_cols/rows) and the out-parameter forms of the decompositions
 * are lowered by lower_linalg.c; their entries in builtins.def make them
 * known names (their checks are the positional forms, or refuse).  Matrices are
 * float matrices, as everywhere in warpc. */
#include "builtins.h"

static bool is_plain_vec(type_t t) {
  return t->kind == IR_T_VEC && t->flavor == IR_VEC_PLAIN;
}

/* numeric (not bool, not half precision: those are storage-only vectors) */
static bool is_arith_vec(type_t t) {
  return is_plain_vec(t) && is_num(t->elem) && t->scalar != WP_SCALAR_FLOAT16 &&
         t->scalar != WP_SCALAR_BFLOAT16;
}

static bool is_fmat(type_t t) {
  return t->kind == IR_T_MAT && is_f3264(t->elem);
}

static bool is_square_of(type_t t, int n) {
  return is_fmat(t) && t->rows == t->cols && (n == 0 || t->rows == n);
}

/* argmax(v), argmin(v) -> uint32 */
type_t ir_chk_arg(ir_types *T, const ir_builtin *b, type_t *a, int n,
                  const char **err) {
  (void)b;
  (void)n;
  if (is_arith_vec(a[0]))
    return ir_t_scalar(T, WP_SCALAR_UINT32);
  return fail(T, err, NULL);
}

/* ddot(a, b): two matrices of one shape -> their scalar */
type_t ir_chk_ddot(ir_types *T, const ir_builtin *b, type_t *a, int n,
                   const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "argument types must be the same");
  if (is_fmat(a[0]))
    return a[0]->elem;
  return fail(T, err, NULL);
}

/* diag(v) -> square matrix; get_diag(m), trace(m) of a square matrix;
 * skew(v3) -> mat33 */
type_t ir_chk_diag(ir_types *T, const ir_builtin *b, type_t *a, int n,
                   const char **err) {
  (void)n;
  type_t x = a[0];
  if (b->id == IR_B_DIAG || b->id == IR_B_SKEW) {
    if (!is_plain_vec(x) || !is_f3264(x->elem))
      return fail(T, err, NULL);
    if (b->id == IR_B_SKEW && x->rows != 3)
      return fail(T, err, "the vector must have 3 components");
    return ir_t_mat(T, x->scalar, x->rows, x->rows);
  }
  if (!is_fmat(x))
    return fail(T, err, NULL);
  if (x->rows != x->cols)
    return fail(T, err, "the matrix must be square");
  return b->id == IR_B_TRACE ? x->elem : ir_t_vec(T, x->scalar, x->rows);
}

/* warp.math norms: (vector of float32[, float32 delta]); like Warp's
 * generic functions, which only type-check for float32 vectors (norm_l2 is
 * length(), defined for float64 too). */
type_t ir_chk_norm(ir_types *T, const ir_builtin *b, type_t *a, int n,
                   const char **err) {
  type_t v = a[0];
  bool l2 = b->id == IR_B_NORM_L2;
  if (!is_plain_vec(v) || !(v->scalar == WP_SCALAR_FLOAT32 ||
                            (l2 && v->scalar == WP_SCALAR_FLOAT64)))
    return fail(T, err, "the vector must be a vector of float32");
  bool has_delta = b->id != IR_B_NORM_L1 && !l2;
  if (n != (has_delta ? 2 : 1))
    return fail(T, err, NULL);
  if (has_delta && !is_scalar_of(a[1], WP_SCALAR_FLOAT32))
    return fail(T, err, "delta must be a float32");
  return b->id == IR_B_SMOOTH_NORMALIZE ? v : v->elem;
}

/* svd3(A) -> (U, sigma, V); svd2 likewise; qr3(A) -> (Q, R);
 * eig3(A) -> (Q, d).  One argument: the out-parameter forms are rewritten
 * by the lowering. */
type_t ir_chk_decomp(ir_types *T, const ir_builtin *b, type_t *a, int n,
                     const char **err) {
  int dim = b->id == IR_B_SVD2 ? 2 : 3;
  if (n != 1 || !is_square_of(a[0], dim))
    return fail(T, err,
                dim == 2 ? "A must be a 2x2 float matrix"
                         : "A must be a 3x3 float matrix");
  type_t m = a[0], v = ir_t_vec(T, m->scalar, dim);
  type_t mem[3] = {m, v, m};
  if (b->id == IR_B_QR3)
    mem[1] = m;
  bool svd = b->id == IR_B_SVD2 || b->id == IR_B_SVD3;
  return ir_t_tuple(T, mem, svd ? 3 : 2);
}

/* erf(x) and friends: float32/float64 scalars */
type_t ir_chk_erf(ir_types *T, const ir_builtin *b, type_t *a, int n,
                  const char **err) {
  (void)b;
  (void)n;
  if (is_f3264(a[0]))
    return a[0];
  return fail(T, err, NULL);
}

/* Names the lowering builds itself (lower_linalg.c): never reached as a
 * plain builtin call. */
type_t ir_chk_lowered(ir_types *T, const ir_builtin *b, type_t *a, int n,
                      const char **err) {
  (void)b;
  (void)a;
  (void)n;
  return fail(T, err, "handled by the lowering");
}
