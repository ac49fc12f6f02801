/* lower_tile_more.c - more tile builtins (lower_tile.h): tile_empty,
 * tile_dot, tile_axpy, tile_astype, views (tile_view, t[i] of a 2-d tile,
 * tile_reshape, tile_squeeze), scans, tile_diag_add, the Cholesky
 * factorization and triangular solves, element assignment (t[i, j] = x)
 * and tile_map of a @wp.func.
 *
 * Instructions made here (IR_BUILTIN of the entry):
 *   TILE_ASTYPE  args: tile                      -> tile of another dtype
 *   TILE_RESHAPE args: tile -> a view of its elements in another shape
 *                (also tile_squeeze)
 *   TILE_SCAN_*  args: 1-d or 2-d tile (scanned in row-major order)
 *   TILE_VIEW    args: tile, offset per dimension (int32) -> view of the
 *                result type's shape at the offset; aux: the number of
 *                leading dimensions the offsets remove (t[i] of a 2-d tile)
 *   TILE_DIAG_ADD  args: (n, n) tile, (n,) tile
 *   TILE_CHOLESKY  args: (n, n) tile -> L (lower, zeros above)
 *   TILE_CHOLESKY_SOLVE, TILE_LOWER_SOLVE, TILE_UPPER_SOLVE  args: (n, n)
 *                tile, (n,) or (n, m) tile
 *   I_TILE_SET   args: tile, flat index (int32), element
 *   TILE_MAP     with callee: the @wp.func applied to each element
 * tile_empty is TILE_FULL of zero, tile_dot a map and a sum, tile_axpy a
 * map assigned to its destination variable. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

static ir_value *one_tile(lower_ctx *c, const ast_expr *e, const char *fn,
                          const char *const *k, int nk, const ast_expr **x) {
  if (!lower_tile_bind(c, e, fn, k, nk, x))
    return NULL;
  if (!x[0]) {
    wp_error(c->diag, e->loc, "wp.%s() needs a tile", fn);
    return NULL;
  }
  return lower_tile_arg(c, x[0], fn);
}

static bool float_square(lower_ctx *c, const ir_type *t, const char *fn,
                         wp_loc loc) {
  if (t->ndim != 2 || t->rows != t->cols || t->elem->kind != IR_T_SCALAR ||
      !ir_type_is_float(t->elem) || ir_type_has_half(t->elem)) {
    wp_error(c->diag, loc,
             "wp.%s() takes a square 2-d tile of float32 or float64, not '%s'",
             fn, t->name);
    return false;
  }
  return true;
}

/* The linear-algebra builtins: a square matrix tile and (for the solves)
 * a right-hand side of n rows. */
static ir_value *solve_rhs(lower_ctx *c, const ast_expr *e, const ir_builtin *b,
                           ir_value **args, const ast_expr *x);

/* The in-place form's entry's out-of-place twin, or IR_B_NONE. */
static ir_builtin_id out_of_place(ir_builtin_id id) {
  switch (id) {
  case IR_B_TILE_CHOLESKY_INPLACE: return IR_B_TILE_CHOLESKY;
  case IR_B_TILE_CHOLESKY_SOLVE_INPLACE: return IR_B_TILE_CHOLESKY_SOLVE;
  case IR_B_TILE_LOWER_SOLVE_INPLACE: return IR_B_TILE_LOWER_SOLVE;
  case IR_B_TILE_UPPER_SOLVE_INPLACE: return IR_B_TILE_UPPER_SOLVE;
  default: return IR_B_NONE;
  }
}

