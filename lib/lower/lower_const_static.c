/* lower_const_static.c - compile-time evaluation for wp.static(): items of
 * module-level tuples and lists (SEQ[k]), @wp.func calls run as Python runs
 * them, and the wp.static() entry points with Warp 1.19.0's scoping (see
 * lower_static.c for the loop variables). */
#include <string.h>

#include "lower_cvalue.h"

bool lower_cv_is_seq(const ast_expr *x) {
  return x->kind == AST_EXPR_TUPLE ||
         (x->kind == AST_EXPR_UNSUPPORTED && strcmp(x->name, "list") == 0);
}

/* x with module-level names followed to their values (and *limit to the
 * globals those values see). */
const ast_expr *lower_cv_follow(lower_ctx *c, const ast_expr *x, int *limit) {
  int scope = 0;
  const ast_expr *cv = x->kind == AST_EXPR_NAME && c->const_depth < 64
                           ? lower_closure_value(c, x->name, &scope)
                           : NULL;
  if (cv) { /* a factory's parameter or local bound to a string */
    factory_closure *clo = c->clo;
    clo_scope s = lower_clo_enter(c, clo, scope);
    int lim = lower_clo_limit(clo, scope);
    c->const_depth++;
    const ast_expr *r = lower_cv_follow(c, cv, &lim);
    c->const_depth--;
    lower_clo_leave(c, s);
    return r->kind == AST_EXPR_STRING ? r : x;
  }
  for (int depth = 0; depth < 64; depth++) {
    if (x->kind == AST_EXPR_SUBSCRIPT) { /* TABLE[i][j] */
      bool reported;
      const ast_expr *item = lower_const_item(c, x, limit, &reported);
      if (!item)
        break;
      x = item;
      continue;
    }
    if (x->kind != AST_EXPR_NAME)
      break;
    int idx;
    if (c->in_static && c->const_depth == 0 && lower_static_local(c, x->name))
      break;
    const ast_global *g = lower_cv_find_global(c, x->name, *limit, &idx);
    if (!g)
      break;
    x = g->value;
    *limit = idx;
  }
  return x;
}

/* `a, b = v` with v of n items, not as many as the names: an error, as
 * Python's ValueError; NULL. */
static const ast_expr *unpack_error(lower_ctx *c, const ast_expr *sub,
                                    int64_t n, bool *reported) {
  wp_error(c->diag, sub->loc, "cannot unpack %lld values into %d names",
           (long long)n, sub->unpack);
  *reported = true;
  return NULL;
}

/* range(...)[k] (`A, B, C = range(3)` at module level): the int, as an
 * INT literal; NULL when the arguments are no int constants or k is out of
 * range (*reported). */
static const ast_expr *range_item(lower_ctx *c, const ast_expr *sub,
                                  const ast_expr *r, int limit,
                                  bool *reported) {
  int64_t a[3] = {0, 0, 1};
  for (int i = 0; i < r->nitems; i++) {
    cvalue v;
    int errors = c->diag->errors;
    if (!lower_cv_eval(c, r->items[i], limit, &v)) {
      *reported = c->diag->errors > errors;
      return NULL;
    }
    lower_cv_untype(&v);
    if (v.kind != CV_INT && v.kind != CV_BOOL) {
      wp_error(c->diag, r->items[i]->loc, "range() takes ints");
      *reported = true;
      return NULL;
    }
    a[r->nitems == 1 ? 1 : i] = v.i;
  }
  cvalue k;
  int errors = c->diag->errors;
  if (!lower_cv_eval(c, sub->items[0], limit, &k)) {
    *reported = c->diag->errors > errors;
    return NULL;
  }
  lower_cv_untype(&k);
  int64_t start = a[0], stop = a[1], step = a[2];
  int64_t n = step > 0 ? (stop > start ? (stop - start + step - 1) / step : 0)
              : step < 0
                  ? (start > stop ? (start - stop - step - 1) / -step : 0)
                  : -1;
  if (sub->unpack && n >= 0 && n != sub->unpack)
    return unpack_error(c, sub, n, reported);
  int64_t i = k.kind == CV_INT && k.i < 0 ? k.i + n : k.i;
  if (n < 0 || k.kind != CV_INT || i < 0 || i >= n) {
    wp_error(c->diag, sub->loc,
             n < 0 ? "range() step must not be zero"
                   : "index out of range for a range() of %lld items",
             (long long)n);
    *reported = true;
    return NULL;
  }
  ast_expr *item = WP_NEW(c->A, ast_expr);
  *item = (ast_expr){.kind = AST_EXPR_INT,
                     .loc = sub->loc,
                     .int_value = (uint64_t)(start + i * step)};
  return item;
}

