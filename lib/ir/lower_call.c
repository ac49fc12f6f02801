/* lower_call.c - calls: type constructors and casts, builtins, atomics,
 * wp.tid(), and calls of @wp.func functions. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower.h"

enum { MAX_ARGS = 16 };

static bool no_keywords(lower_ctx *c, const ast_expr *e) {
  if (e->nkeywords) {
    wp_error(c->diag, e->keywords[0].loc,
             "keyword arguments are not supported in this call");
    return false;
  }
  if (e->nitems > MAX_ARGS) {
    wp_error(c->diag, e->loc, "too many arguments");
    return false;
  }
  return true;
}

static int lower_args(lower_ctx *c, const ast_expr *e, ir_value **args) {
  if (!no_keywords(c, e))
    return -1;
  int ok = 1;
  for (int i = 0; i < e->nitems; i++)
    if (!(args[i] = lower_expr(c, e->items[i])))
      ok = 0;
  return ok ? e->nitems : -1;
}

/* float(x), wp.int64(x), wp.float32(): scalar conversions. */
static ir_value *scalar_ctor(lower_ctx *c, const ast_expr *e,
                             const ir_type *t) {
  ir_value *args[MAX_ARGS];
  int n = lower_args(c, e, args);
  if (n < 0)
    return NULL;
  if (n == 0)
    return lower_emit(c, IR_ZERO, t, NULL, 0, e->loc);
  if (n != 1 || args[0]->type->kind != IR_T_SCALAR) {
    wp_error(c->diag, e->loc, "'%s' takes one scalar argument", t->name);
    return NULL;
  }
  return lower_cast(c, args[0], t, e->loc);
}

/* wp.vec3(...), wp.mat33(...): zero, splat, components, conversion from
 * another vector/matrix, or (matrices) column vectors as Warp does. */
static ir_value *composite_ctor(lower_ctx *c, const ast_expr *e,
                                const ir_type *t) {
  ir_value *args[MAX_ARGS];
  int n = lower_args(c, e, args);
  if (n < 0)
    return NULL;
  return lower_composite_args(c, e, t, args, n);
}

ir_value *lower_composite_args(lower_ctx *c, const ast_expr *e,
                               const ir_type *t, ir_value **args, int n) {
  int ncomp = t->rows * t->cols;
  if (n == 2 && t->kind == IR_T_VEC && t->flavor != IR_VEC_PLAIN)
    return lower_quat_compose(c, e, t,
                              args); /* quat(ijk, w), transform(p, q) */
  if (n == 0)
    return lower_emit(c, IR_ZERO, t, NULL, 0, e->loc);
  if (n == 1 && args[0]->type->kind == t->kind &&
      args[0]->type->rows == t->rows && args[0]->type->cols == t->cols)
    return lower_cast(c, args[0], t, e->loc);
  if (n == 1 && args[0]->type == t->elem) {
    ir_value *comps[MAX_ARGS];
    for (int i = 0; i < ncomp; i++)
      comps[i] = args[0];
    return lower_emit(c, IR_COMPOSE, t, comps, ncomp, e->loc);
  }
  if (t->kind == IR_T_MAT && n == t->cols) {
    /* matrix from column vectors (Warp's deprecated but accepted form) */
    const ir_type *col = ir_t_vec(c->T, t->scalar, t->rows);
    ir_value *comps[MAX_ARGS];
    for (int j = 0; j < n; j++) {
      if (args[j]->type != col) {
        wp_error(c->diag, e->items[j]->loc,
                 "expected a '%s' column for '%s', got '%s'", col->name,
                 t->name, args[j]->type->name);
        return NULL;
      }
      for (int i = 0; i < t->rows; i++) {
        ir_value *x = lower_emit(c, IR_EXTRACT, t->elem, &args[j], 1, e->loc);
        x->aux = i;
        comps[i * t->cols + j] = x;
      }
    }
    return lower_emit(c, IR_COMPOSE, t, comps, ncomp, e->loc);
  }
  if (n != ncomp) {
    wp_error(c->diag, e->loc, "'%s' takes %d components, got %d", t->name,
             ncomp, n);
    return NULL;
  }
  for (int i = 0; i < n; i++)
    if (args[i]->type != t->elem) {
      wp_error(c->diag, e->items[i]->loc,
               "all values used to initialize a '%s' must be '%s', got '%s'",
               t->name, t->elem->name, args[i]->type->name);
      return NULL;
    }
  return lower_emit(c, IR_COMPOSE, t, args, n, e->loc);
}