static ir_value *linalg(lower_ctx *c, const ast_expr *e, const ir_builtin *b) {
  ir_builtin_id twin = out_of_place(b->id);
  const ir_builtin *inplace = twin != IR_B_NONE ? b : NULL;
  if (inplace)
    b = ir_builtin_get(twin);
  bool chol = b->id == IR_B_TILE_CHOLESKY;
  static const char *const ck[] = {"A", "fill_mode"};
  static const char *const sk[] = {"L", "y", "fill_mode"};
  static const char *const lk[] = {"L", "y"};
  static const char *const uk[] = {"U", "z"};
  const char *const *k = chol                                ? ck
                         : b->id == IR_B_TILE_CHOLESKY_SOLVE ? sk
                         : b->id == IR_B_TILE_LOWER_SOLVE    ? lk
                                                             : uk;
  int nk = chol ? 2 : b->id == IR_B_TILE_CHOLESKY_SOLVE ? 3 : 2;
  const ast_expr *x[3];
  if (!lower_tile_bind(c, e, b->name, k, nk, x))
    return NULL;
  const ast_expr *fill = chol ? x[1] : nk == 3 ? x[2] : NULL;
  if (fill &&
      (fill->kind != AST_EXPR_STRING ||
       (strcmp(fill->string, "lower") && strcmp(fill->string, "upper")))) {
    wp_error(c->diag, fill->loc,
             "fill_mode= is a constant \"lower\" or \"upper\"");
    return NULL;
  }
  int upper = fill && !strcmp(fill->string, "upper");
  /* the argument the in-place form overwrites: A, or the right-hand side */
  const ast_expr *target = inplace ? x[chol ? 0 : 1] : NULL;
  if (target && target->kind != AST_EXPR_NAME) {
    wp_error(c->diag, target->loc,
             "wp.%s(): warpc overwrites a tile variable (a name) only",
             inplace->name);
    return NULL;
  }
  if (!x[0] || (!chol && !x[1])) {
    wp_error(c->diag, e->loc, "wp.%s() needs %s", b->name,
             chol ? "a matrix tile" : "a matrix tile and a right-hand side");
    return NULL;
  }
  ir_value *args[2];
  if (!(args[0] = lower_tile_arg(c, x[0], b->name)) ||
      !float_square(c, args[0]->type, b->name, e->loc))
    return NULL;
  const ir_type *at = args[0]->type;
  ir_value *r;
  if (chol)
    r = lower_tile_emit(c, b->id,
                        ir_t_tile(c->T, at->elem, 2, at->rows, at->rows), args,
                        1, e->loc);
  else if (!(r = solve_rhs(c, e, b, args, x[1])))
    return NULL;
  r->aux = upper;
  if (target && !lower_assign_var(c, target->name, r, e->loc))
    return NULL;
  return r;
}

/* The right-hand side args[1] of a solve (x its expression) and the
 * solve. */
static ir_value *solve_rhs(lower_ctx *c, const ast_expr *e, const ir_builtin *b,
                           ir_value **args, const ast_expr *x) {
  const ir_type *at = args[0]->type;
  if (!(args[1] = lower_tile_arg(c, x, b->name)))
    return NULL;
  const ir_type *yt = args[1]->type;
  if (yt->elem != at->elem || yt->rows != at->rows || yt->ndim > 2) {
    wp_error(c->diag, e->loc,
             "wp.%s(): the right-hand side '%s' must have the matrix's dtype "
             "and %d rows",
             b->name, yt->name, at->rows);
    return NULL;
  }
  return lower_tile_emit(
      c, b->id, ir_t_tile(c->T, yt->elem, yt->ndim, yt->rows, yt->cols), args,
      2, e->loc);
}

/* tile_view(t, offset, shape): integer offsets; without shape, they remove
 * the leading dimensions they name. */
static ir_value *view(lower_ctx *c, const ast_expr *e) {
  static const char *const k[] = {"t", "offset", "shape"};
  const ast_expr *x[3];
  ir_value *t = one_tile(c, e, "tile_view", k, 3, x);
  if (!t)
    return NULL;
  if (!x[1]) {
    wp_error(c->diag, e->loc, "wp.tile_view() needs offset=");
    return NULL;
  }
  const ast_expr *const *items = (const ast_expr *const *)&x[1];
  int n = 1;
  if (x[1]->kind == AST_EXPR_TUPLE) {
    items = (const ast_expr *const *)x[1]->items;
    n = x[1]->nitems;
  }
  const ir_type *tt = t->type;
  if (n < 1 || n > tt->ndim) {
    wp_error(c->diag, x[1]->loc, "wp.tile_view(): %d offsets for '%s'", n,
             tt->name);
    return NULL;
  }
  for (int i = 0; i < n; i++)
    if (lower_tile_is_slice_call(c, items[i])) /* offset=(slice(a, b),) */
      return lower_tile_view_slices(c, t, x[1], items, n, x[2]);
  ir_value *args[1 + IR_TILE_MAX_NDIM] = {t};
  for (int i = 0; i < n; i++) {
    if (items[i]->kind == AST_EXPR_SLICE) {
      wp_error(c->diag, items[i]->loc,
               "slices in wp.tile_view() are not supported by warpc yet");
      return NULL;
    }
    ir_value *v = lower_expr(c, items[i]);
    if (!v)
      return NULL;
    if (v->type->kind != IR_T_SCALAR || !ir_type_is_int(v->type)) {
      wp_error(c->diag, items[i]->loc, "an offset must be an integer");
      return NULL;
    }
    args[1 + i] = lower_cast(c, v, ir_t_int32(c->T), items[i]->loc);
  }
  for (int i = n; i < tt->ndim; i++)
    args[1 + i] = lower_const_int(c, ir_t_int32(c->T), 0);
  if (!lower_tile_2d(c, tt, "wp.tile_view()", e->loc))
    return NULL;
  int src[2] = {tt->rows, tt->cols}, nd, dims[IR_TILE_MAX_NDIM], drop = 0;
  if (x[2]) {
    if (!lower_tile_shape(c, x[2], "tile_view", &nd, dims))
      return NULL;
    if (nd != tt->ndim) {
      wp_error(c->diag, x[2]->loc,
               "wp.tile_view(): the shape has %d dimensions, the tile %d", nd,
               tt->ndim);
      return NULL;
    }
    for (int i = 0; i < nd; i++)
      if (dims[i] > src[i]) {
        wp_error(c->diag, x[2]->loc,
                 "wp.tile_view(): the view is larger than '%s'", tt->name);
        return NULL;
      }
  } else if (n == tt->ndim) { /* every dimension removed: one element */
    nd = 1, dims[0] = 1, drop = 0;
    wp_error(c->diag, x[1]->loc,
             "wp.tile_view() of a single element is not supported by warpc "
             "yet; index the tile (t[i, j])");
    return NULL;
  } else {
    drop = n;
    nd = tt->ndim - n;
    for (int i = 0; i < nd; i++)
      dims[i] = src[n + i];
  }
  bool strided = nd == 2 && dims[1] != tt->cols;
  ir_value *v = lower_tile_emit(
      c, IR_B_TILE_VIEW,
      ir_t_tile_view(c->T, ir_t_tile_nd(c->T, tt->elem, nd, dims),
                     strided ? IR_TILE_STRIDED : IR_TILE_VIEW),
      args, 1 + tt->ndim, e->loc);
  v->aux = drop;
  return v;
}

