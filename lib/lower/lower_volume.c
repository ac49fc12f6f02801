/* lower_volume.c - see lower_volume.h.  The generic forms become the
 * internal builtins of builtins.def whose first argument is a zero of the
 * value type (or the value itself, for _volume_store), so that the C
 * function's name says the type even when every argument is a scalar. */
#include "lower_volume.h"

#include <string.h>

bool lower_volume_handles(ir_builtin_id id) {
  return id == IR_B_VOLUME_SAMPLE || id == IR_B_VOLUME_SAMPLE_GRAD ||
         id == IR_B_VOLUME_SAMPLE_GRAD_F ||
         id == IR_B_VOLUME_SAMPLE_GRAD_INDEX || id == IR_B_VOLUME_LOOKUP ||
         id == IR_B_VOLUME_STORE;
}

static ir_value *call(lower_ctx *c, ir_builtin_id id, ir_value **args, int n,
                      wp_loc loc) {
  return lower_builtin(c, ir_builtin_get(id), args, n, loc);
}

/* The gradient `g` assigned to the local variable argument `a` names (an
 * argument that is not a local variable gets a copy in Warp: dropped). */
static void write_back(lower_ctx *c, const ast_expr *a, ir_value *g) {
  if (a->kind != AST_EXPR_NAME)
    return;
  int var = lower_var_index(c, a->name, false);
  if (var < 0 || !c->fs->var_types[var] || !c->fs->cur)
    return;
  if (c->fs->var_types[var] != g->type) {
    wp_error(c->diag, a->loc, "'%s' is a %s; the gradient is a %s", a->name,
             c->fs->var_types[var]->name, g->type->name);
    return;
  }
  if (!g->name)
    g->name = a->name;
  lower_write_var(c, var, c->fs->cur, g);
}

enum { MAXP = 6 };

/* Warp's parameter names of the forms lowered here. */
static const char *const *params_of(ir_builtin_id id) {
  static const char *const sample[] = {"id", "uvw", "sampling_mode", "dtype",
                                       NULL};
  static const char *const lookup[] = {"id", "i", "j", "k", "dtype", NULL};
  static const char *const store[] = {"id", "i", "j", "k", "value", NULL};
  static const char *const grad[] = {"id",   "uvw",   "sampling_mode",
                                     "grad", "dtype", NULL};
  static const char *const grad_f[] = {"id", "uvw", "sampling_mode", "grad",
                                       NULL};
  static const char *const grad_index[] = {
      "id", "uvw", "sampling_mode", "voxel_data", "background", "grad", NULL};
  switch (id) {
  case IR_B_VOLUME_SAMPLE: return sample;
  case IR_B_VOLUME_LOOKUP: return lookup;
  case IR_B_VOLUME_STORE: return store;
  case IR_B_VOLUME_SAMPLE_GRAD: return grad;
  case IR_B_VOLUME_SAMPLE_GRAD_F: return grad_f;
  default: return grad_index;
  }
}

/* The arguments of `e` by parameter, positional then by keyword; false
 * when reported. */
static bool bind(lower_ctx *c, const ast_expr *e, const ir_builtin *b,
                 const ast_expr **arg) {
  const char *const *p = params_of(b->id);
  int np = 0;
  while (p[np])
    np++;
  for (int i = 0; i < MAXP; i++)
    arg[i] = NULL;
  if (e->nitems > np) {
    wp_error(c->diag, e->loc, "'%s' takes %d arguments, got %d", b->name, np,
             e->nitems);
    return false;
  }
  for (int i = 0; i < e->nitems; i++)
    arg[i] = e->items[i];
  for (int k = 0; k < e->nkeywords; k++) {
    int i = 0;
    while (i < np && strcmp(p[i], e->keywords[k].name))
      i++;
    if (i == np || arg[i]) {
      wp_error(c->diag, e->keywords[k].loc,
               i == np ? "'%s' has no parameter '%s'"
                       : "'%s' is given '%s' twice",
               b->name, e->keywords[k].name);
      return false;
    }
    arg[i] = e->keywords[k].value;
  }
  for (int i = 0; i < np; i++)
    if (!arg[i]) {
      wp_error(c->diag, e->loc, "'%s' is missing argument '%s'", b->name, p[i]);
      return false;
    }
  return true;
}

