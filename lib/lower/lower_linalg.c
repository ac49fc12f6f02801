/* lower_linalg.c - calls of the linear-algebra builtins (registry entries in
 * builtins_linalg.c) that need more than positional arguments: keyword
 * arguments bound by Warp's parameter names, the delta=1.0 default of the
 * warp.math norms (and Warp's parameter names of the warp.math rotation
 * helpers, copysign and bit_count), the constructors wp.identity / wp.matrix /
 * wp.vector / wp.matrix_from_cols / wp.matrix_from_rows (lowered to IR_COMPOSE
 * and IR_CAST), and the out-parameter forms of svd2/svd3/qr3/eig3, where the
 * result members are written to the local variables passed. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"

enum { MAX_PARAMS = 4 }; /* the most parameters of an entry of sigs[] */

/* Warp's parameter names (warp/__init__.pyi). */
static const struct sig {
  ir_builtin_id id;
  const char *params[MAX_PARAMS];
} sigs[] = {
    {IR_B_ARGMAX, {"a"}},
    {IR_B_ARGMIN, {"a"}},
    {IR_B_DDOT, {"a", "b"}},
    {IR_B_DIAG, {"vec"}},
    {IR_B_GET_DIAG, {"mat"}},
    {IR_B_TRACE, {"a"}},
    {IR_B_SKEW, {"vec"}},
    {IR_B_NORM_L1, {"v"}},
    {IR_B_NORM_L2, {"v"}},
    {IR_B_NORM_HUBER, {"v", "delta"}},
    {IR_B_NORM_PSEUDO_HUBER, {"v", "delta"}},
    {IR_B_SMOOTH_NORMALIZE, {"v", "delta"}},
    {IR_B_ERF, {"x"}},
    {IR_B_ERFC, {"x"}},
    {IR_B_ERFINV, {"x"}},
    {IR_B_ERFCINV, {"x"}},
    {IR_B_SVD2, {"A", "U", "sigma", "V"}},
    {IR_B_SVD3, {"A", "U", "sigma", "V"}},
    {IR_B_QR3, {"A", "Q", "R"}},
    {IR_B_EIG3, {"A", "Q", "d"}},
    {IR_B_IDENTITY, {"n", "dtype"}},
    {IR_B_MATRIX, {0}},
    {IR_B_VECTOR, {0}},
    {IR_B_MATRIX_FROM_COLS, {0}},
    {IR_B_MATRIX_FROM_ROWS, {0}},
    /* the warp.math rotation helpers and scalar builtins of 1.11..1.19 */
    {IR_B_QUAT_TWIST, {"axis", "q"}},
    {IR_B_QUAT_TWIST_ANGLE, {"axis", "q"}},
    {IR_B_QUAT_TWIST_ANGLE_SIGNED, {"axis", "q"}},
    {IR_B_QUAT_TO_RPY, {"q"}},
    {IR_B_QUAT_TO_EULER, {"q", "i", "j", "k"}},
    {IR_B_QUAT_FROM_EULER, {"e", "i", "j", "k"}},
    {IR_B_VELOCITY_AT_POINT, {"qd", "r"}},
    {IR_B_TRANSFORM_TWIST, {"t", "x"}},
    {IR_B_TRANSFORM_WRENCH, {"t", "x"}},
    {IR_B_COPYSIGN, {"x", "y"}},
    {IR_B_BIT_COUNT, {"x"}},
};

static const struct sig *find_sig(ir_builtin_id id) {
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
    if (sigs[i].id == id)
      return &sigs[i];
  return NULL;
}

bool lower_linalg_handles(ir_builtin_id id) {
  return find_sig(id) != NULL;
}

/* The argument expressions of `e` by parameter (NULL: not given); false
 * when reported. */
