/* lower_tile_ops.c - tile reductions, tile_map, shape ops and tile_matmul
 * (lower_tile.h).
 *
 * Instructions made here (IR_BUILTIN of the entry):
 *   TILE_SUM, TILE_MIN, TILE_MAX  args: tile; aux: the axis, -1 for all
 *                (then a tile of shape (1,))
 *   TILE_ARGMIN, TILE_ARGMAX      args: tile -> int32 tile of shape (1,):
 *                the flat index of the first extreme element
 *   TILE_REDUCE  args: tile; aux: axis (-1: all); aux2: the builtin folded
 *                over the elements in order, or IR_B_NONE and callee: the
 *                @wp.func folded
 *   TILE_MAP     as the operators (lower_tile.c); aux: the builtin
 *   TILE_TRANSPOSE  args: 2-d tile
 *   TILE_BROADCAST  args: tile; the result type has the shape
 *   TILE_MATMUL  args: a, b, alpha; or a, b, out, alpha, beta (aux 1): the
 *                new value of out (alpha a b + beta out), which the
 *                lowering assigns to the variable `out` names */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

static const ir_type *tile_of(lower_ctx *c, const ir_type *elem, int nd,
                              int rows, int cols) {
  return ir_t_tile(c->T, elem, nd, rows, cols);
}

/* The builtin an `op` argument names (wp.add, wp.min, a bare name), en
 * its entity (not a @wp.func); NULL when reported. */
static const ir_builtin *op_builtin(lower_ctx *c, const ast_expr *x, entity en,
                                    const char *fn) {
  if (en.kind == ENT_ERROR)
    return NULL;
  if (en.kind != ENT_BUILTIN || en.builtin->internal ||
      lower_tile_handles(en.builtin->id) || en.builtin->atomic) {
    wp_error(c->diag, x->loc, "wp.%s() needs a Warp builtin or function here",
             fn);
    return NULL;
  }
  return en.builtin;
}

/* The result type of builtin b on element types et, or NULL (reported). */
static const ir_type *elem_result(lower_ctx *c, const ir_builtin *b,
                                  const ir_type **et, int n, wp_loc loc) {
  const char *why = NULL;
  const ir_type *rt = n >= b->min_args && n <= b->max_args
                          ? b->check(c->T, b, et, n, &why)
                          : NULL;
  if (!rt) {
    char buf[256];
    ir_builtin_no_overload(b, et, n, buf, sizeof buf);
    wp_error(c->diag, loc, "on the tile's elements: %s%s%s", buf,
             why ? ": " : "", why ? why : "");
  }
  return rt;
}

/* The axis argument: -1 when absent. */
static bool axis_arg(lower_ctx *c, const ast_expr *x, const ir_type *t,
                     int *axis) {
  *axis = -1;
  if (!x)
    return true;
  int64_t k;
  if (!lower_tile_const_int(c, x, "axis", &k))
    return false;
  if (k < 0 || k >= t->ndim) {
    wp_error(c->diag, x->loc, "axis %lld is out of range for '%s'",
             (long long)k, t->name);
    return false;
  }
  *axis = t->ndim == 1 ? -1 : (int)k;
  return true;
}

/* The shape of a reduction of t along axis (-1: all, shape (1,)). */
static const ir_type *reduced(lower_ctx *c, const ir_type *t,
                              const ir_type *elem, int axis) {
  if (axis < 0)
    return tile_of(c, elem, 1, 1, 1);
  int dims[IR_TILE_MAX_NDIM], n = 0; /* the extents but the axis */
  for (int k = 0; k < t->ndim; k++)
    if (k != axis)
      dims[n++] = t->tdims[k];
  return ir_t_tile_nd(c->T, elem, n, dims);
}

