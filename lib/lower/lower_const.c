/* lower_const.c - module-level constants.  A kernel may read a global name
 * assigned at module level (`N = 16`, `DT = 1.0 / 60.0`,
 * `G = wp.constant(wp.vec3(0.0, -9.8, 0.0))`).  Its value is computed the way
 * Python computes it when the module runs (ints are exact, floats are
 * doubles, later assignments see earlier ones) and is then captured into the
 * kernel as Warp does: ints as int32 (int64 when they do not fit), floats as
 * float32, typed values (wp.float64(...), vectors) with their type. */
#include <math.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_cvalue.h"

/* Makes v a typed constant of type t with fresh zero components. */
static void cv_typed(lower_ctx *c, cvalue *v, const ir_type *t) {
  int n = t->rows * t->cols;
  v->kind = CV_TYPED;
  v->type = t;
  v->comp = WP_NEW_ARRAY(c->A, double, n);
  v->icomp = WP_NEW_ARRAY(c->A, int64_t, n);
}

static double cv_num(const cvalue *v) {
  return v->kind == CV_FLOAT ? v->f : (double)v->i;
}

static int64_t cv_int(const cvalue *v) {
  return v->kind == CV_FLOAT ? (int64_t)v->f : v->i;
}

static bool eval(lower_ctx *c, const ast_expr *e, int limit, cvalue *out);

static ir_value *materialize(lower_ctx *c, const cvalue *v, wp_loc loc);
static bool not_const(lower_ctx *c, const ast_expr *e);
static void untype(cvalue *v);
static const ast_global *find_global(lower_ctx *c, const char *name, int limit,
                                     int *idx);

/* An operator on a numpy scalar: its result type depends on the numpy
 * version (NEP 50), so warpc asks for a conversion first. */
static bool numpy_operand(lower_ctx *c, const ast_expr *e, const ir_type *t) {
  if (c->const_quiet)
    return false;
  wp_error(c->diag, e->loc,
           "warpc does not compute with numpy scalars (this is a "
           "numpy.%s); convert it first: float(...), int(...) or wp.%s(...)",
           t->name, t->name);
  return false;
}

static bool not_const(lower_ctx *c, const ast_expr *e) {
  if (c->const_quiet)
    return false; /* the caller reports */
  if (c->in_static && c->const_depth == 0) {
    if (e->kind == AST_EXPR_NAME) {
      wp_error(c->diag, e->loc, "'%s' is not a compile-time constant", e->name);
      if (lower_var_index(c, e->name, false) >= 0)
        wp_note(c->diag, e->loc,
                "'%s' is a kernel variable: wp.static() sees a loop "
                "variable only in a loop that Warp unrolls, over range() of "
                "constants",
                e->name);
    } else
      wp_error(c->diag, e->loc,
               "this expression cannot be evaluated at compile time");
    return false;
  }
  wp_error(
      c->diag, e->loc,
      "module-level value is not a compile-time constant warpc can evaluate");
  return false;
}

/* A constant of another module (`from util import N`, `util.N`): its
 * value computed in that module.  Anything else is not a constant. */
static bool eval_binding(lower_ctx *c, const ast_expr *e, binding b,
                         cvalue *out) {
  if (b.kind == BIND_MISSING || b.kind == BIND_BADNAME) {
    lower_report_binding(c, b, e->name, e->loc);
    return false;
  }
  if (b.kind == BIND_WARP && lower_warp_constant(b.warp, &out->f)) {
    out->kind = CV_FLOAT; /* from warp import pi */
    return true;
  }
  if (b.kind != BIND_GLOBAL || b.module == c->mod)
    return not_const(c, e);
  if (++c->const_depth > 64) {
    c->const_depth--;
    return not_const(c, e);
  }
  clo_scope s = lower_clo_enter(c, NULL, 0);
  int old = lower_enter_module(c, b.module);
  bool ok = eval(c, c->ast->globals[b.index].value, b.index, out);
  lower_enter_module(c, old);
  lower_clo_leave(c, s);
  c->const_depth--;
  return ok;
}

static const ast_global *find_global(lower_ctx *c, const char *name, int limit,
                                     int *index) {
  for (int i = limit - 1; i >= 0; i--)
    if (strcmp(c->ast->globals[i].name, name) == 0) {
      *index = i;
      return &c->ast->globals[i];
    }
  return NULL;
}

