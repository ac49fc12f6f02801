/* lower_quat.c - the constructors of quaternions and transforms that are not
 * plain vector constructors: quat(ijk, real), transform(p, q), and
 * quat_identity() / transform_identity(); quat_between_vectors(a, b).  The
 * other forms (zero, the 4 or 7 components, conversion from another precision)
 * are the vector forms of lower_call.c: quats and transforms are flavored
 * vectors (see ir.h). */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"

/* Appends the n components of vector value v to comps. */
static int spill(lower_ctx *c, ir_value *v, int n, ir_value **comps,
                 wp_loc loc) {
  for (int i = 0; i < n; i++) {
    ir_value *x = lower_emit(c, IR_EXTRACT, v->type->elem, &v, 1, loc);
    x->aux = i;
    comps[i] = x;
  }
  return n;
}

ir_value *lower_quat_compose(lower_ctx *c, const ast_expr *e, const ir_type *t,
                             ir_value **args) {
  const ir_type *v3 = ir_t_vec(c->T, t->scalar, 3);
  ir_value *comps[7];
  if (ir_type_is_quat(t)) {
    args[1] = lower_py_to(c, args[1], t->elem, e->items[1]->loc);
    if (args[0]->type != v3 || args[1]->type != t->elem) {
      wp_error(c->diag, e->loc,
               "'%s' takes (x, y, z, w) or (%s ijk, %s real), got (%s, %s)",
               t->name, v3->name, t->elem->name, args[0]->type->name,
               args[1]->type->name);
      return NULL;
    }
    spill(c, args[0], 3, comps, e->loc);
    comps[3] = args[1];
    return lower_emit(c, IR_COMPOSE, t, comps, 4, e->loc);
  }
  const ir_type *q = ir_t_quat(c->T, t->scalar);
  if (args[0]->type != v3 || args[1]->type != q) {
    wp_error(c->diag, e->loc,
             "'%s' takes (%s p, %s q) or 7 components, got (%s, %s)", t->name,
             v3->name, q->name, args[0]->type->name, args[1]->type->name);
    return NULL;
  }
  spill(c, args[0], 3, comps, e->loc);
  spill(c, args[1], 4, comps + 3, e->loc);
  return lower_emit(c, IR_COMPOSE, t, comps, 7, e->loc);
}

/* quat_identity(dtype=float32), transform_identity(dtype=float32) */
ir_value *lower_quat_identity(lower_ctx *c, const ast_expr *e,
                              const char *name) {
  int s = WP_SCALAR_FLOAT32;
  const ast_expr *dt = e->nitems == 1 ? e->items[0] : NULL;
  for (int i = 0; i < e->nkeywords; i++) {
    if (strcmp(e->keywords[i].name, "dtype") != 0) {
      wp_error(c->diag, e->keywords[i].loc, "'%s' has no argument '%s'", name,
               e->keywords[i].name);
      return NULL;
    }
    dt = e->keywords[i].value;
  }
  if (e->nitems > 1 || (e->nitems == 1 && e->nkeywords)) {
    wp_error(c->diag, e->loc, "'%s' takes at most a dtype", name);
    return NULL;
  }
  if (dt) {
    const ir_type *st = lower_type_expr(c, dt);
    if (!st)
      return NULL;
    if (!ir_type_is_float(st) || st->scalar == WP_SCALAR_BFLOAT16) {
      wp_error(c->diag, dt->loc, "'%s' needs a float dtype, not '%s'", name,
               st->name);
      return NULL;
    }
    s = st->scalar;
  }
  bool x = name[0] == 't';
  const ir_type *t = x ? ir_t_transform(c->T, s) : ir_t_quat(c->T, s);
  const ir_type *st = ir_t_scalar(c->T, s);
  ir_value *comps[7];
  int n = x ? 7 : 4;
  for (int i = 0; i < n; i++)
    comps[i] = lower_const_float(c, st, i == n - 1 ? 1.0 : 0.0);
  return lower_emit(c, IR_COMPOSE, t, comps, n, e->loc);
}

/* The index of keyword `k` among Warp's parameter names of quaternion()
 * (x, y, z, w or ijk, real) / transformation() (p, q), or -1. */
static int quat_param(const char *name, const ast_expr *e, const char *k) {
  static const char *const xform[] = {"p", "q"},
                           *const xyzw[] = {"x", "y", "z", "w"},
                           *const parts[] = {"ijk", "real"};
  bool two = name[0] == 't';
  for (int i = 0; !two && i < e->nkeywords; i++)
    two = !strcmp(e->keywords[i].name, "ijk") ||
          !strcmp(e->keywords[i].name, "real");
  const char *const *v = name[0] == 't' ? xform : two ? parts : xyzw;
  for (int i = 0; i < (two ? 2 : 4); i++)
    if (!strcmp(v[i], k))
      return i;
  return -1;
}