ir_value *lower_tile_reduction(lower_ctx *c, const ast_expr *e,
                               const ir_builtin *b) {
  static const char *const sk[] = {"a", "axis"};
  static const char *const rk[] = {"op", "a", "axis"};
  bool red = b->id == IR_B_TILE_REDUCE;
  bool axis_ok = b->id == IR_B_TILE_SUM || red;
  const ast_expr *x[3];
  if (!lower_tile_bind(c, e, b->name, red ? rk : sk,
                       red       ? 3
                       : axis_ok ? 2
                                 : 1,
                       x))
    return NULL;
  const ast_expr *tx = x[red ? 1 : 0], *ax = axis_ok ? x[red ? 2 : 1] : NULL;
  if (!tx || (red && !x[0])) {
    wp_error(c->diag, e->loc, "wp.%s() needs %s", b->name,
             red ? "op and a tile" : "a tile");
    return NULL;
  }
  entity en = red ? lower_entity(c, x[0]) : (entity){.kind = ENT_ERROR};
  const ir_builtin *op =
      red && en.kind != ENT_FUNC ? op_builtin(c, x[0], en, b->name) : NULL;
  ir_value *t;
  int axis;
  if ((red && !op && en.kind != ENT_FUNC) ||
      !(t = lower_tile_arg(c, tx, b->name)) || !axis_arg(c, ax, t->type, &axis))
    return NULL;
  if (red && !op) { /* a @wp.func: lower_tile_func.c */
    if (t->type->elem->kind == IR_T_STRUCT && axis >= 0) {
      wp_error(c->diag, e->loc,
               "wp.tile_reduce() of a @wp.func along an axis of a tile of "
               "struct '%s' is not supported by warpc (nor by Warp)",
               t->type->elem->name);
      return NULL;
    }
    ir_func *f = lower_tile_reduce_func(c, en.func, t->type, e->loc);
    if (!f)
      return NULL;
    ir_value *v = lower_tile_emit(
        c, b->id, reduced(c, t->type, t->type->elem, axis), &t, 1, e->loc);
    v->aux = axis;
    v->aux2 = IR_B_NONE;
    v->callee = f;
    return v;
  }
  const ir_type *el = t->type->elem, *rt = el;
  if (el->kind == IR_T_STRUCT &&
      (b->id != IR_B_TILE_SUM || !ir_tile_struct_summable(el))) {
    wp_error(c->diag, e->loc,
             "wp.%s() of a tile of struct '%s' is not supported by warpc%s",
             b->name, el->name,
             b->id == IR_B_TILE_SUM ? " yet (a vector or matrix of "
                                      "float16/bfloat16 among its members)"
                                    : " (nor by Warp)");
    return NULL;
  }
  if (ir_type_has_half(el) && el->kind != IR_T_STRUCT &&
      el->kind != IR_T_SCALAR) { /* scalars: lower_tile_half.c */
    wp_error(c->diag, e->loc,
             "wp.%s() of tiles of float16/bfloat16 vectors or matrices is "
             "not supported by warpc yet",
             b->name);
    return NULL;
  }
  switch (b->id) {
  case IR_B_TILE_SUM:
    if (ir_type_is_bool(el)) {
      wp_error(c->diag, e->loc, "wp.tile_sum() of bool elements");
      return NULL;
    }
    break;
  case IR_B_TILE_MIN:
  case IR_B_TILE_MAX:
  case IR_B_TILE_ARGMIN:
  case IR_B_TILE_ARGMAX:
    if (el->kind != IR_T_SCALAR || ir_type_is_bool(el)) {
      wp_error(c->diag, e->loc, "wp.%s() takes a tile of numbers, not '%s'",
               b->name, t->type->name);
      return NULL;
    }
    if (b->id == IR_B_TILE_ARGMIN || b->id == IR_B_TILE_ARGMAX)
      rt = ir_t_int32(c->T);
    break;
  default: {
    const ir_type *et[2] = {el, el};
    const ir_type *r = elem_result(c, op, et, 2, e->loc);
    if (!r)
      return NULL;
    if (r != el) {
      wp_error(c->diag, e->loc,
               "wp.tile_reduce(): '%s' of two '%s' gives a '%s', not the "
               "element type",
               op->name, el->name, r->name);
      return NULL;
    }
  }
  }
  ir_value *v =
      lower_tile_emit(c, b->id, reduced(c, t->type, rt, axis), &t, 1, e->loc);
  v->aux = axis;
  if (op)
    v->aux2 = op->id;
  return v;
}