/* A Warp scalar (wp.float64(x)) in a comparison, a condition or a
 * composite's arithmetic acts as a Python number: float types as floats,
 * integer types as ints. */
static void untype(cvalue *v) {
  if (v->kind != CV_TYPED || v->type->kind != IR_T_SCALAR)
    return;
  if (ir_type_is_float(v->type))
    v->kind = CV_FLOAT, v->f = v->comp[0];
  else
    v->kind = CV_INT, v->i = v->icomp[0];
}

/* Rounds the components of a typed constant to its scalar type. */
static void round_comps(cvalue *v) {
  int n = v->type->rows * v->type->cols;
  const ir_type *st = v->type->kind == IR_T_SCALAR ? v->type : v->type->elem;
  for (int k = 0; k < n; k++)
    if (v->type->scalar == WP_SCALAR_FLOAT32)
      v->comp[k] = (double)(float)v->comp[k];
    else if (!ir_type_is_float(st))
      v->comp[k] = (double)v->icomp[k];
}

/* vector/matrix constants: v + w, v - w (same type), v * s, s * v, v / s. */
static bool eval_composite(lower_ctx *c, const ast_expr *e, cvalue *a,
                           cvalue *b, cvalue *out) {
  bool at = a->kind == CV_TYPED, bt = b->kind == CV_TYPED;
  int n = (at ? a->type : b->type)->rows * (at ? a->type : b->type)->cols;
  *out = at ? *a : *b;
  cv_typed(c, out, out->type); /* own components, copied below */
  memcpy(out->comp, (at ? a : b)->comp, sizeof *out->comp * (size_t)n);
  memcpy(out->icomp, (at ? a : b)->icomp, sizeof *out->icomp * (size_t)n);
  if (at && bt && a->type == b->type &&
      (e->op == AST_OP_ADD || e->op == AST_OP_SUB)) {
    for (int k = 0; k < n; k++) {
      out->comp[k] = e->op == AST_OP_ADD ? a->comp[k] + b->comp[k]
                                         : a->comp[k] - b->comp[k];
      uint64_t x = (uint64_t)a->icomp[k], y = (uint64_t)b->icomp[k];
      out->icomp[k] = (int64_t)(e->op == AST_OP_ADD ? x + y : x - y);
    }
  } else if (at != bt && (e->op == AST_OP_MUL || (e->op == AST_OP_DIV && at))) {
    const cvalue *sv = at ? b : a;
    double s = cv_num(sv);
    for (int k = 0; k < n; k++) {
      out->comp[k] = e->op == AST_OP_MUL ? out->comp[k] * s : out->comp[k] / s;
      if (e->op == AST_OP_MUL && sv->kind != CV_FLOAT)
        out->icomp[k] =
            (int64_t)((uint64_t)out->icomp[k] * (uint64_t)cv_int(sv));
      else
        out->icomp[k] = (int64_t)out->comp[k];
    }
  } else
    return not_const(c, e);
  round_comps(out);
  return true;
}

/* The scalar type a Warp builtin sees for an operand: a Warp scalar's own,
 * float32 for a Python float, int32 for a Python int; NULL for others. */
static const ir_type *operand_scalar(lower_ctx *c, const cvalue *v) {
  switch (v->kind) {
  case CV_TYPED: return v->type->kind == IR_T_SCALAR ? v->type : NULL;
  case CV_FLOAT: return ir_t_float32(c->T);
  case CV_INT: return v->enum_kind ? NULL : ir_t_int32(c->T);
  default: return NULL;
  }
}

/* out = a scalar of type t holding f (float types) or i (integers): a
 * Python float / int for float32 / int32, as Warp gives them back, else a
 * typed constant. */
static void scalar_result(lower_ctx *c, const ir_type *t, double f, int64_t i,
                          cvalue *out) {
  memset(out, 0, sizeof *out);
  bool fl = ir_type_is_float(t);
  if (t->scalar == WP_SCALAR_FLOAT32 || t->scalar == WP_SCALAR_INT32) {
    out->kind = fl ? CV_FLOAT : CV_INT;
    out->f = fl ? ir_round_float(t, f) : 0;
    out->i = fl ? 0 : ir_wrap_int(t, i);
    return;
  }
  cv_typed(c, out, t);
  if (fl)
    out->comp[0] = ir_round_float(t, f);
  else {
    out->icomp[0] = ir_wrap_int(t, i);
    out->comp[0] = t->scalar == WP_SCALAR_UINT64
                       ? (double)(uint64_t)out->icomp[0]
                       : (double)out->icomp[0];
  }
  out->py = fl ? 2 : 1, out->pyf = out->comp[0]; /* constructors convert it */
}