ir_value *lower_tile_row(lower_ctx *c, ir_value *t, ir_value *i, wp_loc iloc,
                         wp_loc loc) {
  if (i->type->kind != IR_T_SCALAR || !ir_type_is_int(i->type)) {
    wp_error(c->diag, iloc, "a tile index must be an integer, not '%s'",
             i->type->name);
    return NULL;
  }
  const ir_type *tt = t->type;
  ir_value *args[3] = {
      t,
      lower_tile_wrap_index(c, lower_cast(c, i, ir_t_int32(c->T), iloc),
                            tt->tdims[0], 0, iloc),
      lower_const_int(c, ir_t_int32(c->T), 0)};
  if (!args[1])
    return NULL;
  ir_value *v = lower_tile_emit(
      c, IR_B_TILE_VIEW,
      ir_t_tile_view(c->T, ir_t_tile(c->T, tt->elem, 1, tt->cols, 1),
                     IR_TILE_VIEW),
      args, 3, loc);
  v->aux = 1;
  return v;
}

/* tile_reshape(t, shape) and tile_squeeze(t, axis): the same elements in
 * another shape. */
static ir_value *reshape(lower_ctx *c, const ast_expr *e, const ir_builtin *b) {
  static const char *const rk[] = {"t", "shape"};
  static const char *const qk[] = {"t", "axis"};
  bool sq = b->id == IR_B_TILE_SQUEEZE;
  const ast_expr *x[2];
  ir_value *t = one_tile(c, e, b->name, sq ? qk : rk, 2, x);
  if (!t)
    return NULL;
  const ir_type *tt = t->type;
  int nd, dims[IR_TILE_MAX_NDIM];
  if (!sq && tt->flavor == IR_TILE_STRIDED) { /* as Warp */
    wp_error(c->diag, e->loc,
             "wp.%s() needs a contiguous tile, not a %s (copy it first)",
             b->name, tt->name);
    return NULL;
  }
  if (sq) {
    const int *src = tt->tdims;
    int keep[IR_TILE_MAX_NDIM] = {1, 1, 1, 1};
    if (x[1]) { /* an axis, or a tuple of them (Warp's) */
      const ast_expr *const *ax = &x[1];
      int nax = 1;
      if (x[1]->kind == AST_EXPR_TUPLE) {
        ax = (const ast_expr *const *)x[1]->items;
        nax = x[1]->nitems;
      }
      for (int k = 0; k < nax; k++) {
        int64_t a;
        if (!lower_tile_const_int(c, ax[k], "axis", &a))
          return NULL;
        if (a < 0)
          a += tt->ndim;
        if (a < 0 || a >= tt->ndim || src[a] != 1) {
          wp_error(c->diag, ax[k]->loc,
                   "wp.tile_squeeze(): axis %lld of '%s' is not of extent 1",
                   (long long)a, tt->name);
          return NULL;
        }
        keep[a] = 0;
      }
    } else
      for (int i = 0; i < tt->ndim; i++)
        keep[i] = src[i] != 1;
    nd = 0;
    for (int i = 0; i < tt->ndim; i++)
      if (keep[i])
        dims[nd++] = src[i];
    if (!nd) {
      wp_error(c->diag, e->loc,
               "wp.tile_squeeze(): a tile of one element has no dimension "
               "left (not supported by warpc yet)");
      return NULL;
    }
  } else {
    if (!x[1]) {
      wp_error(c->diag, e->loc, "wp.tile_reshape() needs shape=");
      return NULL;
    }
    if (x[1]->kind != AST_EXPR_TUPLE) { /* as Warp's overloads */
      wp_error(c->diag, x[1]->loc, "wp.tile_reshape() takes a tuple shape");
      return NULL;
    }
    if (!lower_tile_shape_infer(c, x[1], b->name, ir_tile_count(tt), &nd, dims))
      return NULL;
    int count = 1;
    for (int i = 0; i < nd; i++)
      count *= dims[i];
    if (count != ir_tile_count(tt)) {
      wp_error(c->diag, x[1]->loc,
               "wp.tile_reshape(): '%s' has %d elements, the shape another "
               "number",
               tt->name, ir_tile_count(tt));
      return NULL;
    }
  }
  return lower_tile_emit(c, IR_B_TILE_RESHAPE,
                         ir_t_tile_view(c->T,
                                        ir_t_tile_nd(c->T, tt->elem, nd, dims),
                                        IR_TILE_VIEW),
                         &t, 1, e->loc);
}