ir_value *lower_tile_map(lower_ctx *c, const ast_expr *e) {
  if (e->nkeywords) {
    wp_error(c->diag, e->keywords[0].loc,
             "wp.tile_map() takes its arguments by position");
    return NULL;
  }
  if (e->nitems < 2 || e->nitems > 8) {
    wp_error(c->diag, e->loc, "wp.tile_map() takes op and 1 to 7 arguments");
    return NULL;
  }
  entity fn = lower_entity(c, e->items[0]);
  const ir_builtin *op = NULL;
  if (fn.kind == ENT_ERROR ||
      (fn.kind != ENT_FUNC &&
       !(op = op_builtin(c, e->items[0], fn, "tile_map"))))
    return NULL;
  int n = e->nitems - 1;
  ir_value **args = WP_NEW_ARRAY(c->A, ir_value *, n);
  const ir_type **et = WP_NEW_ARRAY(c->A, const ir_type *, n);
  const ir_type *shape = NULL;
  for (int i = 0; i < n; i++) {
    if (!(args[i] = lower_expr(c, e->items[i + 1])))
      return NULL;
    const ir_type *t = args[i]->type;
    if (t->kind != IR_T_TILE)
      continue;
    if (shape && !ir_tile_same_shape(t, shape)) {
      wp_error(c->diag, e->items[i + 1]->loc,
               "wp.tile_map(): the tiles have different shapes: '%s', '%s'",
               shape->name, t->name);
      return NULL;
    }
    shape = t;
  }
  if (!shape || args[0]->type->kind != IR_T_TILE) {
    wp_error(c->diag, e->items[1]->loc,
             "wp.tile_map(): the first argument after op must be a tile");
    return NULL;
  }
  for (int i = 0; i < n; i++) {
    /* a literal beside the tiles: of the tiles' dtype for a builtin; a
       @wp.func takes it as it is (int32, float32), as warp-lang does */
    if (args[i]->type->kind != IR_T_TILE && op)
      args[i] = lower_tile_literal_as(c, args[i], shape->elem);
    et[i] =
        args[i]->type->kind == IR_T_TILE ? args[i]->type->elem : args[i]->type;
  }
  if (!op) /* float16 too: the function computes as Warp's does */
    return lower_tile_map_func(c, fn.func, args, n, shape, e->loc);
  for (int i = 0; i < n; i++)
    if (ir_type_has_half(et[i]))
      return lower_tile_map_half(c, op, args, n, shape, e->loc);
  const ir_type *rt = elem_result(c, op, et, n, e->loc);
  if (!rt)
    return NULL;
  if (rt->kind != IR_T_SCALAR && rt->kind != IR_T_VEC && rt->kind != IR_T_MAT) {
    wp_error(c->diag, e->loc, "wp.tile_map(): '%s' gives a '%s' per element",
             op->name, rt->name);
    return NULL;
  }
  ir_value *v = lower_tile_emit(
      c, IR_B_TILE_MAP, ir_t_tile_like(c->T, rt, shape), args, n, e->loc);
  v->aux = op->id;
  return v;
}

/* tile_broadcast's shape rule (NumPy's: extents aligned right, each 1 or
 * equal). */
static bool broadcastable(const ir_type *t, int nd, const int *dims) {
  if (t->ndim > nd)
    return false;
  for (int k = 0; k < t->ndim; k++) {
    int s = t->tdims[t->ndim - 1 - k], d = dims[nd - 1 - k];
    if (s != 1 && s != d)
      return false;
  }
  return true;
}