/* Arithmetic with a Warp scalar at module level, as warp-lang 1.19.0 runs
 * it: the operator is Warp's builtin (wp.add, wp.div, ...), so both sides
 * have one type, the result is computed in it (float16 and float32 round,
 * integers wrap, integer `/` truncates, `%` takes the dividend's sign) and
 * keeps it: wp.float64(1.0) / wp.float64(3.0) is a float64.  (1.10.1 gave
 * a Python number, which kernels read as float32.) */
static bool eval_scalar_binary(lower_ctx *c, const ast_expr *e, const cvalue *a,
                               const cvalue *b, cvalue *out) {
  const ir_type *ta = operand_scalar(c, a), *tb = operand_scalar(c, b);
  if (!ta || !tb)
    return not_const(c, e);
  if (ta != tb) {
    wp_error(c->diag, e->loc,
             "Warp's arithmetic on scalars needs one type on both sides, got "
             "%s and %s (a Python float counts as float32, an int as int32); "
             "convert one side, e.g. wp.%s(...)",
             ir_scalar_name(ta->scalar), ir_scalar_name(tb->scalar),
             ir_scalar_name(a->kind == CV_TYPED ? ta->scalar : tb->scalar));
    return false;
  }
  bool fl = ir_type_is_float(ta), uns = !ir_type_is_signed(ta);
  double x = a->kind == CV_TYPED ? a->comp[0] : cv_num(a);
  double y = b->kind == CV_TYPED ? b->comp[0] : cv_num(b);
  int64_t p = a->kind == CV_TYPED ? a->icomp[0] : cv_int(a);
  int64_t q = b->kind == CV_TYPED ? b->icomp[0] : cv_int(b);
  uint64_t up = (uint64_t)p, uq = (uint64_t)q;
  double f = 0;
  int64_t i = 0;
  switch (e->op) {
  case AST_OP_ADD: fl ? (f = x + y) : (i = (int64_t)(up + uq)); break;
  case AST_OP_SUB: fl ? (f = x - y) : (i = (int64_t)(up - uq)); break;
  case AST_OP_MUL: fl ? (f = x * y) : (i = (int64_t)(up * uq)); break;
  case AST_OP_DIV:
    if (fl)
      f = x / y;
    else if (q == 0 || (!uns && p == INT64_MIN && q == -1))
      return not_const(c, e);
    else
      i = uns ? (int64_t)(up / uq) : p / q;
    break;
  case AST_OP_MOD:
    if (fl)
      f = fmod(x, y);
    else if (q == 0 || (!uns && p == INT64_MIN && q == -1))
      return not_const(c, e);
    else
      i = uns ? (int64_t)(up % uq) : p % q;
    break;
  default: return not_const(c, e); /* Warp scalars define no other operator */
  }
  scalar_result(c, ta, f, i, out);
  return true;
}