/* tile_dot(a, b): Warp's tensordot of each pair of elements (the product
 * of scalars, dot of vectors, ddot of matrices), summed from zero in
 * element order (warp/native/tile_reduce.h tile_dot: a float16 product and
 * each partial sum rounded to float16) into a tile of shape (1,) of the
 * scalar type. */
static ir_value *dot(lower_ctx *c, const ast_expr *e) {
  static const char *const k[] = {"a", "b"};
  const ast_expr *x[2];
  if (!lower_tile_bind(c, e, "tile_dot", k, 2, x))
    return NULL;
  if (!x[0] || !x[1]) {
    wp_error(c->diag, e->loc, "wp.tile_dot() needs two tiles");
    return NULL;
  }
  ir_value *args[2];
  if (!(args[0] = lower_tile_arg(c, x[0], "tile_dot")) ||
      !(args[1] = lower_tile_arg(c, x[1], "tile_dot")))
    return NULL;
  const ir_type *el = args[0]->type->elem;
  if (args[1]->type->elem != el ||
      !ir_tile_same_shape(args[0]->type, args[1]->type)) {
    wp_error(c->diag, e->loc,
             "wp.tile_dot(): the tiles '%s' and '%s' differ in dtype or shape",
             args[0]->type->name, args[1]->type->name);
    return NULL;
  }
  bool vm = el->kind == IR_T_VEC || el->kind == IR_T_MAT;
  if ((!vm && el->kind != IR_T_SCALAR) || ir_type_is_bool(el)) {
    wp_error(c->diag, e->loc,
             "wp.tile_dot() takes tiles of numbers, vectors or matrices, not "
             "'%s'",
             args[0]->type->name);
    return NULL;
  }
  if (vm && ir_type_has_half(el)) {
    wp_error(c->diag, e->loc,
             "wp.tile_dot() of tiles of float16/bfloat16 vectors or matrices "
             "is not supported by warpc yet");
    return NULL;
  }
  ir_value *p;
  if (vm) { /* the element-wise contraction, a tile of scalars */
    const ir_type *s = el->elem;
    p = lower_tile_emit(c, IR_B_TILE_MAP,
                        ir_t_tile_like(c->T, s, args[0]->type), args, 2,
                        e->loc);
    p->aux = el->kind == IR_T_VEC ? IR_B_DOT : IR_B_DDOT;
  } else if (!(p = lower_tile_elementwise(c, ir_builtin_get(IR_B_MUL), args, 2,
                                          e->loc)))
    return NULL;
  ir_value *s = lower_tile_emit(
      c, IR_B_TILE_SUM, ir_t_tile(c->T, p->type->elem, 1, 1, 1), &p, 1, e->loc);
  s->aux = -1;
  s->aux2 = 1; /* from zero, also in float16 (emit_tile.c reduction) */
  return s;
}

