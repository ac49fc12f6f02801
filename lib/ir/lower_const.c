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
#include "lower.h"

typedef enum { CV_INT, CV_FLOAT, CV_BOOL, CV_TYPED } cv_kind;

typedef struct cvalue {
  cv_kind kind;
  int64_t i;
  double f;
  const ir_type *type; /* CV_TYPED: scalar, vec or mat */
  double comp[16];     /* CV_TYPED components, row-major */
  int64_t icomp[16];   /* the same, exact, when the scalar type is an integer
                          (values past 2^53, uint64 bit patterns) */
} cvalue;

static double cv_num(const cvalue *v) {
  return v->kind == CV_FLOAT ? v->f : (double)v->i;
}

static int64_t cv_int(const cvalue *v) {
  return v->kind == CV_FLOAT ? (int64_t)v->f : v->i;
}

static bool eval(lower_ctx *c, const ast_expr *e, int limit, cvalue *out);

/* The float constants of the warp module (wp.pi, wp.inf, ...): Python
 * floats, float32 literals when a kernel uses them. */
static bool warp_float_constant(const char *name, double *out) {
  static const struct {
    const char *name;
    double value;
  } k[] = {
      {"pi", M_PI},
      {"e", M_E},
      {"tau", 2 * M_PI},
      {"half_pi", M_PI / 2},
      {"inf", INFINITY},
      {"nan", NAN},
      {"log2e", 1.4426950408889634},
      {"log10e", 0.4342944819032518},
      {"ln2", 0.6931471805599453},
      {"ln10", 2.302585092994046},
      {"phi", 1.618033988749895},
  };
  for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
    if (strcmp(k[i].name, name) == 0) {
      *out = k[i].value;
      return true;
    }
  return false;
}

static ir_value *materialize(lower_ctx *c, const cvalue *v, wp_loc loc);
static bool not_const(lower_ctx *c, const ast_expr *e);
static const ast_global *find_global(lower_ctx *c, const char *name, int limit,
                                     int *idx);

/* len(x) at compile time: the length of a tuple (a literal or a module
 * constant) or the row count of a constant vector / matrix. */
static bool eval_len(lower_ctx *c, const ast_expr *call, int limit,
                     cvalue *out) {
  const ast_expr *x = call->items[0];
  int lim = limit;
  for (int depth = 0; x->kind == AST_EXPR_NAME && depth < 64; depth++) {
    int idx;
    const ast_global *g = find_global(c, x->name, lim, &idx);
    if (!g)
      break;
    x = g->value;
    lim = idx;
  }
  if (x->kind == AST_EXPR_TUPLE) {
    out->kind = CV_INT;
    out->i = x->nitems;
    return true;
  }
  cvalue v;
  if (!eval(c, x, lim, &v))
    return false;
  if (v.kind == CV_TYPED && v.type->kind != IR_T_SCALAR) {
    out->kind = CV_INT;
    out->i = v.type->rows;
    return true;
  }
  return not_const(c, call);
}

bool lower_warp_constant(lower_ctx *c, const char *path, wp_loc use,
                         entity *out) {
  cvalue v = {.kind = CV_FLOAT};
  if (!warp_float_constant(path, &v.f))
    return false;
  ir_value *val = materialize(c, &v, use);
  *out = (entity){.kind = val ? ENT_VALUE : ENT_ERROR, .value = val};
  return true;
}