static bool bind(lower_ctx *c, const ast_expr *e, const struct sig *s,
                 const ast_expr **out) {
  const char *name = ir_builtin_get(s->id)->name; /* for messages */
  int np = 0;
  while (np < MAX_PARAMS && s->params[np])
    np++;
  for (int i = 0; i < MAX_PARAMS; i++)
    out[i] = NULL;
  if (e->nitems > np) {
    wp_error(c->diag, e->loc, "'%s' takes at most %d argument%s, got %d", name,
             np, np == 1 ? "" : "s", e->nitems);
    return false;
  }
  for (int i = 0; i < e->nitems; i++)
    out[i] = e->items[i];
  for (int k = 0; k < e->nkeywords; k++) {
    int i = 0;
    while (i < np && strcmp(s->params[i], e->keywords[k].name))
      i++;
    if (i == np) {
      wp_error(c->diag, e->keywords[k].loc, "'%s' has no argument '%s'", name,
               e->keywords[k].name);
      return false;
    }
    if (out[i]) {
      wp_error(c->diag, e->keywords[k].loc,
               "argument '%s' of '%s' is given twice", s->params[i], name);
      return false;
    }
    out[i] = e->keywords[k].value;
  }
  return true;
}

/* ---- constructors ------------------------------------------------------ */

static const ast_expr *keyword(const ast_expr *e, const char *name) {
  for (int i = 0; i < e->nkeywords; i++)
    if (!strcmp(e->keywords[i].name, name))
      return e->keywords[i].value;
  return NULL;
}

/* A compile-time int (literal or module constant) >= 1; -1 when reported. */
static int const_dim(lower_ctx *c, const ast_expr *x, const char *what) {
  ir_value *v = lower_expr(c, x);
  if (!v)
    return -1;
  if (v->op != IR_CONST || !ir_type_is_int(v->type)) {
    wp_error(c->diag, x->loc, "%s must be a constant integer", what);
    return -1;
  }
  if (v->ival < 1 || v->ival > IR_MAX_DIM) {
    wp_error(c->diag, x->loc, "%s must be between 1 and %d, got %lld", what,
             IR_MAX_DIM, (long long)v->ival);
    return -1;
  }
  return (int)v->ival;
}

/* dtype= of a constructor: a scalar type, 0 when absent, -1 reported. */
static int dtype_arg(lower_ctx *c, const ast_expr *x) {
  if (!x)
    return 0;
  const ir_type *t = lower_type_expr(c, x);
  if (!t)
    return -1;
  if (t->kind != IR_T_SCALAR) {
    wp_error(c->diag, x->loc, "dtype must be a scalar type, not '%s'", t->name);
    return -1;
  }
  return t->scalar;
}

/* Only the named keywords are accepted by a constructor. */
static bool only_keywords(lower_ctx *c, const ast_expr *e, const char *name,
                          const char *k1, const char *k2) {
  for (int i = 0; i < e->nkeywords; i++) {
    const char *k = e->keywords[i].name;
    if (strcmp(k, k1) && strcmp(k, k2)) {
      wp_error(c->diag, e->keywords[i].loc, "'%s' has no argument '%s'", name,
               k);
      return false;
    }
  }
  return true;
}

static bool float_matrix_dtype(lower_ctx *c, wp_loc loc, int s,
                               const char *name) {
  if (s == WP_SCALAR_FLOAT32 || s == WP_SCALAR_FLOAT64 || ir_scalar_is_half(s))
    return true;
  wp_error(c->diag, loc, "'%s': matrices of '%s' are not supported", name,
           ir_scalar_name(s));
  return false;
}

static ir_value *identity(lower_ctx *c, const ast_expr *e,
                          const struct sig *s) {
  const ast_expr *a[MAX_PARAMS];
  if (!bind(c, e, s, a))
    return NULL;
  if (!a[0] || !a[1]) {
    wp_error(c->diag, e->loc, "'identity' takes n and dtype");
    return NULL;
  }
  int n = const_dim(c, a[0], "n");
  int st = dtype_arg(c, a[1]);
  if (n < 0 || st < 0 || !float_matrix_dtype(c, a[1]->loc, st, "identity"))
    return NULL;
  const ir_type *sc = ir_t_scalar(c->T, st);
  ir_value *zero = lower_const_float(c, sc, 0.0);
  ir_value *one = lower_const_float(c, sc, 1.0);
  ir_value **comps = WP_NEW_ARRAY(c->A, ir_value *, n * n);
  for (int i = 0; i < n * n; i++)
    comps[i] = i / n == i % n ? one : zero;
  return lower_emit(c, IR_COMPOSE, ir_t_mat(c->T, st, n, n), comps, n * n,
                    e->loc);
}