/* tile_axpy(alpha, src, dest): dest = alpha src + dest (dest a variable). */
static ir_value *axpy(lower_ctx *c, const ast_expr *e) {
  static const char *const k[] = {"alpha", "src", "dest"};
  const ast_expr *x[3];
  if (!lower_tile_bind(c, e, "tile_axpy", k, 3, x))
    return NULL;
  if (!x[0] || !x[1] || !x[2]) {
    wp_error(c->diag, e->loc, "wp.tile_axpy() needs alpha, src and dest");
    return NULL;
  }
  if (x[2]->kind != AST_EXPR_NAME) {
    wp_error(c->diag, x[2]->loc,
             "wp.tile_axpy(): warpc updates a tile variable (a name) only");
    return NULL;
  }
  ir_value *a[2], *d;
  if (!(a[0] = lower_expr(c, x[0])) ||
      !(a[1] = lower_tile_arg(c, x[1], "tile_axpy")) ||
      !(d = lower_tile_arg(c, x[2], "tile_axpy")))
    return NULL;
  ir_value *p =
      lower_tile_elementwise(c, ir_builtin_get(IR_B_MUL), a, 2, e->loc);
  if (!p)
    return NULL;
  switch (lower_tile_axpy_broadcast(c, x[2]->name, d, p, e->loc)) {
  case 1: return lower_expr(c, x[2]); /* its new value */
  case -1: return NULL;
  default: break;
  }
  ir_value *s[2] = {p, d};
  ir_value *r =
      lower_tile_elementwise(c, ir_builtin_get(IR_B_ADD), s, 2, e->loc);
  if (!r || !lower_assign_var(c, x[2]->name, r, e->loc))
    return NULL;
  return r;
}

/* tile_sort(keys, values): both variables get their sorted tiles. */
static ir_value *sort(lower_ctx *c, const ast_expr *e) {
  static const char *const k[] = {"keys", "values"};
  const ast_expr *x[2];
  ir_value *args[2];
  if (!(args[0] = one_tile(c, e, "tile_sort", k, 2, x)))
    return NULL;
  if (!x[1] || !(args[1] = lower_tile_arg(c, x[1], "tile_sort")))
    return NULL;
  const ir_type *kt = args[0]->type, *vt = args[1]->type, *ke = kt->elem;
  if (ke->kind != IR_T_SCALAR ||
      (ke->scalar != WP_SCALAR_FLOAT32 && ke->scalar != WP_SCALAR_INT32 &&
       ke->scalar != WP_SCALAR_UINT32 && ke->scalar != WP_SCALAR_INT64 &&
       ke->scalar != WP_SCALAR_UINT64)) {
    wp_error(c->diag, x[0]->loc,
             "wp.tile_sort() keys are float32, int32, uint32, int64 or "
             "uint64, not '%s'",
             ke->name);
    return NULL;
  }
  if (!ir_tile_same_shape(kt, vt)) {
    wp_error(c->diag, e->loc, "wp.tile_sort(): '%s' and '%s' differ in shape",
             kt->name, vt->name);
    return NULL;
  }
  for (int i = 0; i < 2; i++)
    if (x[i]->kind != AST_EXPR_NAME || args[i]->type->flavor != IR_TILE_OWN) {
      wp_error(c->diag, x[i]->loc,
               "wp.tile_sort(): warpc sorts tile variables (names, not "
               "views) only");
      return NULL;
    }
  for (int i = 0; i < 2; i++)
    if (!lower_tile_broadcast_write(c, args[i], "wp.tile_sort()", x[i]->loc))
      return NULL;
  const ir_type *m[2] = {kt, vt};
  ir_value *r = lower_tile_emit(c, IR_B_TILE_SORT, ir_t_tuple(c->T, m, 2), args,
                                2, e->loc);
  for (int i = 0; i < 2; i++) {
    ir_value *part = lower_emit(c, IR_EXTRACT, m[i], &r, 1, e->loc);
    part->aux = i;
    if (!lower_assign_var(c, x[i]->name, part, e->loc))
      return NULL;
  }
  return r;
}

/* tile_fft(inout), tile_ifft(inout): the transform of each row, assigned
 * to the variable inout names. */
