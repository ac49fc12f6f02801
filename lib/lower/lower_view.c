/* lower_view.c - array views and slices read as values, as warp-lang
 * 1.19.0 makes them: a[i] with fewer indices than dimensions is the array
 * of the remaining dimensions at those leading indices; a[lo:hi:step, i]
 * keeps a dimension per slice (Warp's clamping, bounds at run time) and
 * removes one per index.  The results are ordinary array values
 * (IR_ARRAY_VIEW, IR_ARRAY_SLICE: data and grad pointers moved, shape and
 * strides rewritten, nothing owned). */
#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"

static bool has_slice(const ast_expr *e) {
  for (int i = 0; i < e->nitems; i++)
    if (e->items[i]->kind == AST_EXPR_SLICE)
      return true;
  return false;
}

/* Part k of array slice s as an int64 (the constant `def` when absent). */
static ir_value *slice_part(lower_ctx *c, const ast_expr *s, int k,
                            int64_t def) {
  const ast_expr *x = s->items[k];
  if (!x)
    return lower_const_int(c, ir_t_scalar(c->T, WP_SCALAR_INT64), def);
  ir_value *v = lower_expr(c, x);
  if (!v || !lower_check_index(c, v, x))
    return NULL;
  int64_t z;
  if (k == 2 && v->op == IR_CONST && ir_type_is_int(v->type) &&
      (z = v->ival, true) && z == 0) {
    wp_error(c->diag, x->loc, "slice step cannot be zero");
    return NULL;
  }
  return lower_cast(c, v, ir_t_scalar(c->T, WP_SCALAR_INT64), x->loc);
}

/* a[lo:hi:step, i, ...] (some parts slices): the view Warp makes, each
 * slice keeping its dimension, each index removing its own, then the
 * dimensions past the subscript. */
static ir_value *array_slice(lower_ctx *c, ir_value *arr, const ast_expr *e) {
  if (e->nitems > arr->type->ndim) {
    wp_error(c->diag, e->loc, "too many indices for a %d-d array: %d given",
             arr->type->ndim, e->nitems);
    return NULL;
  }
  ir_value *v = arr;
  for (int i = 0; i < e->nitems; i++) { /* the slices first, in place */
    const ast_expr *s = e->items[i];
    if (s->kind != AST_EXPR_SLICE)
      continue;
    ir_value *args[4] = {v, slice_part(c, s, 0, 0), slice_part(c, s, 1, 0),
                         slice_part(c, s, 2, 1)};
    if (!args[1] || !args[2] || !args[3])
      return NULL;
    v = lower_emit(c, IR_ARRAY_SLICE, v->type, args, 4, s->loc);
    v->aux = i;
    v->aux2 = (s->items[0] ? 1 : 0) | (s->items[1] ? 2 : 0);
  }
  for (int i = e->nitems - 1; i >= 0; i--) { /* then the indices, last first */
    const ast_expr *x = e->items[i];
    if (x->kind == AST_EXPR_SLICE)
      continue;
    ir_value *ix = lower_expr(c, x);
    if (!ix || !lower_check_index(c, ix, x))
      return NULL;
    ir_value *args[2] = {v, ix};
    v = lower_emit(c, IR_ARRAY_SLICE,
                   ir_t_array(c->T, v->type->elem, v->type->ndim - 1), args, 2,
                   x->loc);
    v->aux = i;
    v->aux2 = 4;
  }
  return v;
}

/* a[i] (or a[i, j]) with fewer indices than a has dimensions: the view of
 * the remaining dimensions at those leading indices, as Warp. */
static ir_value *array_view(lower_ctx *c, ir_value *arr, const ast_expr *e) {
  ir_value *args[4];
  for (int i = 0; i < e->nitems; i++) {
    ir_value *ix = lower_expr(c, e->items[i]);
    if (!ix || !lower_check_index(c, ix, e->items[i]))
      return NULL;
    args[1 + i] = ix;
  }
  args[0] = arr;
  int ndim = arr->type->ndim - e->nitems;
  const ir_type *vt = ir_type_is_indexed(arr->type)
                          ? ir_t_indexedarray(c->T, arr->type->elem, ndim)
                          : ir_t_array(c->T, arr->type->elem, ndim);
  return lower_emit(c, IR_ARRAY_VIEW, vt, args, e->nitems + 1, e->loc);
}

bool lower_is_array_view(const ast_expr *e, const ir_type *t) {
  return has_slice(e) || e->nitems < t->ndim;
}

ir_value *lower_array_view(lower_ctx *c, ir_value *arr, const ast_expr *e) {
  if (has_slice(e) && ir_type_is_indexed(arr->type)) {
    wp_error(c->diag, e->loc,
             "slices of an indexed array are not supported (Warp has none "
             "either); index it, or view it with a[i]");
    return NULL;
  }
  return has_slice(e) ? array_slice(c, arr, e) : array_view(c, arr, e);
}
