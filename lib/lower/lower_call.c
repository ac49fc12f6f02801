/* lower_call.c - calls: type constructors and casts, builtins, atomics,
 * wp.tid(), and calls of @wp.func functions. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"
#include "lower_tile.h"
#include "lower_volume.h"

static bool no_keywords(lower_ctx *c, const ast_expr *e) {
  if (e->nkeywords) {
    wp_error(c->diag, e->keywords[0].loc,
             "keyword arguments are not supported in this call");
    return false;
  }
  return true;
}

/* The positional arguments of `e` lowered into *out (an arena array of
 * e->nitems + 1 entries); their number, or -1 when reported. */
static int lower_args(lower_ctx *c, const ast_expr *e, ir_value ***out) {
  ir_value **args = *out = WP_NEW_ARRAY(c->A, ir_value *, e->nitems + 1);
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
  ir_value **args;
  int n = lower_args(c, e, &args);
  if (n < 0)
    return NULL;
  if (n == 0)
    return lower_emit(c, IR_ZERO, t, NULL, 0, e->loc);
  if (n != 1 || args[0]->type->kind != IR_T_SCALAR) {
    wp_error(c->diag, e->loc, "'%s' takes one scalar argument", t->name);
    return NULL;
  }
  /* as Warp: the 64-bit constructors take a Python number exactly
     (wp.float64(3.141592653589793) does not round through float32) */
  if (t->scalar == WP_SCALAR_FLOAT64 || t->scalar == WP_SCALAR_INT64 ||
      t->scalar == WP_SCALAR_UINT64)
    return lower_cast(c, lower_py_to(c, args[0], t, e->loc), t, e->loc);
  ir_value *r = lower_cast(c, args[0], t, e->loc);
  if (r->op == IR_CONST && r->py) { /* a computed value, no longer one */
    ir_value *k = lower_emit(c, IR_CONST, t, NULL, 0, e->loc);
    k->ival = r->ival;
    k->fval = r->fval;
    r = k;
  }
  return r;
}

/* wp.vec3(...), wp.mat33(...): zero, splat, components, conversion from
 * another vector/matrix. */
static ir_value *composite_ctor(lower_ctx *c, const ast_expr *e,
                                const ir_type *t) {
  ast_expr plain;
  if (!(e = lower_spatial_dtype(c, e, t, &plain)) ||
      !(e = lower_ctor_keywords(c, e, t)))
    return NULL;
  ir_value **args;
  int n = lower_args(c, e, &args);
  if (n < 0)
    return NULL;
  return lower_composite(c, e, t, args, n);
}