ir_value *lower_tile_shape_op(lower_ctx *c, const ast_expr *e,
                              const ir_builtin *b) {
  switch (b->id) {
  case IR_B_TILE_EXTRACT: return lower_tile_extract(c, e);
  case IR_B_TILE_TRANSPOSE: {
    static const char *const k[] = {"a"};
    const ast_expr *x[1];
    ir_value *t;
    if (!lower_tile_bind(c, e, b->name, k, 1, x))
      return NULL;
    if (!x[0] || !(t = lower_tile_arg(c, x[0], b->name)))
      return NULL;
    if (t->type->ndim != 2) {
      wp_error(c->diag, e->loc, "wp.tile_transpose() takes a 2-d tile");
      return NULL;
    }
    return lower_tile_emit(
        c, b->id, tile_of(c, t->type->elem, 2, t->type->cols, t->type->rows),
        &t, 1, e->loc);
  }
  case IR_B_TILE_BROADCAST: {
    static const char *const k[] = {"a", "shape"};
    const ast_expr *x[2];
    ir_value *t;
    int nd, dims[IR_TILE_MAX_NDIM];
    if (!lower_tile_bind(c, e, b->name, k, 2, x))
      return NULL;
    if (!x[0] || !x[1]) {
      wp_error(c->diag, e->loc, "wp.tile_broadcast() needs a and shape=");
      return NULL;
    }
    if (!(t = lower_tile_arg(c, x[0], b->name)) ||
        !lower_tile_shape(c, x[1], b->name, &nd, dims))
      return NULL;
    if (!broadcastable(t->type, nd, dims)) {
      wp_error(c->diag, e->loc,
               "wp.tile_broadcast(): cannot broadcast '%s' "
               "to that shape",
               t->type->name);
      return NULL;
    }
    return lower_tile_emit(
        c, b->id, ir_t_tile_nd(c->T, t->type->elem, nd, dims), &t, 1, e->loc);
  }
  default: return lower_tile_more(c, e, b);
  }
}

/* alpha= / beta=: a value of scalar type s (default 1), through float32
 * as Warp takes it (its parameters are `float`: beta=-1.3 scales a
 * float64 product by (double)-1.3f). */
static ir_value *scale_arg(lower_ctx *c, const ast_expr *x, const ir_type *s) {
  if (!x)
    return lower_const_float(c, s, 1.0);
  ir_value *v = lower_expr(c, x);
  if (!v)
    return NULL;
  const ir_type *f32 = ir_t_float32(c->T);
  v = lower_tile_literal_as(c, v, f32);
  if (v->type->kind == IR_T_SCALAR && v->type != f32)
    v = lower_cast(c, v, f32, x->loc);
  if (v->type->kind == IR_T_SCALAR && v->type != s)
    v = lower_cast(c, v, s, x->loc);
  if (v->type != s) {
    wp_error(c->diag, x->loc, "a scale of wp.tile_matmul() is a '%s' here",
             s->name);
    return NULL;
  }
  return v;
}