static ir_value *fft(lower_ctx *c, const ast_expr *e, const ir_builtin *b) {
  static const char *const k[] = {"inout"};
  const ast_expr *x[1];
  ir_value *t = one_tile(c, e, b->name, k, 1, x);
  if (!t)
    return NULL;
  const ir_type *tt = t->type, *el = tt->elem;
  if (tt->ndim < 2 || el->kind != IR_T_VEC || el->rows != 2 ||
      el->flavor != IR_VEC_PLAIN ||
      (el->scalar != WP_SCALAR_FLOAT32 && el->scalar != WP_SCALAR_FLOAT64)) {
    wp_error(c->diag, e->loc,
             "wp.%s() takes a 2-d tile of vec2f or vec2d (complex numbers), "
             "not '%s'",
             b->name, tt->name);
    return NULL;
  }
  if (x[0]->kind != AST_EXPR_NAME || tt->flavor != IR_TILE_OWN) {
    wp_error(c->diag, x[0]->loc,
             "wp.%s(): warpc transforms a tile variable (a name, not a view) "
             "only",
             b->name);
    return NULL;
  }
  if (!lower_tile_broadcast_write(c, t, b->name, x[0]->loc))
    return NULL;
  ir_value *r = lower_tile_emit(c, b->id, tt, &t, 1, e->loc);
  if (!lower_assign_var(c, x[0]->name, r, e->loc))
    return NULL;
  return r;
}

/* tile_assign(dst, src, offset): dst (a variable) with src written at
 * the offset, converted to dst's dtype. */
static ir_value *assign(lower_ctx *c, const ast_expr *e) {
  static const char *const k[] = {"dst", "src", "offset"};
  const ast_expr *x[3];
  ir_value *args[2 + IR_TILE_MAX_NDIM];
  if (!(args[0] = one_tile(c, e, "tile_assign", k, 3, x)))
    return NULL;
  if (!x[1] || !(args[1] = lower_tile_arg(c, x[1], "tile_assign")))
    return NULL;
  if (x[0]->kind != AST_EXPR_NAME) {
    wp_error(c->diag, x[0]->loc,
             "wp.tile_assign(): warpc writes into a tile variable (a name) "
             "only");
    return NULL;
  }
  if (!lower_tile_broadcast_write(c, args[0], "wp.tile_assign()", x[0]->loc))
    return NULL;
  const ir_type *d = args[0]->type, *s = args[1]->type;
  bool fits = d->ndim == s->ndim;
  for (int k = 0; fits && k < d->ndim; k++)
    fits = s->tdims[k] <= d->tdims[k];
  if (!fits || (d->elem != s->elem &&
                (d->elem->kind != IR_T_SCALAR || s->elem->kind != IR_T_SCALAR ||
                 ir_type_has_half(d->elem) || ir_type_has_half(s->elem)))) {
    wp_error(c->diag, e->loc, "wp.tile_assign(): '%s' does not fit into '%s'",
             s->name, d->name);
    return NULL;
  }
  const ast_expr *const *items = (const ast_expr *const *)&x[2];
  int n = x[2] ? 1 : 0;
  if (x[2] && x[2]->kind == AST_EXPR_TUPLE) {
    items = (const ast_expr *const *)x[2]->items;
    n = x[2]->nitems;
  }
  if (x[2] && n != d->ndim) {
    wp_error(c->diag, x[2]->loc, "offset= has %d values, the tile %d", n,
             d->ndim);
    return NULL;
  }
  for (int i = 0; i < d->ndim; i++) {
    ir_value *v = i < n ? lower_expr(c, items[i])
                        : lower_const_int(c, ir_t_int32(c->T), 0);
    if (!v)
      return NULL;
    if (v->type->kind != IR_T_SCALAR || !ir_type_is_int(v->type)) {
      wp_error(c->diag, items[i]->loc, "an offset must be an integer");
      return NULL;
    }
    args[2 + i] = lower_cast(c, v, ir_t_int32(c->T), e->loc);
  }
  ir_value *r;
  if (d->ndim > 2) { /* the region at the offsets (lib/emit/emit_tile_view.c) */
    ir_value *sa[2 + 2 * IR_TILE_MAX_NDIM] = {args[0], args[1]};
    for (int k = 0; k < d->ndim; k++) {
      sa[2 + 2 * k] = args[2 + k];
      sa[3 + 2 * k] = lower_const_int(c, ir_t_int32(c->T), 1);
    }
    r = lower_tile_emit(c, IR_B_I_TILE_SLICE_SET, d, sa, 2 + 2 * d->ndim,
                        e->loc);
  } else
    r = lower_tile_emit(c, IR_B_TILE_ASSIGN, d, args, 2 + d->ndim, e->loc);
  /* through a view: into its parent too (lower_tile_view_assign.c) */
  if (!lower_tile_write(c, x[0]->name, args[0], r, e->loc))
    return NULL;
  return r;
}