ir_value *lower_quat_generic(lower_ctx *c, const ast_expr *e,
                             const char *name) {
  const ast_expr *dt = NULL, *items[8] = {0};
  int n = e->nitems;
  for (int i = 0; i < n && i < 8; i++)
    items[i] = e->items[i];
  for (int i = 0; i < e->nkeywords; i++) {
    const char *k = e->keywords[i].name;
    int at = quat_param(name, e, k);
    if (!strcmp(k, "dtype"))
      dt = e->keywords[i].value;
    else if (at < 0 || items[at]) {
      wp_error(c->diag, e->keywords[i].loc,
               at < 0 ? "'%s' has no argument '%s'"
                      : "'%s' got argument '%s' twice",
               name, k);
      return NULL;
    } else { /* transformation(p=..., q=...) */
      items[at] = e->keywords[i].value;
      n = at + 1 > n ? at + 1 : n;
    }
  }
  ir_value **args = WP_NEW_ARRAY(c->A, ir_value *, n + 1);
  for (int i = 0; i < n; i++) {
    if (!items[i]) {
      wp_error(c->diag, e->loc, "'%s' is missing argument %d", name, i + 1);
      return NULL;
    }
    if (!(args[i] = lower_expr(c, items[i])))
      return NULL;
  }
  int s = WP_SCALAR_FLOAT32;
  if (dt) {
    const ir_type *st = lower_type_expr(c, dt);
    if (!st)
      return NULL;
    if (st->kind != IR_T_SCALAR) {
      wp_error(c->diag, dt->loc, "'%s' needs a scalar dtype, not '%s'", name,
               st->name);
      return NULL;
    }
    s = st->scalar;
  } else if (n > 0) {
    const ir_type *a = args[0]->type;
    s = a->kind == IR_T_SCALAR ? a->scalar : a->elem ? a->elem->scalar : 0;
    for (int i = 1; i < n; i++)
      if (a->kind == IR_T_SCALAR && args[i]->type != a) {
        wp_error(c->diag, items[i]->loc,
                 "all values given when constructing a %s must have the same "
                 "type",
                 name[0] == 't' ? "transform" : "quaternion");
        return NULL;
      }
  }
  if (s != WP_SCALAR_FLOAT32 && s != WP_SCALAR_FLOAT64 &&
      s != WP_SCALAR_FLOAT16) {
    wp_error(c->diag, e->loc, "'%s' needs float values", name);
    return NULL;
  }
  const ir_type *t =
      name[0] == 't' ? ir_t_transform(c->T, s) : ir_t_quat(c->T, s);
  /* the call as positional: the constructors read their items' places */
  ast_expr *pe = WP_NEW(c->A, ast_expr);
  *pe = *e;
  pe->items = WP_NEW_ARRAY(c->A, ast_expr *, n + 1);
  for (int i = 0; i < n; i++)
    pe->items[i] = (ast_expr *)items[i];
  pe->nitems = n;
  return lower_composite(c, pe, t, args, n);
}

/* quat_between_vectors(a, b), warp-lang 1.19's @wp.func (warp/_src/utils.py)
 * as the builtins it calls, in its order, so that values and adjoints are
 * theirs: a and b normalized, q = quat(cross(a, b), 1 + dot(a, b)),
 * normalize(q).  Opposite directions give the zero quat's normalization
 * (zero), as in Warp, which documents them as unsupported. */
ir_value *lower_quat_between(lower_ctx *c, const ir_builtin *b, ir_value **args,
                             int n, wp_loc loc) {
  if (!lower_builtin_accepts(c, b, args, n, loc))
    return NULL;
  const ir_builtin *norm = ir_builtin_get(IR_B_NORMALIZE);
  ir_value *ab[2] = {lower_builtin(c, norm, &args[0], 1, loc),
                     lower_builtin(c, norm, &args[1], 1, loc)};
  ir_value *cr = lower_builtin(c, ir_builtin_get(IR_B_CROSS), ab, 2, loc);
  ir_value *d = lower_builtin(c, ir_builtin_get(IR_B_DOT), ab, 2, loc);
  ir_value *w[2] = {lower_const_float(c, d->type, 1.0), d};
  ir_value *comps[4];
  spill(c, cr, 3, comps, loc);
  comps[3] = lower_builtin(c, ir_builtin_get(IR_B_ADD), w, 2, loc);
  ir_value *q = lower_emit(c, IR_COMPOSE, ir_t_quat(c->T, d->type->scalar),
                           comps, 4, loc);
  return lower_builtin(c, norm, &q, 1, loc);
}