/* The positional arguments of `e` lowered into *out (an arena array); their
 * number, or -1 when reported. */
static int lower_items(lower_ctx *c, const ast_expr *e, ir_value ***out) {
  ir_value **args = *out = WP_NEW_ARRAY(c->A, ir_value *, e->nitems + 1);
  int ok = 1;
  for (int i = 0; i < e->nitems; i++)
    if (!(args[i] = lower_expr(c, e->items[i])))
      ok = 0;
  return ok ? e->nitems : -1;
}

/* The scalar type of a constructor argument (its own, or its components'). */
static int scalar_of(const ir_value *v) {
  return v->type->kind == IR_T_SCALAR || v->type->kind == IR_T_VEC ||
                 v->type->kind == IR_T_MAT
             ? v->type->scalar
             : 0;
}

/* wp.matrix(*args, shape=(R, C), dtype=T) */
static ir_value *matrix(lower_ctx *c, const ast_expr *e) {
  if (!only_keywords(c, e, "matrix", "shape", "dtype"))
    return NULL;
  const ast_expr *sh = keyword(e, "shape");
  int st = dtype_arg(c, keyword(e, "dtype"));
  ir_value **args;
  int n = lower_items(c, e, &args);
  if (st < 0 || n < 0)
    return NULL;
  if (n == 3 && ir_type_is_quat(args[1]->type)) {
    wp_error(c->diag, e->loc,
             "the built-in `wp.matrix()` to construct a 4x4 matrix from a 3D "
             "position, quaternion, and 3D scale vector has been removed in "
             "favor of `wp.transform_compose()`");
    return NULL;
  }
  int rows = 0, cols = 0;
  if (sh) {
    if (sh->kind != AST_EXPR_TUPLE || sh->nitems != 2) {
      wp_error(c->diag, sh->loc, "shape must be a tuple of two integers");
      return NULL;
    }
    rows = const_dim(c, sh->items[0], "the number of rows");
    cols = const_dim(c, sh->items[1], "the number of columns");
    if (rows < 0 || cols < 0)
      return NULL;
  } else if (n == 1 && args[0]->type->kind == IR_T_MAT) {
    rows = args[0]->type->rows, cols = args[0]->type->cols;
  } else {
    wp_error(c->diag, e->loc,
             n == 0   ? "the `shape` argument must be specified when "
                        "zero-initializing a matrix"
             : n == 1 ? "the `shape` argument must be specified when filling "
                        "a matrix with a value"
                      : "the `shape` argument must be specified when "
                        "initializing a matrix by value");
    return NULL;
  }
  if (n == 1 && args[0]->type->kind == IR_T_MAT &&
      (args[0]->type->rows != rows || args[0]->type->cols != cols)) {
    wp_error(c->diag, e->loc,
             "incompatible matrix of shape (%d, %d) given when copy "
             "constructing a matrix of shape (%d, %d)",
             rows, cols, args[0]->type->rows, args[0]->type->cols);
    return NULL;
  }
  if (st && (n > 1 || (n == 1 && args[0]->type->kind == IR_T_SCALAR)))
    for (int i = 0; i < n; i++) /* dtype given: Python numbers take it */
      args[i] =
          lower_py_to(c, args[i], ir_t_scalar(c->T, st), e->items[i]->loc);
  if (!st)
    st = n ? scalar_of(args[0]) : WP_SCALAR_FLOAT32;
  if (n > 1 || (n == 1 && args[0]->type->kind == IR_T_SCALAR))
    for (int i = 0; i < n; i++)
      if (scalar_of(args[i]) != st) {
        wp_error(c->diag, e->items[i]->loc,
                 "all values used to initialize this matrix are expected to "
                 "be of the type `%s`, got '%s'",
                 ir_scalar_name(st), args[i]->type->name);
        return NULL;
      }
  if (st != WP_SCALAR_BOOL && !float_matrix_dtype(c, e->loc, st, "matrix"))
    return NULL;
  return lower_composite(c, e, ir_t_mat(c->T, st, rows, cols), args, n);
}