static bool eval_binary(lower_ctx *c, const ast_expr *e, cvalue *a, cvalue *b,
                        cvalue *out) {
  if ((a->kind == CV_TYPED && a->type->kind == IR_T_SCALAR) ||
      (b->kind == CV_TYPED && b->type->kind == IR_T_SCALAR)) {
    bool composite = (a->kind == CV_TYPED && a->type->kind != IR_T_SCALAR) ||
                     (b->kind == CV_TYPED && b->type->kind != IR_T_SCALAR);
    if (!composite)
      return eval_scalar_binary(c, e, a, b, out);
  }
  /* Python: IntFlag | & ^ IntFlag-or-int is an IntFlag; other arithmetic
     on enum members gives plain ints */
  int flag = (a->enum_kind == 2 || b->enum_kind == 2) && a->kind == CV_INT &&
                     b->kind == CV_INT &&
                     (e->op == AST_OP_BITOR || e->op == AST_OP_BITAND ||
                      e->op == AST_OP_BITXOR)
                 ? 2
                 : 0;
  out->enum_kind = flag;
  out->enum_mask = a->enum_kind == 2 ? a->enum_mask : b->enum_mask;
  untype(a);
  untype(b);
  if (a->kind == CV_TYPED || b->kind == CV_TYPED)
    return eval_composite(c, e, a, b, out);
  bool ints = a->kind != CV_FLOAT && b->kind != CV_FLOAT;
  double x = cv_num(a), y = cv_num(b);
  int64_t p = a->i, q = b->i;
  out->kind = ints ? CV_INT : CV_FLOAT;
  switch (e->op) {
  case AST_OP_ADD: ints ? (out->i = p + q) : (out->f = x + y); return true;
  case AST_OP_SUB: ints ? (out->i = p - q) : (out->f = x - y); return true;
  case AST_OP_MUL: ints ? (out->i = p * q) : (out->f = x * y); return true;
  case AST_OP_DIV:
    if (y == 0)
      break;
    out->kind = CV_FLOAT;
    out->f = x / y;
    return true;
  case AST_OP_FLOORDIV:
    if (y == 0)
      break;
    if (ints) { /* Python floors */
      out->i = p / q - ((p % q != 0) && ((p < 0) != (q < 0)));
    } else
      out->f = floor(x / y);
    return true;
  case AST_OP_MOD:
    if (y == 0)
      break;
    if (ints) {
      int64_t r = p % q;
      out->i = (r != 0 && ((r < 0) != (q < 0))) ? r + q : r;
    } else {
      double r = fmod(x, y);
      out->f = (r != 0 && ((r < 0) != (y < 0))) ? r + y : r;
    }
    return true;
  case AST_OP_POW:
    if (ints && q >= 0) {
      int64_t r = 1;
      for (int64_t k = 0; k < q; k++)
        r *= p;
      out->i = r;
    } else {
      out->kind = CV_FLOAT;
      out->f = pow(x, y);
    }
    return true;
  case AST_OP_LSHIFT:
    if (!ints)
      break;
    out->i = p << q;
    return true;
  case AST_OP_RSHIFT:
    if (!ints)
      break;
    out->i = p >> q;
    return true;
  case AST_OP_BITAND:
    if (!ints)
      break;
    out->i = p & q;
    return true;
  case AST_OP_BITOR:
    if (!ints)
      break;
    out->i = p | q;
    return true;
  case AST_OP_BITXOR:
    if (!ints)
      break;
    out->i = p ^ q;
    return true;
  default: break;
  }
  return not_const(c, e);
}

/* wp.float64(x), wp.vec3(a, b, c), wp.mat22(...): typed constants. */
static bool eval_typed(lower_ctx *c, const ast_expr *e, const ir_type *t,
                       int limit, cvalue *out) {
  int n = t->rows * t->cols;
  cv_typed(c, out, t);
  if (e->nitems == 0)
    return true;
  cvalue *args = WP_NEW_ARRAY(c->A, cvalue, e->nitems);
  for (int i = 0; i < e->nitems; i++) {
    if (!eval(c, e->items[i], limit, &args[i]))
      return false;
    if (args[i].kind == CV_TYPED)
      return not_const(c, e->items[i]);
    args[i].npy = NULL; /* wp.float32(np.finfo(np.float32).eps) */
  }
  if (e->nitems != 1 && e->nitems != n)
    return not_const(c, e);
  for (int k = 0; k < n; k++) {
    const cvalue *a = &args[e->nitems == 1 ? 0 : k];
    out->comp[k] = cv_num(a);
    out->icomp[k] = cv_int(a);
  }
  if (t->kind == IR_T_SCALAR && args[0].kind != CV_BOOL)
    out->py = args[0].kind == CV_INT ? 1 : 2, out->pyf = cv_num(&args[0]);
  round_comps(out);
  return true;
}

