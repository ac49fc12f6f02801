/* lower_slice.c - slices of vectors and matrices, as Warp builds them:
 * v[lo:hi:step] a new vector of the selected components (of a quat,
 * transform or spatial vector too: a plain vector), m[a:b] the selected rows,
 * m[i, a:b] / m[a:b, j] a vector, m[a:b, c:d] a matrix; and the store
 * v[lo:hi:step] = w.  The bounds are compile-time integers (literals,
 * constants, locals assigned one) with Python's meaning: omitted parts,
 * negative indices counted from the end, clamping.  The index beside a
 * slice in a read (m[:, j]) may be a runtime value, as in warp-lang 1.19:
 * it is then the runtime index of a row or a component. */
#include "lower_internal.h"

bool lower_slice_bound(lower_ctx *c, const ast_expr *s, int k, int64_t def,
                       const char *msg, int64_t *out) {
  const ast_expr *x = s->items[k];
  *out = def;
  if (!x)
    return true;
  ir_value *v = lower_expr(c, x);
  if (!v)
    return false;
  if (v->op != IR_CONST || !ir_type_is_int(v->type)) {
    wp_error(c->diag, x->loc, "%s", msg);
    return false;
  }
  *out = v->ival;
  return true;
}

/* Python's slice.indices: i clamped into the range a step can start in. */
static int64_t clamp_index(int64_t i, int64_t len, int64_t step) {
  if (i < 0)
    i += len;
  if (i < 0)
    return step < 0 ? -1 : 0;
  if (i >= len)
    return step < 0 ? len - 1 : len;
  return i;
}

bool lower_const_slice(lower_ctx *c, const ast_expr *s, int64_t len,
                       const char *msg, int64_t b[3]) {
  if (!lower_slice_bound(c, s, 2, 1, msg, &b[2]))
    return false;
  if (b[2] == 0) {
    wp_error(c->diag, s->loc, "slice step cannot be zero");
    return false;
  }
  if (!lower_slice_bound(c, s, 0, b[2] < 0 ? len - 1 : 0, msg, &b[0]) ||
      !lower_slice_bound(c, s, 1, b[2] < 0 ? -len - 1 : len, msg, &b[1]))
    return false;
  b[0] = clamp_index(b[0], len, b[2]);
  b[1] = clamp_index(b[1], len, b[2]);
  return true;
}

ir_value *lower_vec_slice(lower_ctx *c, ir_value *v, const ast_expr *s) {
  const ir_type *t = v->type;
  int64_t b[3];
  if (!lower_const_slice(c, s, t->rows,
                         "a vector slice bound must be a "
                         "compile-time integer",
                         b))
    return NULL;
  int64_t lo = b[0], hi = b[1], step = b[2];
  ir_value *comps[IR_MAX_DIM];
  int n = 0;
  for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step) {
    ir_value *x = lower_emit(c, IR_EXTRACT, t->elem, &v, 1, s->loc);
    x->aux = (int)i;
    comps[n++] = x;
  }
  if (n == 0) {
    wp_error(c->diag, s->loc, "this slice of a '%s' is empty", t->name);
    return NULL;
  }
  return lower_emit(c, IR_COMPOSE, ir_t_vec(c->T, t->scalar, n), comps, n,
                    s->loc);
}

/* The indices one subscript item selects along a dimension of length len:
 * a slice's (the count, >= 1) or a single constant index (*single set), or,
 * where dyn is given, a single runtime index (*dyn set, idx[0] -1); -1
 * after reporting. */
static int select_dim(lower_ctx *c, const ast_expr *x, int len, bool *single,
                      int *idx, const ir_type *t, ir_value **dyn) {
  *single = x->kind != AST_EXPR_SLICE;
  if (*single) {
    ir_value *ix = lower_expr(c, x);
    if (!ix || !lower_check_index(c, ix, x))
      return -1;
    if (ix->op != IR_CONST && dyn) {
      *dyn = ix;
      idx[0] = -1;
      return 1;
    }
    if (ix->op != IR_CONST) {
      wp_error(c->diag, x->loc,
               "an index beside a slice must be a compile-time integer");
      return -1;
    }
    int64_t k = ix->ival < 0 ? ix->ival + len : ix->ival;
    if (k < 0 || k >= len) {
      wp_error(c->diag, x->loc, "index %lld is out of range for '%s'",
               (long long)ix->ival, t->name);
      return -1;
    }
    idx[0] = (int)k;
    return 1;
  }
  int64_t b[3];
  if (!lower_const_slice(c, x, len,
                         "a slice bound of a vector or matrix must be a "
                         "compile-time integer",
                         b))
    return -1;
  int n = 0;
  for (int64_t i = b[0]; b[2] > 0 ? i < b[1] : i > b[1]; i += b[2])
    idx[n++] = (int)i;
  if (!n)
    wp_error(c->diag, x->loc, "this slice of a '%s' is empty", t->name);
  return n ? n : -1;
}

/* What a matrix subscript with a slice (m[a:b], m[i, a:b], m[a:b, j],
 * m[a:b, c:d]) selects: rows and columns (constant indices, or one runtime
 * row or column), and the shape of the result. */
typedef struct mat_sel {
  int rows[IR_MAX_DIM], cols[IR_MAX_DIM], nr, nc;
  bool one_row, one_col;
  ir_value *drow, *dcol; /* runtime row / column, else NULL */
  const ir_type *rt;     /* a vector (one row or column) or a matrix */
} mat_sel;