/* Field k of struct value `r` set to `v` (constants convert to the field's
 * scalar type); NULL when reported. */
static ir_value *struct_set(lower_ctx *c, ir_value *r, int k, ir_value *v,
                            wp_loc loc) {
  const ir_type *ft = r->type->members[k];
  if (v->type != ft && v->op == IR_CONST && ft->kind == IR_T_SCALAR)
    v = lower_cast(c, v, ft, loc);
  if (v->type != ft) {
    wp_error(c->diag, loc, "field '%s' of '%s' has type '%s', not '%s'",
             r->type->member_names[k], r->type->name, ft->name, v->type->name);
    return NULL;
  }
  ir_value *args[2] = {r, v};
  ir_value *x = lower_emit(c, IR_INSERT, r->type, args, 2, loc);
  x->aux = k;
  return x;
}

/* S() is zero; S(a, b, ...) and S(field=value, ...) set fields. */
static ir_value *struct_ctor(lower_ctx *c, const ast_expr *e,
                             const ir_type *t) {
  if (e->nitems > t->nmembers) {
    wp_error(c->diag, e->loc, "'%s' has %d fields, %d arguments given", t->name,
             t->nmembers, e->nitems);
    return NULL;
  }
  ir_value *r = lower_emit(c, IR_ZERO, t, NULL, 0, e->loc);
  for (int i = 0; i < e->nitems && r; i++) {
    ir_value *v = lower_expr(c, e->items[i]);
    if (!v)
      return NULL;
    r = struct_set(c, r, i, v, e->items[i]->loc);
  }
  for (int i = 0; i < e->nkeywords && r; i++) {
    int k = ir_struct_member(t, e->keywords[i].name);
    if (k < 0) {
      wp_error(c->diag, e->keywords[i].loc, "struct '%s' has no field '%s'",
               t->name, e->keywords[i].name);
      return NULL;
    }
    ir_value *v = lower_expr(c, e->keywords[i].value);
    if (!v)
      return NULL;
    r = struct_set(c, r, k, v, e->keywords[i].value->loc);
  }
  return r;
}

static ir_value *type_call(lower_ctx *c, const ast_expr *e, const ir_type *t) {
  if (t->kind == IR_T_STRUCT)
    return struct_ctor(c, e, t);
  if (t->kind == IR_T_SCALAR)
    return scalar_ctor(c, e, t);
  if (t->kind == IR_T_VEC || t->kind == IR_T_MAT)
    return composite_ctor(c, e, t);
  wp_error(c->diag, e->loc, "values of type '%s' cannot be constructed here",
           t->name);
  return NULL;
}