static bool eval(lower_ctx *c, const ast_expr *e, int limit, cvalue *out) {
  memset(out, 0, sizeof *out);
  switch (e->kind) {
  case AST_EXPR_INT:
    out->kind = CV_INT;
    out->i = (int64_t)e->int_value;
    return true;
  case AST_EXPR_FLOAT:
    out->kind = CV_FLOAT;
    out->f = e->float_value;
    return true;
  case AST_EXPR_BOOL:
    out->kind = CV_BOOL;
    out->i = e->bool_value;
    return true;
  case AST_EXPR_NAME: {
    int idx, scope = 0;
    if (c->const_env && c->const_depth == c->const_env_depth)
      for (const_env *v = c->const_env; v; v = v->next)
        if (strcmp(v->name, e->name) == 0) {
          *out = v->v;
          return true;
        }
    ir_value *lv = c->in_static && c->const_depth == 0
                       ? lower_static_local(c, e->name)
                       : NULL;
    if (lv) { /* an unrolled loop's variable, a local holding a constant */
      out->kind = ir_type_is_float(lv->type)  ? CV_FLOAT
                  : ir_type_is_bool(lv->type) ? CV_BOOL
                                              : CV_INT;
      out->i = lv->ival;
      out->f = lv->fval;
      return true;
    }
    const ast_expr *cv = lower_closure_value(c, e->name, &scope);
    if (cv) { /* captured by a factory-made definition */
      factory_closure *clo = c->clo;
      clo_scope s = lower_clo_enter(c, clo, scope);
      bool ok = eval(c, cv, scope < 0 ? clo->limit : clo->def_limit, out);
      lower_clo_leave(c, s);
      return ok;
    }
    const ast_global *g = find_global(c, e->name, limit, &idx);
    if (!g) /* a constant imported from another file */
      return eval_binding(c, e, lower_lookup(c, c->mod, e->name), out);
    if (++c->const_depth > 64) {
      c->const_depth--;
      return not_const(c, e);
    }
    /* computed at module level: no factory's names */
    clo_scope s = lower_clo_enter(c, NULL, 0);
    bool ok = eval(c, g->value, idx, out);
    lower_clo_leave(c, s);
    c->const_depth--;
    return ok;
  }
  case AST_EXPR_ATTRIBUTE: {
    const char *wpath = lower_warp_path(c, e);
    if (wpath && lower_warp_constant(wpath, &out->f)) { /* wp.pi */
      out->kind = CV_FLOAT;
      return true;
    }
    int64_t ev, mask;
    bool plain;
    int r = lower_enum_member(c, e, &ev, &plain, &mask);
    if (r < 0)
      return false;
    if (r > 0) {
      out->kind = CV_INT;
      out->i = ev;
      out->enum_kind = plain ? 0 : r;
      out->enum_mask = mask;
      return true;
    }
    if (e->value->kind == AST_EXPR_NAME ||
        e->value->kind == AST_EXPR_ATTRIBUTE) {
      binding b = lower_resolve(c, e->value);
      if (b.kind == BIND_MODULE)
        return eval_binding(c, e, lower_lookup_attr(c, b.module, e->name), out);
    }
    /* math.pi, np.finfo(np.float32).eps */
    int h = lower_cv_host_attr(c, e, out);
    if (h)
      return h > 0;
    break;
  }
  case AST_EXPR_UNARY: {
    if (!eval(c, e->items[0], limit, out))
      return false;
    if (out->npy && e->op != AST_OP_NEG && e->op != AST_OP_POS)
      return numpy_operand(c, e->items[0], out->npy);
    if (out->npy) { /* -np.float32(x) is exact in its type */
      out->f = -out->f;
      out->i = (int64_t)(0 - (uint64_t)out->i);
      if (e->op == AST_OP_POS)
        out->f = -out->f, out->i = (int64_t)(0 - (uint64_t)out->i);
      return true;
    }
    if (out->kind == CV_TYPED && out->type->kind == IR_T_SCALAR &&
        (e->op == AST_OP_NEG || e->op == AST_OP_POS)) {
      /* wp.neg / wp.pos: the same type (see eval_scalar_binary) */
      const ir_type *t = out->type;
      bool neg = e->op == AST_OP_NEG;
      double f = neg ? -out->comp[0] : out->comp[0];
      int64_t i = neg ? (int64_t)(0 - (uint64_t)out->icomp[0]) : out->icomp[0];
      scalar_result(c, t, f, i, out);
      return true;
    }
    untype(out);
    int ek = out->enum_kind;
    out->enum_kind = 0;
    if (out->kind == CV_TYPED && e->op == AST_OP_NEG) {
      for (int k = 0; k < out->type->rows * out->type->cols; k++) {
        out->comp[k] = -out->comp[k];
        out->icomp[k] = (int64_t)(0 - (uint64_t)out->icomp[k]);
      }
      return true;
    }
    if (out->kind == CV_TYPED)
      return not_const(c, e);
    if (e->op == AST_OP_NEG) {
      if (out->kind == CV_FLOAT)
        out->f = -out->f;
      else
        out->kind = CV_INT, out->i = -out->i;
    } else if (e->op == AST_OP_NOT) {
      out->i = out->kind == CV_FLOAT ? out->f == 0 : out->i == 0;
      out->kind = CV_BOOL;
    } else if (e->op == AST_OP_INVERT && out->kind != CV_FLOAT) {
      out->enum_kind = ek == 2 ? 2 : 0;
      out->kind = CV_INT;
      /* Python: ~ of an IntFlag flips the bits its members span */
      out->i =
          ek == 2 && out->i >= 0 ? out->i ^ (out->enum_mask | out->i) : ~out->i;
    } else if (e->op != AST_OP_POS)
      return not_const(c, e);
    return true;
  }
  case AST_EXPR_BINARY: {
    cvalue a, b;
    if (!eval(c, e->items[0], limit, &a) || !eval(c, e->items[1], limit, &b))
      return false;
    if (a.npy || b.npy)
      return numpy_operand(c, e->items[a.npy ? 0 : 1], a.npy ? a.npy : b.npy);
    return eval_binary(c, e, &a, &b, out);
  }
  case AST_EXPR_COMPARE: {
    if (e->nitems == 2 &&
        (e->ops[0] == AST_OP_IN || e->ops[0] == AST_OP_NOT_IN))
      return lower_cv_membership(c, e, limit, out);
    cvalue a, b;
    if (!eval(c, e->items[0], limit, &a))
      return false;
    bool r = true;
    for (int k = 0; k + 1 < e->nitems && r; k++) {
      if (!eval(c, e->items[k + 1], limit, &b))
        return false;
      if (a.npy || b.npy)
        return numpy_operand(c, e->items[a.npy ? k : k + 1],
                             a.npy ? a.npy : b.npy);
      untype(&a);
      untype(&b);
      if (a.kind == CV_TYPED || b.kind == CV_TYPED)
        return not_const(c, e);
      bool ints = a.kind != CV_FLOAT && b.kind != CV_FLOAT;
      double x = cv_num(&a), y = cv_num(&b);
      int cmp = ints ? (a.i > b.i) - (a.i < b.i) : (x > y) - (x < y);
      bool unordered = !ints && (x != x || y != y);
      switch (e->ops[k]) {
      case AST_OP_EQ: r = !unordered && cmp == 0; break;
      case AST_OP_NE: r = unordered || cmp != 0; break;
      case AST_OP_LT: r = !unordered && cmp < 0; break;
      case AST_OP_LE: r = !unordered && cmp <= 0; break;
      case AST_OP_GT: r = !unordered && cmp > 0; break;
      case AST_OP_GE: r = !unordered && cmp >= 0; break;
      default: return not_const(c, e);
      }
      a = b;
    }
    memset(out, 0, sizeof *out);
    out->kind = CV_BOOL;
    out->i = r;
    return true;
  }
  case AST_EXPR_BOOLOP: {
    /* Python's and/or give one of the operands */
    if (!eval(c, e->items[0], limit, out))
      return false;
    untype(out);
    if (out->kind == CV_TYPED)
      return not_const(c, e);
    bool t = out->kind == CV_FLOAT ? out->f != 0 : out->i != 0;
    if ((e->op == AST_OP_AND) == t)
      return eval(c, e->items[1], limit, out);
    return true;
  }
  case AST_EXPR_SUBSCRIPT: { /* VALUES[k] of a tuple or list */
    int lim = limit;
    bool reported;
    const ast_expr *item = lower_const_item(c, e, &lim, &reported);
    if (!item)
      return reported ? false : not_const(c, e);
    if (++c->const_depth > 64) {
      c->const_depth--;
      return not_const(c, e);
    }
    clo_scope s = lower_clo_enter(c, NULL, 0);
    bool ok = eval(c, item, lim, out);
    lower_clo_leave(c, s);
    c->const_depth--;
    return ok;
  }
  case AST_EXPR_IFEXP: {
    cvalue cond;
    if (!eval(c, e->items[0], limit, &cond))
      return false;
    untype(&cond);
    if (cond.kind == CV_TYPED)
      return not_const(c, e);
    bool t = cond.kind == CV_FLOAT ? cond.f != 0 : cond.i != 0;
    return eval(c, e->items[t ? 1 : 2], limit, out);
  }
  case AST_EXPR_CALL: {
    if (e->value->kind == AST_EXPR_NAME && strcmp(e->value->name, "len") == 0 &&
        e->nitems == 1 && !lower_warp_path(c, e->value))
      return lower_cv_len(c, e, limit, out);
    int h = lower_cv_host_call(c, e, limit, out); /* math.cos(x), round */
    if (h)
      return h > 0;
    const char *path = lower_warp_path(c, e->value);
    if (path && (!strcmp(path, "constant") || !strcmp(path, "static")) &&
        e->nitems == 1 && !e->nkeywords)
      return eval(c, e->items[0], limit, out);
    if (!path && c->in_static &&
        (e->value->kind == AST_EXPR_NAME ||
         e->value->kind == AST_EXPR_ATTRIBUTE)) {
      binding b = lower_resolve(c, e->value);
      if (b.kind == BIND_FUNC && b.func->module == c->mod)
        return lower_cv_func(c, e, b.func->def, limit, out);
    }
    const ir_type *t = NULL;
    if (path) {
      entity en = lower_warp_name(c, path);
      if (en.kind == ENT_TYPE)
        t = en.type;
    } else if (e->value->kind == AST_EXPR_NAME) {
      const char *n = e->value->name;
      t = lower_alias(c, n);
      if (t && t->kind != IR_T_STRUCT && t->kind != IR_T_ARRAY)
        return eval_typed(c, e, t, limit, out);
      t = NULL;
      if (strcmp(n, "float") == 0 || strcmp(n, "int") == 0) {
        if (e->nitems != 1 || !eval(c, e->items[0], limit, out))
          return false;
        untype(out); /* float(np.float32(x)), int(wp.int8(3)) */
        if (out->kind == CV_TYPED)
          return not_const(c, e);
        out->enum_kind = 0;
        out->npy = NULL;
        if (n[0] == 'f')
          out->f = cv_num(out), out->kind = CV_FLOAT;
        else
          out->i = out->kind == CV_FLOAT ? (int64_t)out->f : out->i,
          out->kind = CV_INT;
        return true;
      }
    }
    if (!path && e->value->kind == AST_EXPR_ATTRIBUTE) /* u.Vec(...) */
      t = lower_binding_type(c, lower_resolve(c, e->value));
    if (!path && e->value->kind == AST_EXPR_CALL && /* vector(...)(...) */
        lower_is_type_expr(c, e->value) && !(t = lower_type_expr(c, e->value)))
      return false;
    if (t && t->kind != IR_T_ARRAY)
      return eval_typed(c, e, t, limit, out);
    break;
  }
  default: break;
  }
  return not_const(c, e);
}