ir_value *lower_composite(lower_ctx *c, const ast_expr *e, const ir_type *t,
                          ir_value **args, int n) {
  int ncomp = t->rows * t->cols;
  /* Python numbers given as components (or as the fill value) take the
     element type, at its precision: wp.vec3d(0.1, 2, 3.0), wp.vec3h(1.0) */
  if (n == ncomp || n == 1)
    for (int i = 0; i < n; i++)
      args[i] = lower_py_to(c, args[i], t->elem, e->items[i]->loc);
  if (n == 1 && ir_type_is_transform(t) && args[0]->type->kind == IR_T_VEC &&
      args[0]->type->flavor == IR_VEC_PLAIN && args[0]->type->rows == 3) {
    /* transform(p) / transform(p=...): q defaults to the identity, as in
       warp-lang 1.19 */
    const ir_type *qt = ir_t_quat(c->T, t->scalar);
    ir_value *q[4] = {
        lower_const_float(c, t->elem, 0.0), lower_const_float(c, t->elem, 0.0),
        lower_const_float(c, t->elem, 0.0), lower_const_float(c, t->elem, 1.0)};
    ir_value *pq[2] = {args[0], lower_emit(c, IR_COMPOSE, qt, q, 4, e->loc)};
    return lower_quat_compose(c, e, t, pq);
  }
  if (n == 2 && t->kind == IR_T_VEC && t->flavor != IR_VEC_PLAIN)
    return lower_quat_compose(c, e, t,
                              args); /* quat(ijk, w), transform(p, q) */
  if (n == 2 && t->kind == IR_T_VEC && t->rows == 6)
    return lower_spatial_vector(c, e, t, args); /* spatial_vector(w, v) */
  if (n == 0)
    return lower_emit(c, IR_ZERO, t, NULL, 0, e->loc);
  if (n == 1 && args[0]->type->kind == t->kind &&
      args[0]->type->rows == t->rows && args[0]->type->cols == t->cols)
    return lower_cast(c, args[0], t, e->loc);
  if (n == 1 && args[0]->type->kind == IR_T_SCALAR &&
      args[0]->type != t->elem) {
    wp_error(c->diag, e->items[0]->loc,
             "the value used to fill a '%s' must be '%s', got '%s'", t->name,
             t->elem->name, args[0]->type->name);
    return NULL;
  }
  if (n == 1 && args[0]->type == t->elem) {
    ir_value **comps = WP_NEW_ARRAY(c->A, ir_value *, ncomp);
    for (int i = 0; i < ncomp; i++)
      comps[i] = args[0];
    return lower_emit(c, IR_COMPOSE, t, comps, ncomp, e->loc);
  }
  if (t->kind == IR_T_MAT && n == t->cols)
    for (int j = 0; j < n; j++)
      if (args[j]->type->kind == IR_T_VEC) {
        /* removed in warp-lang 1.12 (deprecated since 1.8) */
        wp_error(c->diag, e->items[j]->loc,
                 "'%s' takes scalars, not vectors (warp-lang 1.12 removed "
                 "building a matrix from vectors): use "
                 "wp.matrix_from_cols(...) or wp.matrix_from_rows(...)",
                 t->name);
        return NULL;
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

/* S() is zero; otherwise every field is given once, positionally and/or by
 * name (as in warp-lang, which has no partial constructor). */
static ir_value *struct_ctor(lower_ctx *c, const ast_expr *e,
                             const ir_type *t) {
  if (e->nitems > t->nmembers) {
    wp_error(c->diag, e->loc, "'%s' has %d fields, %d arguments given", t->name,
             t->nmembers, e->nitems);
    return NULL;
  }
  bool *given = WP_NEW_ARRAY(c->A, bool, t->nmembers + 1);
  ir_value *r = lower_emit(c, IR_ZERO, t, NULL, 0, e->loc);
  for (int i = 0; i < e->nitems && r; i++) {
    ir_value *v = lower_expr(c, e->items[i]);
    if (!v)
      return NULL;
    given[i] = true;
    r = struct_set(c, r, i, v, e->items[i]->loc);
  }
  for (int i = 0; i < e->nkeywords && r; i++) {
    int k = ir_struct_member(t, e->keywords[i].name);
    if (k < 0) {
      wp_error(c->diag, e->keywords[i].loc, "struct '%s' has no field '%s'",
               t->name, e->keywords[i].name);
      return NULL;
    }
    if (given[k]) {
      wp_error(c->diag, e->keywords[i].loc, "field '%s' of '%s' is given twice",
               t->member_names[k], t->name);
      return NULL;
    }
    given[k] = true;
    ir_value *v = lower_expr(c, e->keywords[i].value);
    if (!v)
      return NULL;
    r = struct_set(c, r, k, v, e->keywords[i].value->loc);
  }
  if (r && e->nitems + e->nkeywords > 0)
    for (int k = 0; k < t->nmembers; k++)
      if (!given[k]) {
        wp_error(c->diag, e->loc,
                 "'%s(...)' needs every field or none: field '%s' is missing "
                 "(S() makes a zero value)",
                 t->name, t->member_names[k]);
        return NULL;
      }
  return r;
}

static ir_value *type_call(lower_ctx *c, const ast_expr *e, const ir_type *t) {
  if (ir_type_is_builtin_struct(t)) {
    wp_error(c->diag, e->loc,
             "'%s' has no constructor: its values are made by the builtins "
             "that return them",
             t->name);
    return NULL;
  }
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

/* The atomic `b` on the element addr[0][addr[1..naddr)] with the values
 * vals[0..nvals) (compare and value for atomic_cas, else the value). */
static ir_value *atomic_emit(lower_ctx *c, const ir_builtin *b, ir_value **addr,
                             int naddr, ir_value **vals, const wp_loc *val_locs,
                             int nvals, wp_loc loc) {
  const ir_type *et = addr[0]->type->elem;
  for (int i = 0; i < nvals; i++)
    if (vals[i]->type != et) {
      wp_error(c->diag, val_locs[i],
               "'%s' on an array of '%s' needs a '%s' value, got '%s'", b->name,
               et->name, et->name, vals[i]->type->name);
      return NULL;
    }
  const char *why = NULL;
  const ir_type *types[3] = {et, et, et};
  if (!b->check(c->T, b, types, nvals + 1, &why)) {
    if (why)
      wp_error(c->diag, loc, "'%s' is not defined for arrays of '%s': %s",
               b->name, et->name, why);
    else
      wp_error(c->diag, loc, "'%s' is not defined for arrays of '%s'", b->name,
               et->name);
    return NULL;
  }
  /* add/sub/min/max: [u]int32, [u]int64, float32, float64 components;
     float16 add/sub too (computed in float32, see 0small.h) */
  const ir_type *es = et->kind == IR_T_SCALAR ? et : et->elem;
  int sc = es ? es->scalar : -1;
  bool minmax = b->id == IR_B_ATOMIC_MIN || b->id == IR_B_ATOMIC_MAX;
  if (b->check != NULL && nvals == 1 && b->min_args == 2 &&
      (b->id == IR_B_ATOMIC_ADD || b->id == IR_B_ATOMIC_SUB || minmax) &&
      !(sc == WP_SCALAR_INT32 || sc == WP_SCALAR_UINT32 ||
        sc == WP_SCALAR_INT64 || sc == WP_SCALAR_UINT64 ||
        sc == WP_SCALAR_FLOAT32 || sc == WP_SCALAR_FLOAT64 ||
        (sc == WP_SCALAR_FLOAT16 && !minmax) ||
        (sc == WP_SCALAR_BFLOAT16 && (!minmax || et->kind != IR_T_MAT)))) {
    wp_error(c->diag, loc,
             "'%s' is not defined for arrays of '%s': only arrays of "
             "[u]int32, [u]int64, float32 or float64 scalars, vectors and "
             "matrices have it (float16 and bfloat16 too for add and sub, "
             "bfloat16 scalars and vectors for min and max)",
             b->name, et->name);
    return NULL;
  }
  if (minmax && et->kind != IR_T_SCALAR && et->kind != IR_T_VEC) {
    wp_error(c->diag, loc, "'%s' is not defined for arrays of '%s'", b->name,
             et->name);
    return NULL;
  }
  ir_value **args = WP_NEW_ARRAY(c->A, ir_value *, naddr + nvals);
  memcpy(args, addr, sizeof(*args) * (size_t)naddr);
  for (int i = 0; i < nvals; i++)
    args[naddr + i] = vals[i];
  ir_value *v = lower_emit(c, IR_ATOMIC, et, args, naddr + nvals, loc);
  v->builtin = b;
  return v;
}

/* wp.atomic_add(arr, i, j, ..., value) -> old value;
 * wp.atomic_cas(arr, i, ..., compare, value). */
static ir_value *atomic(lower_ctx *c, const ast_expr *e, const ir_builtin *b) {
  if (!no_keywords(c, e))
    return NULL;
  int nvals = b->min_args - 1;
  if (e->nitems < 2 + nvals) {
    wp_error(c->diag, e->loc, "'%s' takes an array, its indices and %s",
             b->name, nvals == 2 ? "the compare and new values" : "a value");
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
  int nidx = e->nitems - 1 - nvals;
  if (nidx != arr->type->ndim) {
    wp_error(c->diag, e->loc, "'%s' on a %d-d array needs %d indices, got %d",
             b->name, arr->type->ndim, arr->type->ndim, nidx);
    return NULL;
  }
  ir_value **args = WP_NEW_ARRAY(c->A, ir_value *, nidx + 1);
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
  ir_value *vals[2];
  wp_loc locs[2];
  for (int i = 0; i < nvals; i++) {
    const ast_expr *x = e->items[1 + nidx + i];
    locs[i] = x->loc;
    if (!(vals[i] = lower_expr(c, x)))
      return NULL;
  }
  return atomic_emit(c, b, args, nidx + 1, vals, locs, nvals, e->loc);
}

ir_value *lower_atomic(lower_ctx *c, const ir_builtin *b, ir_value **addr,
                       int naddr, ir_value *val, wp_loc val_loc, wp_loc loc) {
  return atomic_emit(c, b, addr, naddr, &val, &val_loc, 1, loc);
}

ir_value *lower_tid(lower_ctx *c, int k, int n, wp_loc loc) {
  if (c->fs->f->kind != IR_FUNC_KERNEL) {
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
  if (!strcmp(name, "address_of"))
    return lower_address_of(c, e);
  if (!strcmp(name, "zeros"))
    return lower_fixed_zeros(c, e);
  if (!strcmp(name, "array"))
    return lower_array_from_ptr(c, e);
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
    ir_value **args;
    int n = lower_args(c, e, &args);
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

/* The call of fi (its overloads) with the arguments `given` (of the types
 * in a; exprs[i] the expression of given[i], for messages, or NULL). */
static ir_value *call_values(lower_ctx *c, func_info *fi, const call_args *a,
                             ir_value **given, const ast_expr **exprs,
                             wp_loc loc) {
  const ast_def *def = fi->def;
  int *slots;
  const ast_def *d = def;
  ir_func *callee = lower_resolve_func(c, fi, a, &slots, &d, loc);
  if (!callee)
    return NULL;
  ir_value **args = WP_NEW_ARRAY(c->A, ir_value *, callee->nparams + 1);
  int *cslots = WP_NEW_ARRAY(c->A, int, callee->nparams + 1);
  /* parameter k of d is parameter i of callee unless it is a wp.Function
     parameter, bound in the instance (lower_fn_params) */
  for (int k = 0, i = 0; k < d->nparams && i < callee->nparams; k++) {
    if (strcmp(callee->param_names[i], d->params[k].name))
      continue;
    cslots[i] = slots[k];
    if (slots[k] < 0) { /* a default value, evaluated where fi is defined */
      clo_scope cs = lower_enter_def(c, fi);
      args[i] = lower_const_value(c, d->params[k].default_value, loc);
      lower_leave_def(c, cs);
      if (!args[i])
        return NULL;
    } else
      args[i] =
          lower_tile_view_arg(c, given[slots[k]], callee->param_types[i], loc);
    if (!args[i] || args[i]->type != callee->param_types[i]) {
      wp_error(c->diag, slots[k] < 0 || !exprs ? loc : exprs[slots[k]]->loc,
               "argument '%s' of '%s' must be '%s', got %s",
               callee->param_names[i], def->name, callee->param_types[i]->name,
               args[i] ? wp_arena_printf(c->A, "'%s'", args[i]->type->name)
                       : "a function");
      return NULL;
    }
    i++;
  }
  slots = cslots;
  if (callee->ref_func && !lower_ref_check_args(c, callee, slots, exprs, loc))
    return NULL;
  ir_value *v = lower_emit(c, IR_CALL, callee->ret, args, callee->nparams, loc);
  v->callee = callee;
  return callee->nrefs ? lower_ref_results(c, callee, v, slots, exprs) : v;
}

static ir_value *func_call(lower_ctx *c, const ast_expr *e, func_info *fi) {
  int na = e->nitems + e->nkeywords;
  ir_value **given = WP_NEW_ARRAY(c->A, ir_value *, na + 1);
  const ir_type **types = WP_NEW_ARRAY(c->A, const ir_type *, na + 1);
  const char **kw_names = WP_NEW_ARRAY(c->A, const char *, na + 1);
  const ast_expr **exprs = WP_NEW_ARRAY(c->A, const ast_expr *, na + 1);
  bool ok = true;
  for (int i = 0; i < na; i++) {
    bool kw = i >= e->nitems;
    exprs[i] = kw ? e->keywords[i - e->nitems].value : e->items[i];
    if (kw)
      kw_names[i - e->nitems] = e->keywords[i - e->nitems].name;
    if (!lower_call_arg(c, exprs[i], &given[i], &types[i]))
      ok = false;
  }
  if (!ok)
    return NULL;
  call_args a = {.types = types,
                 .kw_names = kw_names,
                 .n = e->nitems,
                 .nkw = e->nkeywords};
  return call_values(c, fi, &a, given, exprs, e->loc);
}

ir_value *lower_binary_op(lower_ctx *c, ir_builtin_id op, ir_value **args,
                          wp_loc loc) {
  /* Warp looks the operator's name up among the module's globals (and the
     closure of a factory-made function), not among local variables */
  binding b = lower_lookup(c, c->mod, ir_builtin_get(op)->name);
  const ir_type *types[2] = {args[0]->type, args[1]->type};
  if (b.kind == BIND_FUNC && lower_func_accepts(c, b.func, types, 2)) {
    call_args a = {.types = types, .n = 2};
    return call_values(c, b.func, &a, args, NULL, loc);
  }
  return lower_builtin(c, ir_builtin_get(op), args, 2, loc);
}

/* Random numbers: Warp's randf(state) etc. advance `state` in place.  The
 * value is a pure builtin of the old state; when the state argument is a
 * plain local variable the advanced state (the same number of generator
 * draws, or poisson's variable count) is computed by a second builtin and
 * written back to the variable.  Draws per call, -1 for poisson, 0 when
 * `name` does not advance a state. */
static int rand_draws(ir_builtin_id id) {
  static const signed char draws[IR_B_COUNT] = {
      [IR_B_RANDI] = 1,
      [IR_B_RANDU] = 1,
      [IR_B_RANDF] = 1,
      [IR_B_RANDN] = 2,
      [IR_B_SAMPLE_TRIANGLE] = 2,
      [IR_B_SAMPLE_UNIT_RING] = 1,
      [IR_B_SAMPLE_UNIT_DISK] = 2,
      [IR_B_SAMPLE_UNIT_SPHERE_SURFACE] = 2,
      [IR_B_SAMPLE_UNIT_SPHERE] = 3,
      [IR_B_SAMPLE_UNIT_HEMISPHERE_SURFACE] = 2,
      [IR_B_SAMPLE_UNIT_HEMISPHERE] = 3,
      [IR_B_SAMPLE_UNIT_SQUARE] = 2,
      [IR_B_SAMPLE_UNIT_CUBE] = 3,
      [IR_B_SAMPLE_CDF] = 1,
      [IR_B_POISSON] = -1,
  };
  return draws[id];
}

static ir_value *random_call(lower_ctx *c, const ast_expr *e,
                             const ir_builtin *b, int draws) {
  ir_value **args;
  int n = lower_args(c, e, &args);
  if (n < 0)
    return NULL;
  ir_value *v = lower_builtin(c, b, args, n, e->loc);
  if (!v)
    return NULL;
  const ast_expr *s = e->items[0];
  int var = s->kind == AST_EXPR_NAME ? lower_var_index(c, s->name, false) : -1;
  if (var < 0 || c->fs->var_types[var] != args[0]->type || !c->fs->cur)
    return v; /* not a variable: nothing to update */
  ir_value *sargs[2] = {args[0],
                        draws > 0 ? lower_const_int(c, ir_t_int32(c->T), draws)
                                  : args[1]};
  ir_value *ns = lower_builtin(
      c, ir_builtin_get(draws > 0 ? IR_B_I_RAND_STEPS : IR_B_I_POISSON_STATE),
      sargs, 2, e->loc);
  if (!ns)
    return NULL;
  if (!ns->name)
    ns->name = s->name;
  lower_write_var(c, var, c->fs->cur, ns);
  return v;
}

/* curlnoise(state, p, octaves=uint32(1), lacunarity=2.0, gain=0.5):
 * positional or keyword arguments, the defaults filled in. */
static ir_value *curlnoise_call(lower_ctx *c, const ast_expr *e,
                                const ir_builtin *b) {
  static const char *names[5] = {"state", "xyz", "octaves", "lacunarity",
                                 "gain"};
  ir_value *args[5] = {0};
  if (e->nitems > 5) {
    wp_error(c->diag, e->loc, "'curlnoise' takes at most 5 arguments");
    return NULL;
  }
  for (int i = 0; i < e->nitems; i++)
    if (!(args[i] = lower_expr(c, e->items[i])))
      return NULL;
  for (int k = 0; k < e->nkeywords; k++) {
    const char *kw = e->keywords[k].name;
    int i = 2;
    while (i < 5 && strcmp(names[i], kw))
      i++;
    if (i == 5 || args[i]) {
      wp_error(c->diag, e->keywords[k].loc,
               i == 5 ? "'curlnoise' has no parameter '%s'"
                      : "'curlnoise' got '%s' twice",
               kw);
      return NULL;
    }
    if (!(args[i] = lower_expr(c, e->keywords[k].value)))
      return NULL;
  }
  if (!args[0] || !args[1]) {
    wp_error(c->diag, e->loc, "'curlnoise' takes a state and a point");
    return NULL;
  }
  if (!args[2])
    args[2] = lower_const_int(c, ir_t_scalar(c->T, WP_SCALAR_UINT32), 1);
  if (!args[3])
    args[3] = lower_const_float(c, ir_t_float32(c->T), 2.0);
  if (!args[4])
    args[4] = lower_const_float(c, ir_t_float32(c->T), 0.5);
  return lower_builtin(c, b, args, 5, e->loc);
}

/* wp.cast(x, dtype): the bits of x read as a dtype of the same size. */
static ir_value *bitcast(lower_ctx *c, const ast_expr *e) {
  if (e->nkeywords || e->nitems != 2) {
    wp_error(c->diag, e->loc, "wp.cast() takes a value and a type");
    return NULL;
  }
  ir_value *x = lower_expr(c, e->items[0]);
  const ir_type *t = x ? lower_type_expr(c, e->items[1]) : NULL;
  if (!t)
    return NULL;
  const ir_type *f = x->type;
  bool ok = (f->kind == IR_T_SCALAR || f->kind == IR_T_VEC ||
             f->kind == IR_T_MAT || f->kind == IR_T_STRUCT) &&
            (t->kind == IR_T_SCALAR || t->kind == IR_T_VEC ||
             t->kind == IR_T_MAT || t->kind == IR_T_STRUCT);
  if (!ok) {
    wp_error(c->diag, e->loc, "wp.cast() cannot reinterpret '%s' as '%s'",
             f->name, t->name);
    return NULL;
  }
  if (ir_type_size(f) != ir_type_size(t)) {
    wp_error(c->diag, e->loc,
             "wp.cast(): '%s' (%d bytes) and '%s' (%d bytes) must have the "
             "same size",
             f->name, ir_type_size(f), t->name, ir_type_size(t));
    return NULL;
  }
  ir_value *v = lower_emit(c, IR_BUILTIN, t, &x, 1, e->loc);
  v->builtin = ir_builtin_get(IR_B_CAST);
  return v;
}

ir_value *lower_call(lower_ctx *c, const ast_expr *e) {
  if (!(e = lower_expand_starred(c, e)))
    return NULL;
  const char *path = lower_warp_path(c, e->value);
  if (!path && e->value->kind == AST_EXPR_NAME &&
      lower_name_unbound(c, e->value->name))
    path = e->value->name; /* expect_eq(a, b) without wp., as in Warp */
  if (path && !strncmp(path, "expect_", 7) &&
      (!strcmp(path + 7, "eq") || !strcmp(path + 7, "neq") ||
       !strcmp(path + 7, "near"))) {
    /* warp-lang's expect_eq(a, b), expect_near(a, b, tolerance) */
    if (!(e = lower_named_keywords(
              c, e, path, !strcmp(path + 7, "near") ? "a,b,tolerance" : "a,b")))
      return NULL;
    return lower_expect(c, e, path);
  }
  if (path && !strcmp(path, "handle")) { /* a type only, as in Warp 1.19 */
    wp_error(c->diag, e->value->loc,
             "wp.handle is a type for annotations and has no constructor in "
             "a kernel; write wp.uint64(x)");
    return NULL;
  }
  entity callee;
  if (!path && e->value->kind == AST_EXPR_ATTRIBUTE &&
      lower_host_module(c, e->value->value)) {
    /* math.sqrt(x): warp-lang calls its builtin of the same name */
    callee = lower_warp_name(c, e->value->name);
    if (callee.kind != ENT_BUILTIN &&
        !(callee.kind == ENT_TYPE && callee.type->kind == IR_T_SCALAR)) {
      wp_error(c->diag, e->value->loc,
               "'%s.%s' in a kernel: warp-lang calls the Warp builtin of "
               "that name, and there is none; write the Warp function",
               e->value->value->name, e->value->name);
      return NULL;
    }
  } else
    callee = lower_entity(c, e->value);
  switch (callee.kind) {
  case ENT_ERROR: return NULL;
  case ENT_TYPE: return type_call(c, e, callee.type);
  case ENT_SPECIAL: return special_call(c, e, callee.name);
  case ENT_FUNC: return func_call(c, e, callee.func);
  case ENT_GRAD: return lower_grad_apply(c, e, callee, func_call);
  case ENT_BUILTIN: {
    ir_builtin_id id = callee.builtin->id;
    if (lower_tile_handles(id) && !callee.builtin->internal)
      /* compile-time shapes and keywords */
      return lower_tile_call(c, e, callee.builtin);
    /* linalg builtins and curlnoise place their keywords themselves, with
       their defaults */
    if (!lower_linalg_handles(id) && id != IR_B_CURLNOISE &&
        !(e = lower_builtin_keywords(c, e, callee.builtin)))
      return NULL;
    if (id == IR_B_CAST)
      return bitcast(c, e);
    if (lower_linalg_handles(id))
      return lower_linalg_call(c, e, callee.builtin);
    if (callee.builtin->atomic)
      return atomic(c, e, callee.builtin);
    if (callee.builtin->internal) {
      wp_error(c->diag, e->value->loc, "'%s' is not a Warp builtin",
               callee.builtin->name);
      return NULL;
    }
    if (id == IR_B_CURLNOISE)
      return curlnoise_call(c, e, callee.builtin);
    if (id == IR_B_SPATIAL_JACOBIAN || id == IR_B_SPATIAL_MASS)
      wp_warning(c->diag, WP_W_DEPRECATED_BUILTIN, e->loc,
                 "wp.%s is gone from warp-lang 1.19 (1.10.1 declared it but "
                 "could not build a kernel calling it); warpc still compiles "
                 "it",
                 callee.builtin->name);
    if (lower_spatial_is_special(id))
      return lower_spatial_call(c, e, callee.builtin);
    if (callee.builtin->query_next)
      return lower_query_next(c, e, callee.builtin);
    lower_query_tiled_deprecation(c, e, callee.builtin);
    if (lower_query_tiled_is_next(id))
      return lower_query_tiled_next(c, e, callee.builtin);
    if (lower_volume_handles(id))
      return lower_volume_call(c, e, callee.builtin);
    if (lower_mesh_is_outform(id, e->nitems))
      return lower_mesh_outform(c, e, callee.builtin);
    int draws = rand_draws(id);
    if (draws)
      return random_call(c, e, callee.builtin, draws);
    ir_value **args;
    int n = lower_args(c, e, &args);
    if (n < 0)
      return NULL;
    /* div_approx / inverse_approx: checked by their own rule, computed as
       div / inverse (Warp approximates only on the GPU) */
    if (id == IR_B_DIV_APPROX || id == IR_B_INVERSE_APPROX) {
      if (!lower_builtin_accepts(c, callee.builtin, args, n, e->loc))
        return NULL;
      ir_builtin_id as = id == IR_B_DIV_APPROX ? IR_B_DIV : IR_B_INVERSE;
      return lower_builtin(c, ir_builtin_get(as), args, n, e->loc);
    }
    if (id == IR_B_QUAT_BETWEEN_VECTORS)
      return lower_quat_between(c, callee.builtin, args, n, e->loc);
    /* where and unot on an array: its truth value (non-null data),
       as in Warp */
    if ((id == IR_B_WHERE || id == IR_B_NOT) && n >= 1 &&
        args[0]->type->kind == IR_T_ARRAY)
      args[0] = lower_emit(c, IR_ARRAY_VALID, ir_t_bool(c->T), &args[0], 1,
                           e->items[0]->loc);
    return lower_builtin(c, callee.builtin, args, n, e->loc);
  }
  default:
    wp_error(c->diag, e->value->loc, "this is not callable");
    return NULL;
  }
}