/* wp.vector(*args, length=N, dtype=T) */
static ir_value *vector(lower_ctx *c, const ast_expr *e) {
  if (!only_keywords(c, e, "vector", "length", "dtype"))
    return NULL;
  const ast_expr *lx = keyword(e, "length");
  int st = dtype_arg(c, keyword(e, "dtype"));
  int len = lx ? const_dim(c, lx, "length") : 0;
  ir_value **args;
  int n = lower_items(c, e, &args);
  if (st < 0 || n < 0 || len < 0)
    return NULL;
  bool copy = n == 1 && args[0]->type->kind == IR_T_VEC;
  if (copy && !len)
    len = args[0]->type->rows;
  if (n > IR_MAX_DIM && !len) {
    wp_error(c->diag, e->loc,
             "a vector has at most %d components (warpc's limit), got %d",
             IR_MAX_DIM, n);
    return NULL;
  }
  if (n > 1 && !len)
    len = n;
  if (!len) {
    wp_error(c->diag, e->loc,
             n == 0 ? "the `length` argument must be specified when "
                      "zero-initializing a vector"
                    : "the `length` argument must be specified when filling "
                      "a vector with a value");
    return NULL;
  }
  if (copy && args[0]->type->rows != len) {
    wp_error(c->diag, e->loc,
             "incompatible vector of length %d given when copy constructing "
             "a vector of length %d",
             len, args[0]->type->rows);
    return NULL;
  }
  if (n > 1 && n != len) {
    wp_error(c->diag, e->loc,
             "incompatible number of values given (%d) when constructing a "
             "vector of length %d",
             n, len);
    return NULL;
  }
  if (st && !copy)
    for (int i = 0; i < n; i++) /* dtype given: Python numbers take it */
      args[i] =
          lower_py_to(c, args[i], ir_t_scalar(c->T, st), e->items[i]->loc);
  if (!st)
    st = n ? scalar_of(args[0]) : WP_SCALAR_FLOAT32;
  if (!copy)
    for (int i = 0; i < n; i++)
      if (args[i]->type != ir_t_scalar(c->T, st)) {
        wp_error(c->diag, e->items[i]->loc,
                 "all values used to initialize this vector are expected to "
                 "be of the type `%s`, got '%s'",
                 ir_scalar_name(st), args[i]->type->name);
        return NULL;
      }
  return lower_composite(c, e, ir_t_vec(c->T, st, len), args, n);
}

/* wp.matrix_from_cols(*vectors), wp.matrix_from_rows(*vectors) */
static ir_value *from_vectors(lower_ctx *c, const ast_expr *e, bool cols) {
  const char *name = cols ? "matrix_from_cols" : "matrix_from_rows";
  if (e->nkeywords) {
    wp_error(c->diag, e->keywords[0].loc, "'%s' takes no keyword arguments",
             name);
    return NULL;
  }
  ir_value **args;
  int n = lower_items(c, e, &args);
  if (n < 0)
    return NULL;
  if (n > IR_MAX_DIM) {
    wp_error(c->diag, e->loc,
             "'%s' takes at most %d vectors (warpc's limit for matrix sizes), "
             "got %d",
             name, IR_MAX_DIM, n);
    return NULL;
  }
  if (n == 0) {
    wp_error(c->diag, e->loc, "'%s' takes at least one vector", name);
    return NULL;
  }
  const ir_type *vt = args[0]->type;
  for (int i = 0; i < n; i++) {
    const ir_type *t = args[i]->type;
    if (t->kind != IR_T_VEC || t->flavor != IR_VEC_PLAIN) {
      wp_error(c->diag, e->items[i]->loc,
               "all arguments are expected to be vectors, got '%s'", t->name);
      return NULL;
    }
    if (t->rows != vt->rows) {
      wp_error(c->diag, e->items[i]->loc,
               "all vectors are expected to have the same length");
      return NULL;
    }
    if (t != vt) {
      wp_error(c->diag, e->items[i]->loc,
               "all vectors are expected to have the same dtype");
      return NULL;
    }
  }
  if (!float_matrix_dtype(c, e->loc, vt->scalar, name))
    return NULL;
  int len = vt->rows;
  int rows = cols ? len : n, ncols = cols ? n : len;
  ir_value **comps = WP_NEW_ARRAY(c->A, ir_value *, rows * ncols);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < len; i++) {
      ir_value *x = lower_emit(c, IR_EXTRACT, vt->elem, &args[j], 1, e->loc);
      x->aux = i;
      comps[cols ? i * ncols + j : j * ncols + i] = x;
    }
  return lower_emit(c, IR_COMPOSE, ir_t_mat(c->T, vt->scalar, rows, ncols),
                    comps, rows * ncols, e->loc);
}