static ir_value *materialize(lower_ctx *c, const cvalue *v, wp_loc loc) {
  if (v->npy) { /* warp-lang: "Invalid external reference type" */
    wp_error(c->diag, loc,
             "a numpy scalar (numpy.%s) cannot be used in a kernel, as in "
             "warp-lang; convert it: float(...), int(...) or wp.%s(...)",
             v->npy->name, v->npy->name);
    return NULL;
  }
  switch (v->kind) {
  case CV_INT: return lower_py_int(c, v->i);
  case CV_FLOAT: return lower_py_float(c, v->f);
  case CV_BOOL: return lower_const_int(c, ir_t_bool(c->T), v->i);
  case CV_TYPED: {
    const ir_type *t = v->type;
    const ir_type *st = t->kind == IR_T_SCALAR ? t : t->elem;
    int n = t->kind == IR_T_SCALAR ? 1 : t->rows * t->cols;
    ir_value **comps = WP_NEW_ARRAY(c->A, ir_value *, n);
    for (int k = 0; k < n; k++)
      comps[k] = ir_type_is_float(st) ? lower_const_float(c, st, v->comp[k])
                                      : lower_const_int(c, st, v->icomp[k]);
    if (n == 1) /* a Warp scalar: a constant a constructor converts */
      return v->py ? lower_mark_py(comps[0], v->py, v->pyf) : comps[0];
    return lower_emit(c, IR_COMPOSE, t, comps, n, loc);
  }
  }
  return NULL;
}