/* wp.atomic_add(arr, i, j, ..., value) -> old value. */
static ir_value *atomic(lower_ctx *c, const ast_expr *e, const ir_builtin *b) {
  if (!no_keywords(c, e))
    return NULL;
  if (e->nitems < 3) {
    wp_error(c->diag, e->loc, "'%s' takes an array, its indices and a value",
             b->name);
    return NULL;
  }
  ir_value *arr = lower_expr(c, e->items[0]);
  if (!arr)
    return NULL;
  if (arr->type->kind != IR_T_ARRAY) {
    wp_error(c->diag, e->items[0]->loc,
             "the first argument of '%s' must be an array, not '%s'", b->name,
             arr->type->name);
    return NULL;
  }
  int nidx = e->nitems - 2;
  if (nidx != arr->type->ndim) {
    wp_error(c->diag, e->loc, "'%s' on a %d-d array needs %d indices, got %d",
             b->name, arr->type->ndim, arr->type->ndim, nidx);
    return NULL;
  }
  ir_value *args[6];
  args[0] = arr;
  for (int i = 0; i < nidx; i++) {
    ir_value *ix = lower_expr(c, e->items[1 + i]);
    if (!ix)
      return NULL;
    if (!ir_type_is_int(ix->type)) {
      wp_error(c->diag, e->items[1 + i]->loc,
               "index must be an integer, not '%s'", ix->type->name);
      return NULL;
    }
    args[1 + i] = ix;
  }
  ir_value *val = lower_expr(c, e->items[e->nitems - 1]);
  if (!val)
    return NULL;
  return lower_atomic(c, b, args, nidx + 1, val, e->items[e->nitems - 1]->loc,
                      e->loc);
}

ir_value *lower_atomic(lower_ctx *c, const ir_builtin *b, ir_value **addr,
                       int naddr, ir_value *val, wp_loc val_loc, wp_loc loc) {
  const ir_type *et = addr[0]->type->elem;
  const char *why = NULL;
  const ir_type *types[2] = {et, val->type};
  if (!b->check(c->T, b, types, 2, &why)) {
    wp_error(c->diag, val_loc,
             "'%s' on an array of '%s' needs a '%s' value, got '%s'", b->name,
             et->name, et->name, val->type->name);
    return NULL;
  }
  bool minmax = strstr(b->name, "min") || strstr(b->name, "max");
  if (minmax && et->kind != IR_T_SCALAR && et->kind != IR_T_VEC) {
    wp_error(c->diag, loc, "'%s' is not defined for arrays of '%s'", b->name,
             et->name);
    return NULL;
  }
  ir_value *args[6];
  memcpy(args, addr, sizeof(*args) * (size_t)naddr);
  args[naddr] = val;
  ir_value *v = lower_emit(c, IR_ATOMIC, et, args, naddr + 1, loc);
  v->builtin = b;
  return v;
}

ir_value *lower_tid(lower_ctx *c, int k, int n, wp_loc loc) {
  if (c->f->kind != IR_FUNC_KERNEL) {
    wp_error(
        c->diag, loc,
        "wp.tid() can only be used in kernels; pass the index to the function");
    return lower_zero(c, ir_t_int32(c->T));
  }
  ir_value *v = lower_emit(c, IR_TID, ir_t_int32(c->T), NULL, 0, loc);
  v->aux = k;
  v->aux2 = n;
  return v;
}