const ast_expr *lower_const_item(lower_ctx *c, const ast_expr *sub, int *limit,
                                 bool *reported) {
  *reported = false;
  if (sub->kind != AST_EXPR_SUBSCRIPT || sub->nitems != 1)
    return NULL;
  int lim = *limit;
  const ast_expr *seq = lower_cv_follow(c, sub->value, &lim);
  int klim = *limit; /* the key may be a name bound to a string */
  const ast_expr *key = lower_cv_follow(c, sub->items[0], &klim);
  if (seq->kind == AST_EXPR_UNSUPPORTED && !strcmp(seq->name, "dict") &&
      key->kind == AST_EXPR_STRING) {
    /* TABLE["name"] of a dict with string keys: its value (the last pair
       of that key, as Python keeps) */
    const ast_expr *found = NULL;
    for (int k = 0; k + 1 < seq->nitems; k += 2)
      if (seq->items[k]->kind == AST_EXPR_STRING &&
          !strcmp(seq->items[k]->string, key->string))
        found = seq->items[k + 1];
    if (!found) {
      wp_error(c->diag, sub->items[0]->loc, "the dict has no key '%s'",
               key->string);
      *reported = true;
      return NULL;
    }
    *limit = lim;
    return found;
  }
  if (seq->kind == AST_EXPR_CALL && seq->value->kind == AST_EXPR_NAME &&
      !strcmp(seq->value->name, "range") && !seq->nkeywords &&
      seq->nitems >= 1 && seq->nitems <= 3 &&
      lower_lookup(c, c->mod, "range").kind == BIND_NONE)
    return range_item(c, sub, seq, *limit, reported);
  if (!lower_cv_is_seq(seq))
    return NULL;
  if (sub->unpack && seq->nitems != sub->unpack)
    return unpack_error(c, sub, seq->nitems, reported);
  cvalue k;
  int errors = c->diag->errors;
  if (!lower_cv_eval(c, sub->items[0], *limit, &k)) {
    *reported = c->diag->errors > errors;
    return NULL;
  }
  lower_cv_untype(&k);
  if (k.kind == CV_FLOAT || k.kind == CV_TYPED) {
    wp_error(c->diag, sub->items[0]->loc, "a sequence index must be an int");
    *reported = true;
    return NULL;
  }
  int64_t i = k.i < 0 ? k.i + seq->nitems : k.i;
  if (i < 0 || i >= seq->nitems) {
    wp_error(c->diag, sub->items[0]->loc,
             "index %lld is out of range for a sequence of %d items",
             (long long)k.i, seq->nitems);
    *reported = true;
    return NULL;
  }
  *limit = lim;
  return seq->items[i];
}

/* What lower_cv_func makes of a statement of a func's body. */
typedef enum {
  FS_SKIP,   /* pass, a docstring */
  FS_RETURN, /* return value */
  FS_ASSIGN, /* name = value */
  FS_OTHER,  /* anything else: the func is not run at compile time */
} func_stmt;

static func_stmt func_stmt_kind(const ast_stmt *s) {
  if (s->kind == AST_STMT_PASS ||
      (s->kind == AST_STMT_EXPR && s->value->kind == AST_EXPR_STRING))
    return FS_SKIP;
  if (s->kind == AST_STMT_RETURN && s->value)
    return FS_RETURN;
  if (s->kind == AST_STMT_ASSIGN && s->ntargets == 1 &&
      s->targets[0]->kind == AST_EXPR_NAME)
    return FS_ASSIGN;
  return FS_OTHER;
}