ir_value *lower_tile_matmul(lower_ctx *c, const ast_expr *e) {
  static const char *const k3[] = {"a",     "b",    "out",
                                   "alpha", "beta", "precision"};
  static const char *const k2[] = {"a", "b", "alpha", "precision"};
  bool acc = e->nitems >= 3;
  for (int i = 0; i < e->nkeywords; i++)
    acc |= !strcmp(e->keywords[i].name, "out") ||
           !strcmp(e->keywords[i].name, "beta");
  if (!acc && e->nitems >= 3) /* positional: a third tile is `out` */
    acc = true;
  const ast_expr *x[6];
  if (!lower_tile_bind(c, e, "tile_matmul", acc ? k3 : k2, acc ? 6 : 4, x))
    return NULL;
  if (!x[0] || !x[1] || (acc && !x[2])) {
    wp_error(c->diag, e->loc, "wp.tile_matmul() needs a, b%s",
             acc ? ", out" : "");
    return NULL;
  }
  const ast_expr *prec = x[acc ? 5 : 3];
  if (prec &&
      (prec->kind != AST_EXPR_STRING ||
       (strcmp(prec->string, "default") && strcmp(prec->string, "tf32")))) {
    wp_error(c->diag, prec->loc, "precision= is \"default\" or \"tf32\"");
    return NULL;
  }
  ir_value *args[5];
  if (!(args[0] = lower_tile_arg(c, x[0], "tile_matmul")) ||
      !(args[1] = lower_tile_arg(c, x[1], "tile_matmul")) ||
      (acc && !(args[2] = lower_tile_arg(c, x[2], "tile_matmul"))))
    return NULL;
  if (!lower_tile_matmul_half(c, args, acc, e->loc))
    return NULL;
  /* operands of other float dtypes are converted to the accumulator's
     (out's, or a's for the product), as Warp's scalar GEMM converts each
     element; the sums are in that dtype */
  const ir_type *acc_t = args[acc ? 2 : 0]->type->elem;
  if (acc_t->kind == IR_T_SCALAR && ir_type_is_float(acc_t) &&
      acc_t->scalar != WP_SCALAR_BFLOAT16)
    for (int i = 0; i < 2; i++) {
      const ir_type *el = args[i]->type->elem;
      if (el != acc_t && el->kind == IR_T_SCALAR && ir_type_is_float(el))
        args[i] = lower_tile_emit(c, IR_B_TILE_ASTYPE,
                                  ir_t_tile_like(c->T, acc_t, args[i]->type),
                                  &args[i], 1, e->loc);
    }
  const ir_type *a = args[0]->type, *b = args[1]->type;
  const ir_type *s = a->elem;
  if (s->kind != IR_T_SCALAR || !ir_type_is_float(s) ||
      s->scalar == WP_SCALAR_BFLOAT16) {
    wp_error(c->diag, e->loc,
             "wp.tile_matmul() accumulates in float16, float32 or float64 "
             "(Warp's), not in the dtype of '%s'",
             a->name);
    return NULL;
  }
  if (a->ndim != 2 || b->ndim != 2 || b->elem != s || a->cols != b->rows) {
    wp_error(c->diag, e->loc,
             "wp.tile_matmul(): '%s' times '%s' (2-d tiles of one dtype, "
             "(M, K) and (K, N))",
             a->name, b->name);
    return NULL;
  }
  const ir_type *rt = tile_of(c, s, 2, a->rows, b->cols);
  if (acc && ir_t_tile_view(c->T, rt, args[2]->type->flavor) == args[2]->type)
    rt = args[2]->type; /* into a view: written into its parent too */
  if (acc && args[2]->type != rt) {
    wp_error(c->diag, x[2]->loc,
             "wp.tile_matmul(): out is '%s', the product "
             "'%s'",
             args[2]->type->name, rt->name);
    return NULL;
  }
  int n;
  if (acc) {
    if (x[2]->kind != AST_EXPR_NAME) {
      wp_error(c->diag, x[2]->loc,
               "wp.tile_matmul(): warpc accumulates into a tile variable "
               "(a name) only");
      return NULL;
    }
    if (!lower_tile_broadcast_write(c, args[2], "wp.tile_matmul()", x[2]->loc))
      return NULL;
    if (!(args[3] = scale_arg(c, x[3], s)) ||
        !(args[4] = scale_arg(c, x[4], s)))
      return NULL;
    n = 5;
  } else {
    if (!(args[2] = scale_arg(c, x[2], s)))
      return NULL;
    n = 3;
  }
  ir_value *v = lower_tile_emit(c, IR_B_TILE_MATMUL, rt, args, n, e->loc);
  v->aux = acc;
  if (acc && !lower_tile_write(c, x[2]->name, args[2], v, e->loc))
    return NULL;
  return v;
}
