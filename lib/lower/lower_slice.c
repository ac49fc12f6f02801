/* lower_slice.c - v[lo:hi:step] on vectors: a new vector of the selected
 * components, as Warp builds it.  The bounds are compile-time integers
 * (literals, constants, locals assigned one) with Python's meaning:
 * omitted parts, negative indices counted from the end, clamping. */
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
