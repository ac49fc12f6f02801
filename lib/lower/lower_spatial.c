/* lower_spatial.c - the spatial-math forms that are not plain builtin calls:
 * spatial_vector(w, v) and the dtype= keyword of the spatial types'
 * constructors; builtins with several results: the tuple forms
 * `axis, angle = quat_to_axis_angle(q)` and `p, q, s = transform_decompose(m)`
 * (a tuple of internal builtins, one per result), and the out-parameter
 * forms quat_to_axis_angle(q, axis, angle), transform_set_translation(x, p)
 * and transform_set_rotation(x, q), which assign their results to the
 * argument variables as Warp's by-reference arguments do (an argument that
 * is not a local variable, e.g. an array element, is a copy in Warp: the
 * results are dropped). */
#include <stdio.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"

ir_value *lower_spatial_vector(lower_ctx *c, const ast_expr *e,
                               const ir_type *t, ir_value **args) {
  const ir_type *v3 = ir_t_vec(c->T, t->scalar, 3);
  if (args[0]->type != v3 || args[1]->type != v3) {
    wp_error(c->diag, e->loc,
             "'%s' takes (%s w, %s v), 6 components or one value, got (%s, "
             "%s)",
             t->name, v3->name, v3->name, args[0]->type->name,
             args[1]->type->name);
    return NULL;
  }
  ir_value *comps[6];
  for (int i = 0; i < 6; i++) {
    ir_value *x = lower_emit(c, IR_EXTRACT, t->elem, &args[i / 3], 1, e->loc);
    x->aux = i % 3;
    comps[i] = x;
  }
  return lower_emit(c, IR_COMPOSE, t, comps, 6, e->loc);
}

/* A vector/matrix constructor call with its `dtype=` keyword checked and
 * removed (a copy in *plain); NULL when reported.  The keyword must name the
 * type's own scalar type (Warp: "all values ... of the type"). */
const ast_expr *lower_spatial_dtype(lower_ctx *c, const ast_expr *e,
                                    const ir_type *t, ast_expr *plain) {
  if (e->nkeywords != 1 || strcmp(e->keywords[0].name, "dtype") != 0)
    return e;
  const ir_type *dt = lower_type_expr(c, e->keywords[0].value);
  if (!dt)
    return NULL;
  if (dt != t->elem) {
    wp_error(c->diag, e->keywords[0].value->loc,
             "'%s' has dtype '%s', not '%s'", t->name, t->elem->name, dt->name);
    return NULL;
  }
  *plain = *e;
  plain->nkeywords = 0;
  return plain;
}

bool lower_spatial_is_special(ir_builtin_id id) {
  return id == IR_B_QUAT_TO_AXIS_ANGLE || id == IR_B_TRANSFORM_DECOMPOSE ||
         id == IR_B_TRANSFORM_SET_TRANSLATION ||
         id == IR_B_TRANSFORM_SET_ROTATION;
}

/* The local variable argument i names, or -1 (not a plain local). */
static int arg_var(lower_ctx *c, const ast_expr *e, int i) {
  const ast_expr *a = e->items[i];
  if (a->kind != AST_EXPR_NAME)
    return -1;
  int var = lower_var_index(c, a->name, false);
  return var >= 0 && c->fs->var_types[var] ? var : -1;
}

static void write_back(lower_ctx *c, const ast_expr *e, int i, ir_value *v) {
  int var = arg_var(c, e, i);
  if (var < 0 || !c->fs->cur)
    return;
  if (!v->name)
    v->name = e->items[i]->name;
  lower_write_var(c, var, c->fs->cur, v);
}

static ir_value *internal(lower_ctx *c, ir_builtin_id id, ir_value **args,
                          int n, wp_loc loc) {
  return lower_builtin(c, ir_builtin_get(id), args, n, loc);
}