/* ---- builtins with keywords, defaults and out-parameters --------------- */

static ir_value *decomposition(lower_ctx *c, const ast_expr *e,
                               const ir_builtin *b, const ast_expr **a,
                               int np) {
  ir_value *m = lower_expr(c, a[0]);
  if (!m)
    return NULL;
  ir_value *r = lower_builtin(c, b, &m, 1, e->loc);
  if (!r)
    return NULL;
  int nout = 0;
  for (int i = 1; i < np; i++)
    nout += a[i] != NULL;
  if (!nout)
    return r;
  if (nout != np - 1) {
    wp_error(c->diag, e->loc,
             "'%s' takes the matrix alone, or the matrix and all of its %d "
             "outputs",
             b->name, np - 1);
    return NULL;
  }
  for (int i = 1; i < np; i++) {
    const ir_type *mt = r->type->members[i - 1];
    int var = a[i]->kind == AST_EXPR_NAME
                  ? lower_var_index(c, a[i]->name, false)
                  : -1;
    if (var < 0 || !c->fs->var_types[var]) {
      wp_error(c->diag, a[i]->loc,
               "output argument %d of '%s' must be a local variable of type "
               "'%s'",
               i, b->name, mt->name);
      return NULL;
    }
    if (c->fs->var_types[var] != mt) {
      wp_error(c->diag, a[i]->loc,
               "output argument %d of '%s' must have type '%s', not '%s'", i,
               b->name, mt->name, c->fs->var_types[var]->name);
      return NULL;
    }
    ir_value *x = lower_emit(c, IR_EXTRACT, mt, &r, 1, e->loc);
    x->aux = i - 1;
    if (!lower_assign_var(c, a[i]->name, x, e->loc))
      return NULL;
  }
  return r;
}

ir_value *lower_linalg_call(lower_ctx *c, const ast_expr *e,
                            const ir_builtin *b) {
  const struct sig *s = find_sig(b->id);
  switch (b->id) {
  case IR_B_IDENTITY: return identity(c, e, s);
  case IR_B_MATRIX: return matrix(c, e);
  case IR_B_VECTOR: return vector(c, e);
  case IR_B_MATRIX_FROM_COLS:
  case IR_B_MATRIX_FROM_ROWS:
    return from_vectors(c, e, b->id == IR_B_MATRIX_FROM_COLS);
  default: break;
  }
  const ast_expr *a[MAX_PARAMS];
  if (!bind(c, e, s, a))
    return NULL;
  int np = 0;
  while (np < MAX_PARAMS && s->params[np])
    np++;
  if (!a[0]) {
    wp_error(c->diag, e->loc, "'%s' is missing argument '%s'", b->name,
             s->params[0]);
    return NULL;
  }
  if (b->id == IR_B_SVD2 || b->id == IR_B_SVD3 || b->id == IR_B_QR3 ||
      b->id == IR_B_EIG3)
    return decomposition(c, e, b, a, np);
  ir_value *args[MAX_PARAMS];
  int n = 0;
  for (int i = 0; i < np; i++) {
    if (!a[i]) {
      if (!strcmp(s->params[i], "delta")) { /* warp.math's default */
        args[n++] = lower_const_float(c, ir_t_float32(c->T), 1.0);
        continue;
      }
      wp_error(c->diag, e->loc, "'%s' is missing argument '%s'", b->name,
               s->params[i]);
      return NULL;
    }
    if (!(args[n++] = lower_expr(c, a[i])))
      return NULL;
  }
  return lower_builtin(c, b, args, n, e->loc);
}