static ir_value *special_call(lower_ctx *c, const ast_expr *e,
                              const char *name) {
  if (strcmp(name, "tid") == 0) {
    if (e->nitems || e->nkeywords) {
      wp_error(c->diag, e->loc, "wp.tid() takes no arguments");
      return NULL;
    }
    return lower_tid(c, 0, 1, e->loc);
  }
  if (!strcmp(name, "quat_identity") || !strcmp(name, "transform_identity"))
    return lower_quat_identity(c, e, name);
  if (!strcmp(name, "quaternion") || !strcmp(name, "transformation"))
    return lower_quat_generic(c, e, name);
  if (strcmp(name, "float") == 0)
    return scalar_ctor(c, e, ir_t_float32(c->T));
  if (strcmp(name, "int") == 0)
    return scalar_ctor(c, e, ir_t_int32(c->T));
  if (strcmp(name, "bool") == 0)
    return scalar_ctor(c, e, ir_t_bool(c->T));
  if (strcmp(name, "constant") == 0) {
    if (e->nitems != 1 || e->nkeywords) {
      wp_error(c->diag, e->loc, "wp.constant() takes one argument");
      return NULL;
    }
    return lower_expr(c, e->items[0]);
  }
  if (strcmp(name, "static") == 0)
    return lower_static(c, e);
  if (strcmp(name, "print") == 0)
    return lower_print(c, e);
  if (strcmp(name, "printf") == 0)
    return lower_printf(c, e);
  if (strcmp(name, "len") == 0) {
    ir_value *args[MAX_ARGS];
    int n = lower_args(c, e, args);
    if (n != 1) {
      if (n >= 0)
        wp_error(c->diag, e->loc, "len() takes one argument");
      return NULL;
    }
    const ir_type *t = args[0]->type;
    if (t->kind == IR_T_ARRAY) {
      ir_value *s =
          lower_emit(c, IR_ARRAY_SHAPE, ir_t_int32(c->T), args, 1, e->loc);
      s->aux = 0;
      return s;
    }
    if (t->kind == IR_T_VEC || t->kind == IR_T_MAT)
      return lower_const_int(c, ir_t_int32(c->T), t->rows);
    if (t->kind == IR_T_TUPLE)
      return lower_const_int(c, ir_t_int32(c->T), t->nmembers);
    wp_error(c->diag, e->loc, "len() of '%s' is not defined", t->name);
    return NULL;
  }
  if (strcmp(name, "range") == 0) {
    wp_error(c->diag, e->loc,
             "range() can only be used as the iterable of a for loop");
    return NULL;
  }
  wp_error(c->diag, e->loc, "'%s' is not supported here yet", name);
  return NULL;
}

static ir_value *func_call(lower_ctx *c, const ast_expr *e,
                           const ast_def *def) {
  func_info *fi = lower_find_func(c, def->name);
  ir_value *args[MAX_ARGS];
  int n = lower_args(c, e, args);
  if (n < 0)
    return NULL;
  if (fi->in_progress) {
    wp_error(
        c->diag, e->loc,
        "recursive call of '%s': recursion is not supported in Warp functions",
        def->name);
    return NULL;
  }
  ir_func *callee = lower_func_def(c, fi);
  if (!callee) {
    wp_note(c->diag, e->loc, "in the call of '%s' here", def->name);
    return NULL;
  }
  if (n != callee->nparams) {
    wp_error(c->diag, e->loc, "'%s' takes %d argument%s, got %d", def->name,
             callee->nparams, callee->nparams == 1 ? "" : "s", n);
    return NULL;
  }
  for (int i = 0; i < n; i++)
    if (args[i]->type != callee->param_types[i]) {
      wp_error(c->diag, e->items[i]->loc,
               "argument '%s' of '%s' must be '%s', got '%s'",
               callee->param_names[i], def->name, callee->param_types[i]->name,
               args[i]->type->name);
      return NULL;
    }
  ir_value *v = lower_emit(c, IR_CALL, callee->ret, args, n, e->loc);
  v->callee = callee;
  return v;
}

/* wp.grad(f)(args): the partial derivatives of the scalar func f at args
 * (a tuple for several parameters, the value for one). */