ir_value *lower_spatial_call(lower_ctx *c, const ast_expr *e,
                             const ir_builtin *b) {
  if (e->nkeywords) {
    wp_error(c->diag, e->keywords[0].loc,
             "keyword arguments are not supported in this call");
    return NULL;
  }
  ir_value *args[3];
  int n = e->nitems;
  bool axis_angle = b->id == IR_B_QUAT_TO_AXIS_ANGLE;
  bool ok = axis_angle ? n == 1 || n == 3 : n == b->min_args;
  if (!ok) {
    wp_error(c->diag, e->loc, "'%s' takes %s, got %d argument%s", b->name,
             axis_angle         ? "1 or 3 arguments"
             : b->min_args == 1 ? "1 argument"
                                : "2 arguments",
             n, n == 1 ? "" : "s");
    return NULL;
  }
  for (int i = 0; i < n; i++)
    if (!(args[i] = lower_expr(c, e->items[i])))
      return NULL;
  const ir_type *types[3];
  for (int i = 0; i < n; i++)
    types[i] = args[i]->type;
  const char *why = NULL;
  const ir_type *rt = b->check(c->T, b, types, n, &why);
  if (!rt) {
    char buf[256];
    ir_builtin_no_overload(b, types, n, buf, sizeof buf);
    wp_error(c->diag, e->loc, "%s%s%s", buf, why ? ": " : "", why ? why : "");
    return NULL;
  }
  if (axis_angle) {
    ir_value *r[2] = {internal(c, IR_B_I_QUAT_AXIS, args, 1, e->loc),
                      internal(c, IR_B_I_QUAT_ANGLE, args, 1, e->loc)};
    if (!r[0] || !r[1])
      return NULL;
    if (n == 1)
      return lower_emit(c, IR_COMPOSE, rt, r, 2, e->loc);
    write_back(c, e, 1, r[0]);
    write_back(c, e, 2, r[1]);
    return lower_zero(c, rt);
  }
  if (b->id == IR_B_TRANSFORM_DECOMPOSE) {
    ir_value *r[3] = {
        internal(c, IR_B_I_TRANSFORM_DECOMPOSE_P, args, 1, e->loc),
        internal(c, IR_B_I_TRANSFORM_DECOMPOSE_Q, args, 1, e->loc),
        internal(c, IR_B_I_TRANSFORM_DECOMPOSE_S, args, 1, e->loc)};
    if (!r[0] || !r[1] || !r[2])
      return NULL;
    return lower_emit(c, IR_COMPOSE, rt, r, 3, e->loc);
  }
  /* transform_set_translation / transform_set_rotation */
  ir_value *x = internal(c,
                         b->id == IR_B_TRANSFORM_SET_TRANSLATION
                             ? IR_B_I_TRANSFORM_SET_TRANSLATION
                             : IR_B_I_TRANSFORM_SET_ROTATION,
                         args, 2, e->loc);
  if (!x)
    return NULL;
  write_back(c, e, 0, x);
  return lower_zero(c, rt);
}

bool lower_spatial_is_part(lower_ctx *c, const ast_expr *t) {
  if (t->kind != AST_EXPR_ATTRIBUTE ||
      (strcmp(t->name, "p") != 0 && strcmp(t->name, "q") != 0) ||
      t->value->kind != AST_EXPR_NAME)
    return false;
  int var = lower_var_index(c, t->value->name, false);
  return var >= 0 && c->fs->var_types[var] &&
         ir_type_is_transform(c->fs->var_types[var]);
}

ir_value *lower_spatial_with_part(lower_ctx *c, const ast_expr *t,
                                  ir_value *base, ir_value *v) {
  ir_value *args[2] = {base, v};
  return internal(c,
                  t->name[0] == 'p' ? IR_B_I_TRANSFORM_SET_TRANSLATION
                                    : IR_B_I_TRANSFORM_SET_ROTATION,
                  args, 2, t->loc);
}

bool lower_spatial_set_part(lower_ctx *c, const ast_expr *t, ir_value *v) {
  if (!lower_spatial_is_part(c, t))
    return false;
  ir_value *args[2] = {lower_expr(c, t->value), v};
  if (!args[0])
    return true;
  ir_value *x = internal(c,
                         t->name[0] == 'p' ? IR_B_I_TRANSFORM_SET_TRANSLATION
                                           : IR_B_I_TRANSFORM_SET_ROTATION,
                         args, 2, t->loc);
  if (x)
    lower_assign_var(c, t->value->name, x, t->loc);
  return true;
}

/* `t.p.x = v` / `t.q[1] = v` on a local transform t: warp-lang 1.19 writes
 * a copy of the part and drops the assignment (on an array element,
 * `y[i].p[1] = v`, it writes); reported rather than computed differently. */
bool lower_spatial_part_component(lower_ctx *c, const ast_expr *t) {
  if (t->kind != AST_EXPR_ATTRIBUTE && t->kind != AST_EXPR_SUBSCRIPT)
    return false;
  const ast_expr *part = t->value;
  if (!part || part->kind != AST_EXPR_ATTRIBUTE ||
      (strcmp(part->name, "p") && strcmp(part->name, "q")))
    return false;
  if (part->value->kind != AST_EXPR_NAME)
    return false;
  int var = lower_var_index(c, part->value->name, false);
  if (var < 0 || !c->fs->var_types[var] ||
      !ir_type_is_transform(c->fs->var_types[var]))
    return false;
  wp_error(c->diag, t->loc,
           "assigning a component of '%s.%s' is dropped by warp-lang 1.19 "
           "(it writes a copy); assign the whole part instead, e.g. "
           "%s.%s = %s",
           part->value->name, part->name, part->value->name, part->name,
           part->name[0] == 'p' ? "wp.vec3(...)" : "wp.quat(...)");
  return true;
}
