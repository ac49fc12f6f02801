/* lower_funcval.c - functions as compile-time values, as warp-lang 1.19.0
 * has them: a local bound to a function (`f = my_func`, `f = util.f`,
 * `f = wp.static(FUNCS[0])`, `f = wp.sin`) or to a gradient
 * (`g = wp.grad(square)`), then called; `wp.grad(f)` of a @wp.func, of such
 * a local or of a builtin (`wp.grad(wp.atan2)(y, x)`).  Warp has no function
 * pointers: a function-valued local names one function for the whole body,
 * so the binding is kept by name in the frame (flow-insensitive, like
 * Warp's symbol table) and every call through it is a direct call. */
#include <string.h>

#include "lower_internal.h"

entity lower_fn_local(lower_ctx *c, const char *name) {
  entity *en = wp_strmap_get(&c->fs->fn_locals, name);
  return en ? *en : (entity){.kind = ENT_ERROR};
}

void lower_fn_bind(lower_ctx *c, const char *name, entity en) {
  entity *p = WP_NEW(c->A, entity);
  *p = en;
  wp_strmap_put(c->A, &c->fs->fn_locals, name, p);
}

bool lower_fn_check_value(lower_ctx *c, const char *name, wp_loc loc) {
  entity *en = wp_strmap_get(&c->fs->fn_locals, name);
  if (!en)
    return true;
  if (en->kind == ENT_GRAD)
    wp_error(c->diag, loc,
             "cannot reassign local '%s' after binding it to wp.grad(...): "
             "Warp treats wp.grad(...) results as static function handles; "
             "use a different local variable for the new value",
             name);
  else
    wp_error(c->diag, loc,
             "rebinding function-valued local '%s' to a non-function value "
             "is not supported: Warp has no function pointers, so a local "
             "bound to a function must refer to a function throughout the "
             "kernel",
             name);
  return false;
}

static bool is_fn_entity(entity en) {
  return en.kind == ENT_FUNC || en.kind == ENT_BUILTIN || en.kind == ENT_GRAD;
}

int lower_fn_assign(lower_ctx *c, const ast_expr *t, const ast_expr *v,
                    ir_value **out) {
  *out = NULL;
  if (t->kind != AST_EXPR_NAME)
    return 0;
  if (v->kind == AST_EXPR_NAME) {
    int var = lower_var_index(c, v->name, false);
    if (var >= 0 && c->fs->var_types[var] &&
        !wp_strmap_get(&c->fs->fn_locals, v->name))
      return 0; /* a value variable */
  } else if (v->kind == AST_EXPR_CALL) {
    const char *p = lower_warp_path(c, v->value);
    if (!p || (strcmp(p, "static") && strcmp(p, "grad")))
      return 0;
  } else if (v->kind != AST_EXPR_ATTRIBUTE)
    return 0;
  entity en = lower_entity(c, v);
  if (en.kind == ENT_ERROR) {
    lower_poison(c, t);
    return 1;
  }
  if (en.kind == ENT_VALUE) {
    *out = en.value;
    return 0;
  }
  if (!is_fn_entity(en))
    return 0; /* reported by lower_expr */
  entity *old = wp_strmap_get(&c->fs->fn_locals, t->name);
  if (old && en.kind != ENT_GRAD &&
      (old->kind == ENT_FUNC || old->kind == ENT_BUILTIN) &&
      (old->kind != en.kind || old->func != en.func ||
       old->builtin != en.builtin)) {
    wp_error(c->diag, t->loc,
             "rebinding function-valued local '%s' to a different function "
             "is not supported: Warp has no function pointers, so a local "
             "bound to a function must refer to the same function throughout "
             "the kernel",
             t->name);
    return 1;
  }
  lower_fn_bind(c, t->name, en);
  return 1;
}

entity lower_grad_entity(lower_ctx *c, const ast_expr *ge) {
  int errors = c->diag->errors;
  entity fe = {.kind = ENT_ERROR};
  if (ge->nitems == 1 && !ge->nkeywords)
    fe = lower_entity(c, ge->items[0]);
  if (fe.kind == ENT_FUNC)
    return (entity){.kind = ENT_GRAD, .func = fe.func, .def = fe.def};
  if (fe.kind == ENT_BUILTIN && !fe.builtin->atomic && !fe.builtin->internal)
    return (entity){.kind = ENT_GRAD, .builtin = fe.builtin};
  if (c->diag->errors == errors)
    wp_error(c->diag, ge->loc,
             "wp.grad() takes a @wp.func or a differentiable Warp builtin, "
             "e.g. wp.grad(f)(x)");
  return (entity){.kind = ENT_ERROR};
}

/* A func of the builtin b applied to parameters of the given types, for
 * its wp.grad(); NULL when b does not take them (reported). */