/* Warp takes enum members written Class.NAME in a kernel, but not through
 * a name bound to one. */
static void enum_value_error(lower_ctx *c, const char *name, wp_loc use,
                             const char *what) {
  wp_error(c->diag, use,
           "'%s' (%s) holds an %s member, which Warp does not accept in a "
           "kernel; use int(...) or write the member in the kernel",
           name, what, "IntEnum/IntFlag");
}

bool lower_closure(lower_ctx *c, const char *name, wp_loc use, entity *out) {
  int scope = 0;
  const ast_expr *e = lower_closure_value(c, name, &scope);
  if (!e)
    return false;
  cvalue v;
  int errors = c->diag->errors;
  factory_closure *clo = c->clo;
  clo_scope s = lower_clo_enter(c, clo, scope);
  bool quiet = c->const_quiet;
  c->const_quiet = true;
  bool ok = eval(c, e, scope < 0 ? clo->limit : clo->def_limit, &v);
  c->const_quiet = quiet;
  lower_clo_leave(c, s);
  if (!ok) {
    if (c->diag->errors == errors) {
      wp_error(c->diag, use,
               "captured name '%s' is not a compile-time constant", name);
      wp_note(c->diag, e->loc,
              "'%s' is bound to this value by the factory '%s' called at line "
              "%u",
              name, clo->factory->name,
              c->prog->modules[clo->call_module]->globals[clo->limit].loc.line);
    }
    *out = (entity){.kind = ENT_ERROR};
    return true;
  }
  if (v.enum_kind) {
    enum_value_error(c, name, use, "captured by a factory-made definition");
    *out = (entity){.kind = ENT_ERROR};
    return true;
  }
  ir_value *val = materialize(c, &v, use);
  *out = (entity){.kind = val ? ENT_VALUE : ENT_ERROR, .value = val};
  return true;
}