/* Runs block b of a function run at compile time (assignments to names,
 * ifs, returns) with the locals in c->const_env; sets *done and returns
 * whether *out was computed once a return (or a statement it cannot run,
 * reported at `use`) is reached.  With `ret`, the return's expression is
 * not evaluated but stored there. */
static bool run_block(lower_ctx *c, const ast_block *b, const ast_expr *use,
                      cvalue *out, bool *done, const ast_expr **ret) {
  for (int i = 0; i < b->count; i++) {
    const ast_stmt *s = b->stmts[i];
    func_stmt k = func_stmt_kind(s);
    if (k == FS_SKIP)
      continue;
    *done = true;
    if (k == FS_RETURN && ret)
      return (*ret = s->value) != NULL;
    if (k == FS_RETURN)
      return lower_cv_eval(c, s->value, c->ast->nglobals, out);
    if (k == FS_ASSIGN) {
      const_env *v = WP_NEW(c->A, const_env);
      if (!lower_cv_eval(c, s->value, c->ast->nglobals, &v->v))
        return false;
      v->name = s->targets[0]->name;
      v->next = c->const_env;
      c->const_env = v;
    } else if (s->kind == AST_STMT_IF) {
      cvalue cond;
      if (!lower_cv_eval(c, s->cond, c->ast->nglobals, &cond))
        return false;
      lower_cv_untype(&cond);
      if (cond.kind == CV_TYPED)
        return lower_cv_not_const(c, s->cond);
      bool t = cond.kind == CV_FLOAT ? cond.f != 0 : cond.i != 0;
      *done = false;
      bool ok = run_block(c, t ? &s->body : &s->orelse, use, out, done, ret);
      if (*done)
        return ok;
    } else
      return lower_cv_not_const(c, use);
    *done = false;
  }
  return false;
}

/* Runs the body of d with the locals `env` (innermost first). */
static bool run_body(lower_ctx *c, const ast_def *d, const_env *env,
                     const ast_expr *use, cvalue *out, const ast_expr **ret) {
  if (c->const_depth >= 64)
    return lower_cv_not_const(c, use);
  const_env *saved = c->const_env;
  int saved_depth = c->const_env_depth;
  c->const_depth++;
  c->const_env_depth = c->const_depth;
  c->const_env = env;
  bool done = false;
  bool ok = run_block(c, &d->body, use, out, &done, ret);
  c->const_env = saved;
  c->const_env_depth = saved_depth;
  c->const_depth--;
  return done ? ok : lower_cv_not_const(c, use);
}

bool lower_cv_method(lower_ctx *c, const ast_def *d, int mod,
                     const cvalue *self, const ast_expr *use, cvalue *out,
                     const ast_expr **ret) {
  if (d->nparams != 1)
    return lower_cv_not_const(c, use);
  const_env *env = WP_NEW(c->A, const_env);
  env->name = d->params[0].name;
  env->v = *self;
  clo_scope s = lower_clo_enter(c, NULL, 0); /* the class's module's names */
  int old = lower_enter_module(c, mod);
  bool ok = run_body(c, d, env, use, out, ret);
  lower_enter_module(c, old);
  lower_clo_leave(c, s);
  return ok;
}

/* A @wp.func called inside wp.static(), run as Python runs it: a body of
 * assignments to names, ifs and returns, over its arguments' values. */