static bool not_const(lower_ctx *c, const ast_expr *e) {
  if (c->in_static && c->const_depth == 0) {
    if (e->kind == AST_EXPR_NAME)
      wp_error(c->diag, e->loc, "'%s' is not a compile-time constant", e->name);
    else
      wp_error(c->diag, e->loc,
               "this expression cannot be evaluated at compile time");
    return false;
  }
  wp_error(
      c->diag, e->loc,
      "module-level value is not a compile-time constant warpc can evaluate");
  return false;
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

/* A Warp scalar (wp.float64(x)) in Python arithmetic acts as a Python
 * number: float types as floats, integer types as ints. */
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

static bool eval_binary(lower_ctx *c, const ast_expr *e, cvalue *a, cvalue *b,
                        cvalue *out) {
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
  out->kind = CV_TYPED;
  out->type = t;
  memset(out->comp, 0, sizeof out->comp);
  memset(out->icomp, 0, sizeof out->icomp);
  if (e->nitems == 0)
    return true;
  cvalue args[16];
  if (e->nitems > 16)
    return not_const(c, e);
  for (int i = 0; i < e->nitems; i++) {
    if (!eval(c, e->items[i], limit, &args[i]))
      return false;
    if (args[i].kind == CV_TYPED)
      return not_const(c, e->items[i]);
  }
  if (e->nitems != 1 && e->nitems != n)
    return not_const(c, e);
  for (int k = 0; k < n; k++) {
    const cvalue *a = &args[e->nitems == 1 ? 0 : k];
    out->comp[k] = cv_num(a);
    out->icomp[k] = cv_int(a);
  }
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
    int idx;
    const ast_global *g = find_global(c, e->name, limit, &idx);
    if (!g)
      break;
    if (++c->const_depth > 64) {
      c->const_depth--;
      return not_const(c, e);
    }
    bool ok = eval(c, g->value, idx, out);
    c->const_depth--;
    return ok;
  }
  case AST_EXPR_ATTRIBUTE: {
    const char *wpath = lower_warp_path(c, e);
    if (wpath && warp_float_constant(wpath, &out->f)) {
      out->kind = CV_FLOAT;
      return true;
    }
    if (e->value->kind == AST_EXPR_NAME &&
        strcmp(e->value->name, "math") == 0) {
      out->kind = CV_FLOAT;
      if (strcmp(e->name, "pi") == 0) {
        out->f = M_PI;
        return true;
      }
      if (strcmp(e->name, "e") == 0) {
        out->f = M_E;
        return true;
      }
      if (strcmp(e->name, "tau") == 0) {
        out->f = 2 * M_PI;
        return true;
      }
      if (strcmp(e->name, "inf") == 0) {
        out->f = INFINITY;
        return true;
      }
    }
    break;
  }
  case AST_EXPR_UNARY: {
    if (!eval(c, e->items[0], limit, out))
      return false;
    untype(out);
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
      out->kind = CV_INT;
      out->i = ~out->i;
    } else if (e->op != AST_OP_POS)
      return not_const(c, e);
    return true;
  }
  case AST_EXPR_BINARY: {
    cvalue a, b;
    if (!eval(c, e->items[0], limit, &a) || !eval(c, e->items[1], limit, &b))
      return false;
    return eval_binary(c, e, &a, &b, out);
  }
  case AST_EXPR_COMPARE: {
    cvalue a, b;
    if (!eval(c, e->items[0], limit, &a))
      return false;
    bool r = true;
    for (int k = 0; k + 1 < e->nitems && r; k++) {
      if (!eval(c, e->items[k + 1], limit, &b))
        return false;
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
      return eval_len(c, e, limit, out);
    const char *path = lower_warp_path(c, e->value);
    if (path && strcmp(path, "constant") == 0 && e->nitems == 1)
      return eval(c, e->items[0], limit, out);
    const ir_type *t = NULL;
    if (path) {
      entity en = lower_warp_name(c, path);
      if (en.kind == ENT_TYPE)
        t = en.type;
    } else if (e->value->kind == AST_EXPR_NAME) {
      const char *n = e->value->name;
      if (strcmp(n, "float") == 0 || strcmp(n, "int") == 0) {
        if (e->nitems != 1 || !eval(c, e->items[0], limit, out) ||
            out->kind == CV_TYPED)
          return out->kind == CV_TYPED ? not_const(c, e) : false;
        if (n[0] == 'f')
          out->f = cv_num(out), out->kind = CV_FLOAT;
        else
          out->i = out->kind == CV_FLOAT ? (int64_t)out->f : out->i,
          out->kind = CV_INT;
        return true;
      }
    }
    if (t && t->kind != IR_T_ARRAY)
      return eval_typed(c, e, t, limit, out);
    break;
  }
  default: break;
  }
  return not_const(c, e);
}

static ir_value *materialize(lower_ctx *c, const cvalue *v, wp_loc loc) {
  switch (v->kind) {
  case CV_INT:
    if (v->i >= INT32_MIN && v->i <= INT32_MAX)
      return lower_const_int(c, ir_t_int32(c->T), v->i);
    return lower_const_int(c, ir_t_scalar(c->T, WP_SCALAR_INT64), v->i);
  case CV_FLOAT:
    return lower_const_float(c, ir_t_float32(c->T), (double)(float)v->f);
  case CV_BOOL: return lower_const_int(c, ir_t_bool(c->T), v->i);
  case CV_TYPED: {
    const ir_type *t = v->type;
    const ir_type *st = t->kind == IR_T_SCALAR ? t : t->elem;
    int n = t->kind == IR_T_SCALAR ? 1 : t->rows * t->cols;
    ir_value *comps[16];
    for (int k = 0; k < n; k++)
      comps[k] = ir_type_is_float(st) ? lower_const_float(c, st, v->comp[k])
                                      : lower_const_int(c, st, v->icomp[k]);
    if (n == 1)
      return comps[0];
    return lower_emit(c, IR_COMPOSE, t, comps, n, loc);
  }
  }
  return NULL;
}

bool lower_global(lower_ctx *c, const char *name, wp_loc use, entity *out) {
  int idx;
  const ast_global *g = find_global(c, name, c->ast->nglobals, &idx);
  if (!g)
    return false;
  cvalue v;
  int errors = c->diag->errors;
  if (!eval(c, g->value, idx, &v)) {
    if (c->diag->errors > errors)
      wp_note(c->diag, use, "'%s' is used in a kernel here", name);
    *out = (entity){.kind = ENT_ERROR};
    return true;
  }
  ir_value *val = materialize(c, &v, use);
  *out = (entity){.kind = val ? ENT_VALUE : ENT_ERROR, .value = val};
  return true;
}

/* wp.static(expr): `expr` evaluated at compile time over module constants
 * with Python's rules, captured like a global. */
static bool static_eval(lower_ctx *c, const ast_expr *call, cvalue *v) {
  if (call->nitems != 1 || call->nkeywords) {
    wp_error(c->diag, call->loc, "wp.static() takes one expression");
    return false;
  }
  int errors = c->diag->errors;
  c->in_static = true;
  bool ok = eval(c, call->items[0], c->ast->nglobals, v);
  c->in_static = false;
  if (ok)
    return true;
  if (c->diag->errors > errors)
    wp_note(c->diag, call->loc,
            "wp.static() evaluates its expression at compile time: it may "
            "only use literals and module-level constants");
  return false;
}

ir_value *lower_static(lower_ctx *c, const ast_expr *call) {
  cvalue v;
  if (!static_eval(c, call, &v))
    return NULL;
  return materialize(c, &v, call->loc);
}

int lower_static_truth(lower_ctx *c, const ast_expr *call) {
  cvalue v;
  if (!static_eval(c, call, &v))
    return -1;
  untype(&v);
  if (v.kind == CV_TYPED) {
    wp_error(c->diag, call->loc,
             "the truth value of a '%s' is ambiguous in wp.static()",
             v.type->name);
    return -1;
  }
  return v.kind == CV_FLOAT ? v.f != 0 : v.i != 0;
}