ir_value *lower_volume_call(lower_ctx *c, const ast_expr *e,
                            const ir_builtin *b) {
  const ast_expr *arg[MAXP];
  if (!bind(c, e, b, arg))
    return NULL;
  int n = b->max_args;
  /* the dtype argument (last), a type */
  bool has_dtype = b->id == IR_B_VOLUME_SAMPLE || b->id == IR_B_VOLUME_LOOKUP ||
                   b->id == IR_B_VOLUME_SAMPLE_GRAD;
  const ir_type *dt = NULL;
  if (has_dtype && !(dt = lower_type_expr(c, arg[n - 1])))
    return NULL;
  /* the value arguments; an out-parameter (grad) is not read */
  bool has_out = b->id == IR_B_VOLUME_SAMPLE_GRAD ||
                 b->id == IR_B_VOLUME_SAMPLE_GRAD_F ||
                 b->id == IR_B_VOLUME_SAMPLE_GRAD_INDEX;
  int out = b->id == IR_B_VOLUME_SAMPLE_GRAD_INDEX ? 5 : 3;
  ir_value *v[MAXP];
  int nv = 0;
  for (int i = 0; i < n - (has_dtype ? 1 : 0); i++) {
    if (has_out && i == out)
      continue;
    if (!(v[nv++] = lower_expr(c, arg[i])))
      return NULL;
  }
  ir_value *a[MAXP];
  /* the public form's rule first, so that a message names it (the dtype
     seen as a value of it) */
  if (b->id == IR_B_VOLUME_SAMPLE || b->id == IR_B_VOLUME_LOOKUP ||
      b->id == IR_B_VOLUME_STORE) {
    for (int i = 0; i < nv; i++)
      a[i] = v[i];
    if (dt)
      a[nv] = lower_zero(c, dt);
    if (!lower_builtin_accepts(c, b, a, nv + (dt ? 1 : 0), e->loc))
      return NULL;
  }
  switch (b->id) {
  case IR_B_VOLUME_SAMPLE: /* (id, uvw, mode, dtype) */
  case IR_B_VOLUME_LOOKUP: /* (id, i, j, k, dtype) */
    a[0] = lower_zero(c, dt);
    for (int i = 0; i < nv; i++)
      a[i + 1] = v[i];
    return call(c,
                b->id == IR_B_VOLUME_SAMPLE ? IR_B_I_VOLUME_SAMPLE
                                            : IR_B_I_VOLUME_LOOKUP,
                a, nv + 1, e->loc);
  case IR_B_VOLUME_STORE: /* (id, i, j, k, value) */
    a[0] = v[4];
    for (int i = 0; i < 4; i++)
      a[i + 1] = v[i];
    return call(c, IR_B_I_VOLUME_STORE, a, 5, e->loc);
  case IR_B_VOLUME_SAMPLE_GRAD_INDEX: { /* (id, uvw, mode, data, bg, grad) */
    ir_value *r = call(c, IR_B_VOLUME_SAMPLE_INDEX, v, 5, e->loc);
    ir_value *g =
        r ? call(c, IR_B_I_VOLUME_SAMPLE_GRAD_INDEX, v, 5, e->loc) : NULL;
    if (!g)
      return NULL;
    write_back(c, arg[out], g);
    return r;
  }
  default: { /* volume_sample_grad(_f): (id, uvw, mode, grad[, dtype]) */
    a[0] = lower_zero(c, dt ? dt : ir_t_float32(c->T));
    for (int i = 0; i < 3; i++)
      a[i + 1] = v[i];
    ir_value *r = call(c, IR_B_I_VOLUME_SAMPLE, a, 4, e->loc);
    ir_value *g = r ? call(c, IR_B_I_VOLUME_SAMPLE_GRAD, a, 4, e->loc) : NULL;
    if (!g)
      return NULL;
    write_back(c, arg[out], g);
    return r;
  }
  }
}