bool lower_cv_func(lower_ctx *c, const ast_expr *call, const ast_def *d,
                   int limit, cvalue *out) {
  if (call->nkeywords || call->nitems != d->nparams)
    return lower_cv_not_const(c, call);
  const_env *env = NULL;
  for (int i = 0; i < d->nparams; i++) {
    const_env *v = WP_NEW(c->A, const_env);
    if (!lower_cv_eval(c, call->items[i], limit, &v->v))
      return false;
    v->name = d->params[i].name;
    v->next = env;
    env = v;
  }
  return run_body(c, d, env, call, out, NULL);
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
  bool ok = false;
  if (!lower_static_deferred(c, call->items[0])) {
    /* as Warp: first over the module's names alone */
    bool quiet = c->const_quiet;
    c->static_eager = c->const_quiet = true;
    ok = lower_cv_eval(c, call->items[0], c->ast->nglobals, v);
    c->static_eager = false;
    c->const_quiet = quiet;
    if (c->diag->errors > errors) {
      c->in_static = false;
      return false;
    }
  }
  if (!ok)
    ok = lower_cv_eval(c, call->items[0], c->ast->nglobals, v);
  c->in_static = false;
  if (ok)
    return true;
  if (c->diag->errors > errors)
    wp_note(c->diag, call->loc,
            "wp.static() evaluates its expression at compile time: it may "
            "only use literals and module-level constants");
  return false;
}

/* Does expression x name a variable of the function (a value known only
 * when the kernel runs)? */
static bool is_local(lower_ctx *c, const char *name) {
  return lower_var_index(c, name, false) >= 0;
}

/* wp.static(f(args)) with f a @wp.func and args of literals and module
 * constants: warp-lang runs f in Python at compile time (a struct built
 * field by field, math on constants); warpc computes the same call, which
 * depends on nothing the kernel reads, where the kernel runs. */
static bool static_func_call(lower_ctx *c, const ast_expr *call) {
  if (call->nitems != 1 || call->nkeywords)
    return false;
  const ast_expr *x = call->items[0];
  if (x->kind != AST_EXPR_CALL || lower_any_name(c, x, is_local) ||
      (x->value->kind != AST_EXPR_NAME && x->value->kind != AST_EXPR_ATTRIBUTE))
    return false;
  binding b = lower_resolve(c, x->value);
  if (b.kind != BIND_FUNC || !b.func || !b.func->def)
    return false;
  /* a body lower_cv_func runs (assignments to names and a return) gives a
     compile-time value, as before */
  const ast_def *d = b.func->def;
  for (int i = 0; i < d->body.count; i++)
    if (func_stmt_kind(d->body.stmts[i]) == FS_OTHER)
      return true;
  return false;
}

ir_value *lower_static(lower_ctx *c, const ast_expr *call) {
  cvalue v;
  if (static_func_call(c, call))
    return lower_expr(c, call->items[0]);
  if (!static_eval(c, call, &v))
    return NULL;
  return lower_cv_materialize(c, &v, call->loc);
}

int lower_static_truth(lower_ctx *c, const ast_expr *call) {
  cvalue v;
  if (!static_eval(c, call, &v))
    return -1;
  lower_cv_untype(&v);
  if (v.kind == CV_TYPED) {
    wp_error(c->diag, call->loc,
             "the truth value of a '%s' is ambiguous in wp.static()",
             v.type->name);
    return -1;
  }
  return v.kind == CV_FLOAT ? v.f != 0 : v.i != 0;
}

/* len(x) at compile time: the length of a tuple or list (a literal or a
 * module constant) or the row count of a constant vector / matrix. */
bool lower_cv_len(lower_ctx *c, const ast_expr *call, int limit, cvalue *out) {
  const ast_expr *a = call->items[0];
  if (a->kind == AST_EXPR_NAME && c->in_static && !c->static_eager &&
      c->const_depth == 0) { /* len(v) of a kernel variable: by its type */
    int var = lower_var_index(c, a->name, false);
    const ir_type *t = var >= 0 ? c->fs->var_types[var] : NULL;
    if (t && (t->kind == IR_T_VEC || t->kind == IR_T_MAT ||
              t->kind == IR_T_TUPLE || t->kind == IR_T_TILE)) {
      out->kind = CV_INT; /* a tile's len is its first extent, as Warp's */
      out->i = t->kind == IR_T_TUPLE  ? t->nmembers
               : t->kind == IR_T_TILE ? t->tdims[0]
                                      : t->rows;
      return true;
    }
  }
  int lim = limit;
  const ast_expr *x = lower_cv_follow(c, a, &lim);
  if (lower_cv_is_seq(x)) {
    out->kind = CV_INT;
    out->i = x->nitems;
    return true;
  }
  cvalue v;
  if (!lower_cv_eval(c, x, lim, &v))
    return false;
  if (v.kind == CV_TYPED && v.type->kind != IR_T_SCALAR) {
    out->kind = CV_INT;
    out->i = v.type->rows;
    return true;
  }
  return lower_cv_not_const(c, call);
}

