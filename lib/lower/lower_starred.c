/* lower_starred.c - starred call arguments, `f(*v)`, as warp-lang 1.19
 * expands them: a vector, quaternion or transform gives its components, a
 * matrix its rows, a slice of one (`*v[1:3]`, `*m[:2]`) the selected ones,
 * and a slice of a 1-D array with compile-time bounds (`*arr[0:4:2]`) its
 * elements.  The operand is evaluated once, into a hidden local; the call
 * is rewritten to index it, so every callee (builtins, constructors,
 * @wp.func) sees plain arguments. */
#include "lower_internal.h"

#include <string.h>

#define STAR_BOUND_MSG                                                         \
  "a slice bound of a starred argument must be a compile-time integer "        \
  "constant"

/* Bounds of slice `s` over a composite of len components. */
static bool composite_bounds(lower_ctx *c, const ast_expr *s, int64_t len,
                             int64_t b[3]) {
  return lower_const_slice(c, s, len, STAR_BOUND_MSG, b);
}

/* Bounds of slice `s` over a 1-D array: explicit, non-negative. */
static bool array_bounds(lower_ctx *c, const ast_expr *s, int64_t b[3]) {
  if (!s->items[1]) {
    wp_error(c->diag, s->loc,
             "a starred array slice needs an explicit upper bound (write "
             "*a[0:3], not *a[0:])");
    return false;
  }
  if (!lower_slice_bound(c, s, 0, 0, STAR_BOUND_MSG, &b[0]) ||
      !lower_slice_bound(c, s, 1, 0, STAR_BOUND_MSG, &b[1]) ||
      !lower_slice_bound(c, s, 2, 1, STAR_BOUND_MSG, &b[2]))
    return false;
  if (b[0] < 0 || b[1] < 0) {
    wp_error(c->diag, s->loc,
             "the bounds of a starred array slice cannot be negative");
    return false;
  }
  if (b[2] <= 0) {
    wp_error(c->diag, s->loc,
             b[2] ? "the step of a starred array slice cannot be negative"
                  : "slice step cannot be zero");
    return false;
  }
  return true;
}

static bool unpackable(const ir_type *t) {
  return t->kind == IR_T_VEC || t->kind == IR_T_MAT;
}

/* Appends to out[*n] the arguments `*s->value` stands for; false when
 * reported. */
static bool expand(lower_ctx *c, const ast_expr *s, ast_expr ***out, int *n,
                   int *cap) {
  const ast_expr *o = s->value;
  bool sliced = o->kind == AST_EXPR_SUBSCRIPT && o->nitems == 1 &&
                o->items[0]->kind == AST_EXPR_SLICE;
  ir_value *v = lower_expr(c, sliced ? o->value : o);
  if (!v)
    return false;
  const ir_type *t = v->type;
  int64_t b[3] = {0, t->rows, 1};
  if (t->kind == IR_T_ARRAY) {
    if (!sliced) {
      wp_error(c->diag, o->loc,
               "a starred array must be sliced with compile-time bounds "
               "(write *a[0:3])");
      return false;
    }
    if (t->ndim != 1) {
      wp_error(c->diag, o->loc,
               "only 1-D arrays can be starred, not a %d-D array", t->ndim);
      return false;
    }
    if (!array_bounds(c, o->items[0], b))
      return false;
  } else if (!unpackable(t)) {
    wp_error(c->diag, o->loc,
             "starred arguments must be vectors, quaternions, matrices or "
             "slices of them or of a 1-D array, not '%s'",
             t->name);
    return false;
  } else if (sliced && !composite_bounds(c, o->items[0], t->rows, b))
    return false;
  const char *name =
      wp_arena_printf(c->A, "$star%d_%d", s->loc.line, s->loc.col);
  int var = lower_var_index(c, name, true);
  c->fs->var_types[var] = t;
  lower_write_var(c, var, lower_cur_block(c), v);
  int before = *n;
  for (int64_t i = b[0]; b[2] > 0 ? i < b[1] : i > b[1]; i += b[2]) {
    if (*n == *cap) {
      *cap *= 2;
      ast_expr **grown = WP_NEW_ARRAY(c->A, ast_expr *, *cap);
      memcpy(grown, *out, sizeof(**out) * (size_t)*n);
      *out = grown;
    }
    ast_expr *base = WP_NEW(c->A, ast_expr);
    *base = (ast_expr){.kind = AST_EXPR_NAME, .loc = s->loc, .name = name};
    ast_expr *ix = WP_NEW(c->A, ast_expr);
    *ix = (ast_expr){.kind = AST_EXPR_INT,
                     .loc = s->loc,
                     .int_value = (uint64_t)i,
                     .string = wp_arena_printf(c->A, "%lld", (long long)i)};
    ast_expr *sub = WP_NEW(c->A, ast_expr);
    *sub = (ast_expr){
        .kind = AST_EXPR_SUBSCRIPT, .loc = s->loc, .value = base, .nitems = 1};
    sub->items = WP_NEW_ARRAY(c->A, ast_expr *, 1);
    sub->items[0] = ix;
    (*out)[(*n)++] = sub;
  }
  if (*n == before) {
    wp_error(c->diag, s->loc, "this starred argument expands to nothing");
    return false;
  }
  return true;
}

const ast_expr *lower_expand_starred(lower_ctx *c, const ast_expr *e) {
  int k = 0;
  while (k < e->nitems && e->items[k]->kind != AST_EXPR_STARRED)
    k++;
  if (k == e->nitems)
    return e;
  int cap = e->nitems + 8, n = 0;
  ast_expr **items = WP_NEW_ARRAY(c->A, ast_expr *, cap);
  for (int i = 0; i < e->nitems; i++) {
    if (e->items[i]->kind != AST_EXPR_STARRED) {
      if (n == cap) {
        cap *= 2;
        ast_expr **grown = WP_NEW_ARRAY(c->A, ast_expr *, cap);
        memcpy(grown, items, sizeof(*items) * (size_t)n);
        items = grown;
      }
      items[n++] = e->items[i];
    } else if (!expand(c, e->items[i], &items, &n, &cap))
      return NULL;
  }
  ast_expr *r = WP_NEW(c->A, ast_expr);
  *r = *e;
  r->items = items;
  r->nitems = n;
  return r;
}