static ir_func *builtin_func(lower_ctx *c, const ir_builtin *b,
                             const ir_type **types, int n, wp_loc loc) {
  for (int i = 0; i < c->builtin_funcs.count; i++) {
    ir_func *g = c->builtin_funcs.items[i];
    int k = 0;
    while (k < n && g->param_types[k] == types[k])
      k++;
    if (g->nparams == n && k == n && !strcmp(g->name, b->name))
      return g;
  }
  ir_func *f = ir_func_new(c->m, IR_FUNC_FUNC, b->name);
  f->loc = loc;
  f->cname = lower_unique_cname(c, wp_arena_printf(c->A, "wpf_%s", b->name));
  lower_frame fs;
  lower_enter_func(c, &fs, f);
  f->nparams = n;
  f->param_types = WP_NEW_ARRAY(c->A, const ir_type *, n + 1);
  f->param_names = WP_NEW_ARRAY(c->A, const char *, n + 1);
  f->param_locs = WP_NEW_ARRAY(c->A, wp_loc, n + 1);
  f->params = WP_NEW_ARRAY(c->A, ir_value *, n + 1);
  f->param_ref = WP_NEW_ARRAY(c->A, bool, n + 1);
  for (int i = 0; i < n; i++) {
    f->param_types[i] = types[i];
    f->param_names[i] = wp_arena_printf(c->A, "a%d", i);
    f->param_locs[i] = loc;
    ir_value *v = ir_append(f->entry, IR_PARAM, types[i], NULL, 0, loc);
    v->aux = i;
    v->name = f->param_names[i];
    f->params[i] = v;
  }
  ir_value *r = lower_builtin(c, b, f->params, n, loc);
  if (r) {
    f->ret = r->type;
    lower_emit(c, IR_RET, r->type, &r, 1, loc);
  }
  lower_leave_func(c, &fs);
  if (r)
    wp_ptrvec_push(c->A, &c->builtin_funcs, f);
  return r ? f : NULL;
}

ir_value *lower_grad_apply(lower_ctx *c, const ast_expr *e, entity g,
                           ir_value *(*func_call)(lower_ctx *, const ast_expr *,
                                                  func_info *)) {
  ir_value *v;
  if (g.func) {
    v = func_call(c, e, g.func); /* checks the arguments */
    if (!v)
      return NULL;
  } else {
    if (e->nkeywords) {
      wp_error(c->diag, e->loc,
               "wp.grad(wp.%s)() takes positional arguments only",
               g.builtin->name);
      return NULL;
    }
    ir_value **args = WP_NEW_ARRAY(c->A, ir_value *, e->nitems + 1);
    const ir_type **types = WP_NEW_ARRAY(c->A, const ir_type *, e->nitems + 1);
    for (int i = 0; i < e->nitems; i++) {
      if (!(args[i] = lower_expr(c, e->items[i])))
        return NULL;
      types[i] = args[i]->type;
    }
    ir_func *bf = builtin_func(c, g.builtin, types, e->nitems, e->loc);
    if (!bf)
      return NULL;
    v = lower_emit(c, IR_CALL, bf->ret, args, e->nitems, e->loc);
    v->callee = bf;
  }
  ir_func *f = v->callee;
  if (!ir_type_is_float(f->ret)) {
    wp_error(c->diag, e->value->loc,
             "wp.grad() needs a function with a float scalar result; '%s' "
             "returns '%s'",
             f->name, f->ret->name);
    return NULL;
  }
  v->callee = ir_build_func_gradient(c->m, f);
  v->type = v->callee->ret;
  if (f->nparams != 1)
    return v;
  ir_value *x = lower_emit(c, IR_EXTRACT, f->param_types[0], &v, 1, e->loc);
  x->aux = 0;
  return x;
}

/* wp.Function parameters: a func is specialized per function argument.
 * The argument's type at the call is a "function type" made for its
 * target (one per function, kind void, never the type of a value), so
 * that the generic-instance machinery (lower_overload.c) makes one
 * instance per target; the instance binds the parameter as a
 * function-valued local and has no IR parameter for it. */
typedef struct fn_type {
  ir_type t; /* first: a pointer to it is one to the fn_type */
  entity en;
} fn_type;

static bool same_fn(entity a, entity b) {
  return a.kind == b.kind && a.func == b.func && a.builtin == b.builtin;
}

const ir_type *lower_fn_type(lower_ctx *c, entity en) {
  for (int i = 0; i < c->fn_types.count; i++) {
    fn_type *ft = c->fn_types.items[i];
    if (same_fn(ft->en, en))
      return &ft->t;
  }
  fn_type *ft = WP_NEW(c->A, fn_type);
  ft->t.kind = IR_T_VOID;
  /* "function f" / "function wp.sin" in messages; mangled "fn_f" */
  ft->t.name = wp_arena_printf(
      c->A, "function %s%s", en.kind == ENT_FUNC ? "" : "wp.",
      en.kind == ENT_FUNC ? en.func->def->name : en.builtin->name);
  ft->en = en;
  wp_ptrvec_push(c->A, &c->fn_types, ft);
  return &ft->t;
}