static bool mat_select(lower_ctx *c, const ir_type *t, const ast_expr *e,
                       mat_sel *m) {
  if (t->kind != IR_T_MAT || e->nitems > 2) {
    wp_error(c->diag, e->loc, "'%s' cannot be sliced this way", t->name);
    return false;
  }
  m->one_col = false;
  m->drow = m->dcol = NULL;
  m->nr = select_dim(c, e->items[0], t->rows, &m->one_row, m->rows, t,
                     e->nitems == 2 ? &m->drow : NULL);
  m->nc = t->cols;
  for (int j = 0; j < m->nc; j++)
    m->cols[j] = j;
  if (m->nr > 0 && e->nitems == 2)
    m->nc = select_dim(c, e->items[1], t->cols, &m->one_col, m->cols, t,
                       m->one_row ? NULL : &m->dcol);
  if (m->nr < 0 || m->nc < 0)
    return false;
  m->rt = m->one_row   ? ir_t_vec(c->T, t->scalar, m->nc)
          : m->one_col ? ir_t_vec(c->T, t->scalar, m->nr)
                       : ir_t_mat(c->T, t->scalar, m->nr, m->nc);
  return true;
}

/* Row i of the selection of v (runtime or constant). */
static ir_value *sel_row(lower_ctx *c, ir_value *v, const mat_sel *m, int i,
                         wp_loc loc) {
  const ir_type *rowt = ir_t_vec(c->T, v->type->scalar, v->type->cols);
  ir_value *args[2] = {v, m->drow};
  ir_value *row = lower_emit(c, m->drow ? IR_EXTRACT_DYN : IR_EXTRACT, rowt,
                             args, m->drow ? 2 : 1, loc);
  row->aux = m->rows[i];
  return row;
}

ir_value *lower_slice_read(lower_ctx *c, ir_value *v, const ast_expr *e) {
  const ir_type *t = v->type;
  if (t->kind == IR_T_VEC && e->nitems == 1)
    return lower_vec_slice(c, v, e->items[0]);
  mat_sel m;
  if (!mat_select(c, t, e, &m))
    return NULL;
  ir_value **comps = WP_NEW_ARRAY(c->A, ir_value *, m.nr * m.nc);
  for (int i = 0; i < m.nr; i++) {
    ir_value *row = sel_row(c, v, &m, i, e->loc);
    for (int j = 0; j < m.nc; j++) {
      ir_value *cargs[2] = {row, m.dcol};
      ir_value *x = lower_emit(c, m.dcol ? IR_EXTRACT_DYN : IR_EXTRACT, t->elem,
                               cargs, m.dcol ? 2 : 1, e->loc);
      x->aux = m.cols[j];
      comps[i * m.nc + j] = x;
    }
  }
  return lower_emit(c, IR_COMPOSE, m.rt, comps, m.nr * m.nc, e->loc);
}

/* agg with component k (or the runtime index dyn) replaced by x. */
static ir_value *put(lower_ctx *c, ir_value *agg, ir_value *dyn, int k,
                     ir_value *x, wp_loc loc) {
  ir_value *args[3] = {agg, dyn ? dyn : x, x};
  ir_value *r = lower_emit(c, dyn ? IR_INSERT_DYN : IR_INSERT, agg->type, args,
                           dyn ? 3 : 2, loc);
  r->aux = k;
  return r;
}

ir_value *lower_mat_slice_store(lower_ctx *c, ir_value *agg, const ast_expr *e,
                                ir_value *value, wp_loc vloc) {
  mat_sel m;
  if (!mat_select(c, agg->type, e, &m))
    return NULL;
  if (value->type != m.rt) {
    wp_error(c->diag, vloc,
             "cannot assign a '%s' to this slice of '%s' (a '%s')",
             value->type->name, agg->type->name, m.rt->name);
    return NULL;
  }
  const ir_type *elem = agg->type->elem;
  const ir_type *vrow =
      m.rt->kind == IR_T_MAT ? ir_t_vec(c->T, m.rt->scalar, m.rt->cols) : NULL;
  for (int i = 0; i < m.nr; i++) {
    ir_value *row = sel_row(c, agg, &m, i, vloc);
    ir_value *src = value;
    if (vrow) { /* row i of the matrix value */
      src = lower_emit(c, IR_EXTRACT, vrow, &value, 1, vloc);
      src->aux = i;
    }
    for (int j = 0; j < m.nc; j++) {
      ir_value *x = lower_emit(c, IR_EXTRACT, elem, &src, 1, vloc);
      x->aux = vrow || m.one_row ? j : i;
      row = put(c, row, m.dcol, m.cols[j], x, vloc);
    }
    agg = put(c, agg, m.drow, m.rows[i], row, vloc);
  }
  return agg;
}

ir_value *lower_vec_slice_store(lower_ctx *c, ir_value *agg, const ast_expr *s,
                                ir_value *value, wp_loc vloc) {
  const ir_type *t = agg->type;
  int idx[IR_MAX_DIM];
  bool single;
  int n = select_dim(c, s, t->rows, &single, idx, t, NULL);
  if (n < 0)
    return NULL;
  const ir_type *vt = value->type;
  if (vt->kind != IR_T_VEC || vt->rows != n || vt->scalar != t->scalar) {
    wp_error(c->diag, vloc,
             "cannot assign a '%s' to a slice of %d component%s of '%s' (a "
             "vector of %d '%s' is needed)",
             vt->name, n, n == 1 ? "" : "s", t->name, n, t->elem->name);
    return NULL;
  }
  for (int k = 0; k < n; k++) {
    ir_value *x = lower_emit(c, IR_EXTRACT, t->elem, &value, 1, vloc);
    x->aux = k;
    ir_value *args[2] = {agg, x};
    agg = lower_emit(c, IR_INSERT, t, args, 2, vloc);
    agg->aux = idx[k];
  }
  return agg;
}