/* Does item x (a string, or a number) equal the container's item y? */
static int same_item(lower_ctx *c, const ast_expr *x, const cvalue *xv,
                     const ast_expr *y, int limit) {
  int lim = limit;
  y = lower_cv_follow(c, y, &lim);
  if (x->kind == AST_EXPR_STRING || y->kind == AST_EXPR_STRING)
    return x->kind == AST_EXPR_STRING && y->kind == AST_EXPR_STRING &&
           !strcmp(x->string, y->string);
  cvalue yv;
  bool quiet = c->const_quiet;
  c->const_quiet = true; /* an item that is no number is just unequal */
  bool ok = lower_cv_eval(c, y, lim, &yv);
  c->const_quiet = quiet;
  if (!ok)
    return -1;
  lower_cv_untype(&yv);
  if (yv.kind == CV_TYPED || yv.npy)
    return -1;
  if (xv->kind != CV_FLOAT && yv.kind != CV_FLOAT)
    return xv->i == yv.i;
  double a = xv->kind == CV_FLOAT ? xv->f : (double)xv->i;
  double b = yv.kind == CV_FLOAT ? yv.f : (double)yv.i;
  return a == b;
}

/* `f in (g, h)` over functions: identity of the @wp.func each names (a
 * factory's parameter bound to one included); -1 when e names none. */
static int func_membership(lower_ctx *c, const ast_expr *e, int limit) {
  binding x = lower_resolve_value(c, e->items[0]);
  if (x.kind != BIND_FUNC)
    return -1;
  int lim = limit;
  const ast_expr *seq = lower_cv_follow(c, e->items[1], &lim);
  if (!lower_cv_is_seq(seq))
    return -1;
  bool found = false;
  for (int k = 0; k < seq->nitems && !found; k++) {
    binding y = lower_resolve_value(c, seq->items[k]);
    found = y.kind == BIND_FUNC && y.func == x.func;
  }
  return found == (e->ops[0] == AST_OP_IN);
}

bool lower_cv_membership(lower_ctx *c, const ast_expr *e, int limit,
                         cvalue *out) {
  int fr = func_membership(c, e, limit);
  if (fr >= 0) {
    memset(out, 0, sizeof *out);
    out->kind = CV_BOOL;
    out->i = fr;
    return true;
  }
  int lim = limit;
  const ast_expr *x = lower_cv_follow(c, e->items[0], &lim);
  cvalue xv = {0};
  if (x->kind != AST_EXPR_STRING) {
    if (!lower_cv_eval(c, e->items[0], limit, &xv))
      return false;
    lower_cv_untype(&xv);
    if (xv.kind == CV_TYPED || xv.npy)
      return lower_cv_not_const(c, e);
  }
  lim = limit;
  const ast_expr *seq = lower_cv_follow(c, e->items[1], &lim);
  bool dict = seq->kind == AST_EXPR_UNSUPPORTED && !strcmp(seq->name, "dict");
  bool set = seq->kind == AST_EXPR_UNSUPPORTED && !strcmp(seq->name, "set");
  if (!dict && !set && !lower_cv_is_seq(seq))
    return lower_cv_not_const(c, e);
  bool found = false;
  for (int k = 0; k < seq->nitems && !found; k += dict ? 2 : 1) {
    int r = same_item(c, x, &xv, seq->items[k], lim);
    if (r < 0)
      return lower_cv_not_const(c, seq->items[k]);
    found = r;
  }
  memset(out, 0, sizeof *out);
  out->kind = CV_BOOL;
  out->i = found == (e->ops[0] == AST_OP_IN);
  return true;
}