ir_value *lower_tile_more(lower_ctx *c, const ast_expr *e,
                          const ir_builtin *b) {
  switch (b->id) {
  case IR_B_TILE_EMPTY: {
    /* tile_zeros: Warp leaves the elements unset */
    ast_expr z = *e;
    z.value = NULL;
    return lower_tile_call(c, &z, ir_builtin_get(IR_B_TILE_ZEROS));
  }
  case IR_B_TILE_DOT: return dot(c, e);
  case IR_B_TILE_AXPY: return axpy(c, e);
  case IR_B_TILE_VIEW: return view(c, e);
  case IR_B_TILE_RESHAPE:
  case IR_B_TILE_SQUEEZE: return reshape(c, e, b);
  case IR_B_TILE_CHOLESKY:
  case IR_B_TILE_CHOLESKY_SOLVE:
  case IR_B_TILE_LOWER_SOLVE:
  case IR_B_TILE_UPPER_SOLVE:
  case IR_B_TILE_CHOLESKY_INPLACE:
  case IR_B_TILE_CHOLESKY_SOLVE_INPLACE:
  case IR_B_TILE_LOWER_SOLVE_INPLACE:
  case IR_B_TILE_UPPER_SOLVE_INPLACE: return linalg(c, e, b);
  case IR_B_TILE_ASSIGN: return assign(c, e);
  case IR_B_TILE_SLICE_INDEXED: return lower_tile_slice_indexed(c, e);
  case IR_B_TILE_FFT:
  case IR_B_TILE_IFFT: return fft(c, e, b);
  case IR_B_TILE_SORT: return sort(c, e);
  case IR_B_TILE_ASTYPE: {
    static const char *const k[] = {"t", "dtype"};
    const ast_expr *x[2];
    ir_value *t = one_tile(c, e, b->name, k, 2, x);
    if (!t)
      return NULL;
    const ir_type *d = x[1] ? lower_type_expr(c, x[1]) : NULL;
    if (!x[1] || !d || d->kind != IR_T_SCALAR ||
        t->type->elem->kind != IR_T_SCALAR) {
      if (!x[1] || d)
        wp_error(c->diag, e->loc,
                 "wp.tile_astype() converts tiles of scalars to a scalar "
                 "dtype");
      return NULL;
    }
    return lower_tile_emit(c, b->id, ir_t_tile_like(c->T, d, t->type), &t, 1,
                           e->loc);
  }
  case IR_B_TILE_SCAN_INCLUSIVE:
  case IR_B_TILE_SCAN_EXCLUSIVE:
  case IR_B_TILE_SCAN_MAX_INCLUSIVE:
  case IR_B_TILE_SCAN_MIN_INCLUSIVE: {
    static const char *const k[] = {"a"};
    const ast_expr *x[1];
    ir_value *t = one_tile(c, e, b->name, k, 1, x);
    if (!t)
      return NULL;
    const ir_type *el = t->type->elem;
    if (el->kind != IR_T_SCALAR || ir_type_is_bool(el) ||
        ir_type_has_half(el)) {
      wp_error(c->diag, e->loc, "wp.%s() takes a tile of numbers, not '%s'",
               b->name, t->type->name);
      return NULL;
    }
    return lower_tile_emit(c, b->id, ir_t_tile_like(c->T, el, t->type), &t, 1,
                           e->loc);
  }
  case IR_B_TILE_DIAG_ADD: {
    static const char *const k[] = {"a", "d"};
    const ast_expr *x[2];
    ir_value *args[2];
    if (!(args[0] = one_tile(c, e, b->name, k, 2, x)))
      return NULL;
    if (!x[1] || !(args[1] = lower_tile_arg(c, x[1], b->name)))
      return NULL;
    const ir_type *a = args[0]->type, *d = args[1]->type;
    if (a->ndim != 2 || a->rows != a->cols || d->ndim != 1 ||
        d->rows != a->rows || d->elem != a->elem || ir_type_has_half(d->elem)) {
      wp_error(c->diag, e->loc,
               "wp.tile_diag_add() takes a square (n, n) tile and an (n,) "
               "tile of its dtype, not '%s' and '%s'",
               a->name, d->name);
      return NULL;
    }
    return lower_tile_emit(c, b->id,
                           ir_t_tile(c->T, a->elem, 2, a->rows, a->cols), args,
                           2, e->loc);
  }
  default:
    wp_error(c->diag, e->loc, "tile builtin '%s' is not supported by warpc yet",
             b->name);
    return NULL;
  }
}