entity lower_global_at(lower_ctx *c, int mod, int index, wp_loc use) {
  clo_scope s = lower_clo_enter(c, NULL, 0); /* no factory's names */
  int old = lower_enter_module(c, mod);
  const ast_global *g = &c->ast->globals[index];
  cvalue v;
  int errors = c->diag->errors;
  bool ok = eval(c, g->value, index, &v);
  lower_enter_module(c, old);
  lower_clo_leave(c, s);
  if (!ok) {
    if (c->diag->errors > errors)
      wp_note(c->diag, use, "'%s' is used in a kernel here", g->name);
    return (entity){.kind = ENT_ERROR};
  }
  if (v.enum_kind) {
    enum_value_error(c, g->name, use, "a module-level name");
    return (entity){.kind = ENT_ERROR};
  }
  ir_value *val = materialize(c, &v, use);
  return (entity){.kind = val ? ENT_VALUE : ENT_ERROR, .value = val};
}

static const ir_type *cv_type(lower_ctx *c, const cvalue *v) {
  switch (v->kind) {
  case CV_INT:
    return v->i >= INT32_MIN && v->i <= INT32_MAX
               ? ir_t_int32(c->T)
               : ir_t_scalar(c->T, WP_SCALAR_INT64);
  case CV_FLOAT: return ir_t_float32(c->T);
  case CV_BOOL: return ir_t_bool(c->T);
  case CV_TYPED: return v->type;
  }
  return NULL;
}

const ir_type *lower_const_type(lower_ctx *c, const ast_expr *e) {
  cvalue v;
  if (!eval(c, e, c->ast->nglobals, &v))
    return NULL;
  if (v.enum_kind) { /* its type is the enum class, which Warp matches to
                        no parameter type */
    wp_error(c->diag, e->loc,
             "an IntEnum/IntFlag member as a default value matches no "
             "parameter type in Warp; use its .value or int(...)");
    return NULL;
  }
  return cv_type(c, &v);
}

ir_value *lower_const_value(lower_ctx *c, const ast_expr *e, wp_loc use) {
  cvalue v;
  return eval(c, e, c->ast->nglobals, &v) ? materialize(c, &v, use) : NULL;
}

bool lower_const_int_expr(lower_ctx *c, const ast_expr *e, int64_t *out) {
  cvalue v;
  if (!eval(c, e, c->ast->nglobals, &v))
    return false;
  untype(&v);
  if (v.kind != CV_INT)
    return false;
  *out = v.i;
  return true;
}

bool lower_cv_eval(lower_ctx *c, const ast_expr *e, int limit, cvalue *out) {
  return eval(c, e, limit, out);
}

bool lower_cv_not_const(lower_ctx *c, const ast_expr *e) {
  return not_const(c, e);
}

void lower_cv_untype(cvalue *v) {
  untype(v);
}

const ast_global *lower_cv_find_global(lower_ctx *c, const char *name,
                                       int limit, int *index) {
  return find_global(c, name, limit, index);
}

ir_value *lower_cv_materialize(lower_ctx *c, const cvalue *v, wp_loc loc) {
  return materialize(c, v, loc);
}