static ir_value *grad_call(lower_ctx *c, const ast_expr *e) {
  const ast_expr *ge = e->value;
  func_info *fi =
      ge->nitems == 1 && !ge->nkeywords && ge->items[0]->kind == AST_EXPR_NAME
          ? lower_find_func(c, ge->items[0]->name)
          : NULL;
  if (!fi) {
    wp_error(c->diag, ge->loc,
             "wp.grad() takes a @wp.func, e.g. wp.grad(f)(x)");
    return NULL;
  }
  ast_expr call = *e;
  call.value = ge->items[0];
  ir_value *v = func_call(c, &call, fi->def); /* checks the arguments */
  if (!v)
    return NULL;
  ir_func *f = v->callee;
  if (!ir_type_is_float(f->ret)) {
    wp_error(c->diag, ge->loc,
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

/* Random numbers: Warp's randf(state) etc. advance `state` in place.  The
 * value is a pure builtin of the old state; when the state argument is a
 * plain local variable the advanced state (the same number of generator
 * draws, or poisson's variable count) is computed by a second builtin and
 * written back to the variable.  Draws per call, -1 for poisson, 0 when
 * `name` does not advance a state. */
static int rand_draws(const char *name) {
  static const struct {
    const char *name;
    int draws;
  } tab[] = {{"randi", 1},
             {"randu", 1},
             {"randf", 1},
             {"randn", 2},
             {"sample_triangle", 2},
             {"sample_unit_ring", 1},
             {"sample_unit_disk", 2},
             {"sample_unit_sphere_surface", 2},
             {"sample_unit_sphere", 3},
             {"sample_unit_hemisphere_surface", 2},
             {"sample_unit_hemisphere", 3},
             {"sample_unit_square", 2},
             {"sample_unit_cube", 3},
             {"poisson", -1}};
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (!strcmp(tab[i].name, name))
      return tab[i].draws;
  return 0;
}

static ir_value *random_call(lower_ctx *c, const ast_expr *e,
                             const ir_builtin *b, int draws) {
  ir_value *args[MAX_ARGS];
  int n = lower_args(c, e, args);
  if (n < 0)
    return NULL;
  ir_value *v = lower_builtin(c, b, args, n, e->loc);
  if (!v)
    return NULL;
  const ast_expr *s = e->items[0];
  int var = s->kind == AST_EXPR_NAME ? lower_var_index(c, s->name, false) : -1;
  if (var < 0 || c->var_types[var] != args[0]->type || !c->cur)
    return v; /* not a variable: nothing to update */
  ir_value *sargs[2] = {args[0],
                        draws > 0 ? lower_const_int(c, ir_t_int32(c->T), draws)
                                  : args[1]};
  ir_value *ns = lower_builtin(
      c, ir_builtin_find(draws > 0 ? "_rand_steps" : "_poisson_state"), sargs,
      2, e->loc);
  if (!ns)
    return NULL;
  if (!ns->name)
    ns->name = s->name;
  lower_write_var(c, var, c->cur, ns);
  return v;
}

ir_value *lower_call(lower_ctx *c, const ast_expr *e) {
  if (e->value->kind == AST_EXPR_CALL) {
    const char *p = lower_warp_path(c, e->value->value);
    if (p && !strcmp(p, "grad"))
      return grad_call(c, e);
  }
  const char *path = lower_warp_path(c, e->value);
  if (path && !strncmp(path, "expect_", 7) &&
      (!strcmp(path + 7, "eq") || !strcmp(path + 7, "neq") ||
       !strcmp(path + 7, "near")))
    return lower_expect(c, e, path);
  entity callee = lower_entity(c, e->value);
  switch (callee.kind) {
  case ENT_ERROR: return NULL;
  case ENT_TYPE: return type_call(c, e, callee.type);
  case ENT_SPECIAL: return special_call(c, e, callee.name);
  case ENT_FUNC: return func_call(c, e, callee.def);
  case ENT_BUILTIN: {
    if (strncmp(callee.builtin->name, "atomic_", 7) == 0)
      return atomic(c, e, callee.builtin);
    if (callee.builtin->name[0] == '_') {
      wp_error(c->diag, e->value->loc, "'%s' is not a Warp builtin",
               callee.builtin->name);
      return NULL;
    }
    int draws = rand_draws(callee.builtin->name);
    if (draws)
      return random_call(c, e, callee.builtin, draws);
    ir_value *args[MAX_ARGS];
    int n = lower_args(c, e, args);
    if (n < 0)
      return NULL;
    /* wp.select(cond, if_false, if_true) is where(cond, if_true, if_false) */
    if (strcmp(callee.builtin->name, "select") == 0 && n == 3) {
      ir_value *t = args[1];
      args[1] = args[2];
      args[2] = t;
      return lower_builtin(c, ir_builtin_find("where"), args, n, e->loc);
    }
    return lower_builtin(c, callee.builtin, args, n, e->loc);
  }
  default:
    wp_error(c->diag, e->value->loc, "this is not callable");
    return NULL;
  }
}