const entity *lower_fn_type_entity(lower_ctx *c, const ir_type *t) {
  for (int i = 0; i < c->fn_types.count; i++)
    if (c->fn_types.items[i] == (const void *)t)
      return &((fn_type *)c->fn_types.items[i])->en;
  return NULL;
}

/* The builtins warp-lang 1.19.0 does not take as wp.Function targets
 * (variadic ones, those with their own dispatch or replay), among those
 * warpc has. */
static bool irregular_builtin(const char *name) {
  static const char *const names[] = {
      "cast",
      "extract",
      "identity",
      "index",
      "matrix",
      "matrix_from_cols",
      "matrix_from_rows",
      "mul",
      "norm_huber",
      "norm_l1",
      "norm_l2",
      "norm_pseudo_huber",
      "printf",
      "quat_from_euler",
      "quat_identity",
      "quat_to_euler",
      "quat_to_rpy",
      "quat_twist",
      "quat_twist_angle",
      "quat_twist_angle_signed",
      "quaternion",
      "smooth_normalize",
      "spatial_vector",
      "transform_compose",
      "transform_decompose",
      "transform_from_matrix",
      "transform_identity",
      "transform_to_matrix",
      "transform_twist",
      "transform_wrench",
      "transformation",
      "tuple",
      "vector",
      "velocity_at_point",
      "zeros",
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!strcmp(name, names[i]))
      return true;
  return !strncmp(name, "atomic_", 7) || !strncmp(name, "tile", 4) ||
         !strncmp(name, "volume_", 7);
}

static bool fn_target(entity en) {
  return en.kind == ENT_FUNC ||
         (en.kind == ENT_BUILTIN && !en.builtin->atomic &&
          !en.builtin->internal && !irregular_builtin(en.builtin->name));
}

bool lower_def_has_fn_param(lower_ctx *c, const ast_def *d) {
  for (int i = 0; i < d->nparams; i++) {
    const ast_expr *a = d->params[i].annotation;
    const char *p = a ? lower_warp_path(c, a) : NULL;
    if (p && !strcmp(p, "Function"))
      return true;
  }
  return false;
}

const ir_type *lower_fn_default_type(lower_ctx *c, const ast_expr *dv) {
  if (dv->kind != AST_EXPR_NAME && dv->kind != AST_EXPR_ATTRIBUTE)
    return NULL;
  const char *p = lower_warp_path(c, dv);
  if (p) {
    entity en = lower_warp_name(c, p);
    return en.kind == ENT_BUILTIN && fn_target(en) ? lower_fn_type(c, en)
                                                   : NULL;
  }
  binding b = lower_resolve(c, dv);
  if (b.kind != BIND_FUNC)
    return NULL;
  return lower_fn_type(c, lower_binding_entity(c, b, "", dv->loc));
}

bool lower_call_arg(lower_ctx *c, const ast_expr *e, ir_value **v,
                    const ir_type **t) {
  *v = NULL;
  bool cand = e->kind == AST_EXPR_ATTRIBUTE;
  if (e->kind == AST_EXPR_NAME) {
    int var = lower_var_index(c, e->name, false);
    cand = var < 0 || !c->fs->var_types[var] ||
           wp_strmap_get(&c->fs->fn_locals, e->name);
  } else if (e->kind == AST_EXPR_CALL) {
    const char *p = lower_warp_path(c, e->value);
    cand = p && !strcmp(p, "static");
  }
  if (cand) {
    entity en = lower_entity(c, e);
    if (en.kind == ENT_ERROR)
      return false;
    if (fn_target(en)) {
      *t = lower_fn_type(c, en);
      return true;
    }
    if (en.kind == ENT_VALUE)
      *v = en.value;
    else if (en.kind == ENT_BUILTIN || en.kind == ENT_SPECIAL) {
      wp_error(c->diag, e->loc,
               "wp.Function parameters take user-defined Warp functions and "
               "simple built-in Warp functions such as wp.sin() and wp.min(), "
               "not the unsupported built-in function '%s'",
               en.kind == ENT_BUILTIN ? en.builtin->name : en.name);
      return false;
    }
  }
  if (!*v)
    *v = lower_expr(c, e);
  if (!*v)
    return false;
  *t = (*v)->type;
  return true;
}

void lower_fn_params(lower_ctx *c, ir_func *f, const ir_type **given) {
  if (!given)
    return;
  int j = 0;
  for (int i = 0; i < f->nparams; i++) {
    const entity *en = given[i] ? lower_fn_type_entity(c, given[i]) : NULL;
    if (en) {
      lower_fn_bind(c, f->param_names[i], *en);
      continue;
    }
    f->param_types[j] = f->param_types[i];
    f->param_names[j] = f->param_names[i];
    f->param_locs[j] = f->param_locs[i];
    f->params[j] = f->params[i];
    f->param_ref[j] = f->param_ref[i];
    if (f->params[j])
      f->params[j]->aux = j;
    j++;
  }
  f->nparams = j;
}