ir_value *lower_tile_set(lower_ctx *c, ir_value *t, const ast_expr *sub,
                         ir_value *x, wp_loc vloc) {
  const ir_type *tt = t->type;
  if (!lower_tile_broadcast_write(c, t, "t[i] = x", sub->loc))
    return NULL;
  if (lower_tile_is_view_subscript(sub, tt->ndim)) /* t[a:b] = x, t[i] = r */
    return lower_tile_set_region(c, t, sub, x, vloc);
  if (sub->nitems != tt->ndim) {
    wp_error(c->diag, sub->loc, "assigning to '%s' takes %d indices, got %d",
             tt->name, tt->ndim, sub->nitems);
    return NULL;
  }
  ir_value *idx[IR_TILE_MAX_NDIM];
  for (int k = 0; k < sub->nitems; k++) {
    if (sub->items[k]->kind == AST_EXPR_SLICE) {
      wp_error(c->diag, sub->items[k]->loc,
               "assigning to a slice of a tile is not supported by warpc yet");
      return NULL;
    }
    ir_value *v = lower_expr(c, sub->items[k]);
    if (!v)
      return NULL;
    if (v->type->kind != IR_T_SCALAR || !ir_type_is_int(v->type)) {
      wp_error(c->diag, sub->items[k]->loc, "a tile index must be an integer");
      return NULL;
    }
    idx[k] = lower_tile_wrap_index(
        c, lower_cast(c, v, ir_t_int32(c->T), sub->items[k]->loc), tt->tdims[k],
        k, sub->items[k]->loc);
    if (!idx[k])
      return NULL;
  }
  ir_value *flat = idx[0]; /* row-major: ((i0 d1 + i1) d2 + i2) ... */
  for (int k = 1; k < tt->ndim; k++) {
    ir_value *m[2] = {flat, lower_const_int(c, ir_t_int32(c->T), tt->tdims[k])};
    ir_value *p = lower_builtin(c, ir_builtin_get(IR_B_MUL), m, 2, sub->loc);
    ir_value *a[2] = {p, idx[k]};
    flat =
        p ? lower_builtin(c, ir_builtin_get(IR_B_ADD), a, 2, sub->loc) : NULL;
    if (!flat)
      return NULL;
  }
  x = lower_tile_literal_as(c, x, tt->elem);
  if (x->type != tt->elem && x->type->kind == IR_T_SCALAR &&
      tt->elem->kind == IR_T_SCALAR)
    x = lower_cast(c, x, tt->elem, vloc);
  if (x->type != tt->elem) {
    wp_error(c->diag, vloc, "cannot assign a '%s' to an element of '%s'",
             x->type->name, tt->name);
    return NULL;
  }
  ir_value *args[3] = {t, flat, x};
  return lower_tile_emit(c, IR_B_I_TILE_SET, tt, args, 3, sub->loc);
}

ir_value *lower_tile_map_func(lower_ctx *c, func_info *fi, ir_value **args,
                              int n, const ir_type *shape, wp_loc loc) {
  const ir_type **et = WP_NEW_ARRAY(c->A, const ir_type *, n + 1);
  for (int i = 0; i < n; i++)
    et[i] =
        args[i]->type->kind == IR_T_TILE ? args[i]->type->elem : args[i]->type;
  call_args a = {.types = et, .n = n};
  int *slots;
  const ast_def *d;
  ir_func *callee = lower_resolve_func(c, fi, &a, &slots, &d, loc);
  if (!callee)
    return NULL;
  bool plain = callee->nparams == n && !callee->nrefs;
  for (int i = 0; plain && i < n; i++)
    plain = slots[i] == i;
  for (int i = 0; plain && i < n; i++)
    if (callee->param_types[i] != et[i]) { /* as warp-lang: no conversion */
      wp_error(c->diag, loc,
               "wp.tile_map(): parameter '%s' of '%s' is a '%s', the "
               "element (or value) given for it a '%s' (warp-lang finds no "
               "overload either)",
               callee->param_names[i], callee->name,
               callee->param_types[i]->name, et[i]->name);
      return NULL;
    }
  const ir_type *rt = callee->ret;
  if (!plain || (rt->kind != IR_T_SCALAR && rt->kind != IR_T_VEC &&
                 rt->kind != IR_T_MAT && rt->kind != IR_T_STRUCT)) {
    wp_error(c->diag, loc,
             "wp.tile_map(): warpc maps a @wp.func whose parameters are the "
             "elements (no defaults, no wp.ref) and which returns a scalar, "
             "vector, matrix or struct");
    return NULL;
  }
  ir_value *v = lower_tile_emit(c, IR_B_TILE_MAP,
                                ir_t_tile_like(c->T, rt, shape), args, n, loc);
  v->aux = IR_B_NONE;
  v->callee = callee;
  return v;
}
