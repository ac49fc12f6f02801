/* lower_factory.c - definitions made by factories.  A factory is a host
 * def whose body defines a @wp.kernel, @wp.func or @wp.struct and returns
 * it; each module-level call `NAME = make(args)` makes a definition of its
 * own, in which the factory's parameters are the call's (compile-time
 * constant) arguments and the factory's local assignments (`factor =
 * scale * 2`) are constants computed from them:
 *
 *   def make_scale(scale):              k2 = make_scale(2.0)
 *       factor = scale * 2              f3 = make_func(3.0)
 *       @wp.kernel                      S64 = make_struct(wp.float64)
 *       def k(a: wp.array(dtype=float)):
 *           a[wp.tid()] *= factor
 *       return k
 *
 * A kernel (of a call in the main file) is compiled as NAME (launcher
 * MODULE_NAME); a func is called as NAME(...) (C name wpc_<length of
 * tag+NAME><module tag><NAME>_<def name>); a struct is the type NAME (C
 * name MODULE_<module tag><NAME>).  The @wp.func and @wp.struct defs of a
 * factory are visible to the other definitions the same call makes.
 *
 * Calls and factories may be in different modules (`k2 = util.make(2.0)`):
 * a parameter's argument is then evaluated in the calling module, at its
 * module level (no closure), while the factory's locals, its definitions
 * and their bodies look names up in the factory's module.  Made funcs and
 * structs bind like other module-level names (lower_lookup), so other
 * modules reach them as `util.f3`.
 *
 * A factory's body runs at compile time (lower_factory_body.c); calls met
 * while lowering, in another factory's body or in wp.static(), get
 * closures of their own (call_closure), and names bound through them are
 * followed to what they denote (chase: a factory's func, a tuple item, an
 * attribute it sets). */
#include <string.h>

#include "lower_cvalue.h"

clo_scope lower_clo_enter(lower_ctx *c, factory_closure *clo, int n) {
  clo_scope s = {c->clo, c->nclosure, c->mod, c->lookup_pos};
  if (clo) /* a default value (CLO_DEFAULT): in the factory's module */
    lower_enter_module(c, n < 0 && n != CLO_DEFAULT ? clo->call_module
                                                    : clo->module);
  /* an argument of `G = make(helper)`, or a local (`h = helper`: entry n
     of fewer than clo->n) of a factory of the same module: helper as bound
     above the call, when the body ran; defaults and the definitions' bodies
     see the last bindings */
  c->lookup_pos = clo && clo->positional &&
                          (n == -1 || (n >= 0 && n < clo->n &&
                                       clo->module == clo->call_module))
                      ? clo->call_loc.start + 1
                      : 0;
  if (clo && n < 0 && n != CLO_DEFAULT &&
      clo->parent) { /* the arguments of a nested call */
    c->clo = clo->parent;
    c->nclosure = clo->parent_n;
    return s;
  }
  c->clo = clo && n >= 0 ? clo : NULL;
  c->nclosure = c->clo ? n : 0;
  return s;
}

void lower_clo_leave(lower_ctx *c, clo_scope s) {
  c->clo = s.clo;
  c->nclosure = s.n;
  c->lookup_pos = s.lookup_pos;
  lower_enter_module(c, s.mod);
}

clo_scope lower_enter_def(lower_ctx *c, const func_info *fi) {
  clo_scope s = {c->clo, c->nclosure, c->mod, c->lookup_pos};
  c->lookup_pos = 0; /* a body sees the names' last bindings */
  lower_enter_module(c, fi->module);
  c->clo = fi->clo;
  c->nclosure = fi->clo ? fi->clo->n : 0;
  return s;
}

void lower_leave_def(lower_ctx *c, clo_scope s) {
  lower_clo_leave(c, s);
}

const ast_expr *lower_closure_value(lower_ctx *c, const char *name,
                                    int *scope) {
  if (!c->clo || c->clo->module != c->mod)
    return NULL;
  for (int i = c->nclosure - 1; i >= 0; i--)
    if (!strcmp(c->clo->names[i], name)) {
      if (scope)
        *scope = c->clo->scope[i];
      return c->clo->values[i];
    }
  return NULL;
}

/* The C name part of the definitions made by closure `clo`: the module
 * tag of the call and the name the call is assigned to. */
const char *lower_closure_tag(lower_ctx *c, const factory_closure *clo) {
  return wp_arena_printf(c->A, "%s%s", lower_module_tag(c, clo->call_module),
                         clo->tag);
}

static const ir_type *closure_struct(lower_ctx *c, factory_closure *clo, int i,
                                     const char *name) {
  if (!clo->stypes[i]) {
    const ast_def *d = clo->sdefs[i];
    clo->stypes[i] = ir_t_void(c->T); /* also while being built */
    clo_scope s = lower_clo_enter(c, clo, clo->n);
    /* MODULE_<tag>NAME for the struct the call returns, MODULE_<tag>NAME_S
       for another struct S of the factory */
    const char *tag = lower_closure_tag(c, clo);
    const char *cname =
        d == clo->ret
            ? wp_arena_printf(c->A, "%s_%s", c->m->name, tag)
            : wp_arena_printf(c->A, "%s_%s_%s", c->m->name, tag, d->name);
    const ir_type *t =
        lower_struct_type(c, d, name, lower_unique_cname(c, cname));
    lower_clo_leave(c, s);
    clo->stypes[i] = t ? t : ir_t_void(c->T); /* void: reported once */
  }
  return clo->stypes[i]->kind == IR_T_VOID ? NULL : clo->stypes[i];
}

/* A struct binding (BIND_OTHER without module when it had errors). */
static binding struct_binding(const ir_type *t, int mod) {
  if (!t)
    return (binding){.kind = BIND_OTHER, .module = -1};
  return (binding){.kind = BIND_STRUCT, .type = t, .module = mod};
}

/* Whether an entry of clo from the n-th on binds `name` (after a def of
 * it: `f = other`, or f unknown after a try that defines f again). */
static bool rebound(const factory_closure *clo, const char *name, int n) {
  for (int i = n; i < clo->n; i++)
    if (!strcmp(clo->names[i], name))
      return true;
  return false;
}

/* --- warp.fem's dynamic_func cache ------------------------------------------
 * warp-lang keeps one function per (def, suffix): a factory called again
 * with the same suffix gets the function its first call made, whatever
 * else differs.  The suffix is written as text (numbers, strings, tuples of
 * them, after the factory's names) to compare; one that cannot be written
 * so makes no cache entry (each call its own function). */

/* The text of suffix expression e (arena), or NULL. */
static const char *key_text(lower_ctx *c, const ast_expr *e, int depth) {
  if (depth > 32)
    return NULL;
  switch (e->kind) {
  case AST_EXPR_STRING: return wp_arena_printf(c->A, "s%s;", e->string);
  case AST_EXPR_NONE: return "None;";
  case AST_EXPR_TUPLE: {
    const char *t = "(";
    for (int i = 0; i < e->nitems; i++) {
      const char *k = key_text(c, e->items[i], depth + 1);
      if (!k)
        return NULL;
      t = wp_arena_printf(c->A, "%s%s", t, k);
    }
    return wp_arena_printf(c->A, "%s);", t);
  }
  case AST_EXPR_NAME: {
    int scope = 0;
    const ast_expr *v = lower_closure_value(c, e->name, &scope);
    if (v) { /* a parameter or local of the factory */
      clo_scope s = lower_clo_enter(c, c->clo, scope);
      const char *k = key_text(c, v, depth + 1);
      lower_clo_leave(c, s);
      return k;
    }
    break;
  }
  default: break;
  }
  cvalue v;
  bool quiet = c->const_quiet;
  c->const_quiet = true;
  bool ok = lower_cv_eval(c, e, c->ast->nglobals, &v);
  c->const_quiet = quiet;
  if (ok)
    lower_cv_untype(&v);
  if (!ok || v.kind == CV_TYPED)
    return NULL;
  if (v.kind == CV_FLOAT && v.f == (double)(long long)v.f)
    v.kind = CV_INT, v.i = (long long)v.f; /* 1.0 == 1 as a key in Python */
  return v.kind == CV_FLOAT ? wp_arena_printf(c->A, "f%.17g;", v.f)
                            : wp_arena_printf(c->A, "i%lld;", (long long)v.i);
}

/* fi, or the function an earlier call made with the same def and suffix
 * when fi's def is a warp.fem dynamic_func. */
static func_info *dynamic_cached(lower_ctx *c, func_info *fi) {
  const ast_expr *dec = fi->def->decorator;
  if (!dec || dec->kind != AST_EXPR_CALL)
    return fi;
  const ast_expr *callee = dec->value;
  const char *name = callee->kind == AST_EXPR_ATTRIBUTE ? callee->name
                     : callee->kind == AST_EXPR_NAME    ? callee->name
                                                        : "";
  const ast_expr *suffix = dec->nitems ? dec->items[0] : NULL;
  for (int i = 0; i < dec->nkeywords; i++)
    if (!strcmp(dec->keywords[i].name, "suffix"))
      suffix = dec->keywords[i].value;
  if (strcmp(name, "dynamic_func") || !suffix)
    return fi;
  clo_scope s = lower_clo_enter(c, fi->clo, fi->clo_n);
  const char *k = key_text(c, suffix, 0);
  lower_clo_leave(c, s);
  if (!k)
    return fi;
  for (int i = 0; i + 2 < c->dyn_funcs.count; i += 3)
    if (c->dyn_funcs.items[i] == fi->def &&
        !strcmp(c->dyn_funcs.items[i + 1], k))
      return c->dyn_funcs.items[i + 2];
  wp_ptrvec_push(c->A, &c->dyn_funcs, (void *)fi->def);
  wp_ptrvec_push(c->A, &c->dyn_funcs, (void *)k);
  wp_ptrvec_push(c->A, &c->dyn_funcs, fi);
  return fi;
}

bool lower_closure_binding(lower_ctx *c, const char *name, binding *b) {
  factory_closure *clo = c->clo;
  if (!clo || clo->module != c->mod)
    return false;
  for (int i = clo->nfuncs - 1; i >= 0; i--)
    if (!strcmp(clo->funcs[i].def->name, name)) {
      if (rebound(clo, name, clo->funcs[i].clo_n))
        return false; /* an entry binds the name after the def */
      *b = (binding){.kind = BIND_FUNC,
                     .func = dynamic_cached(c, &clo->funcs[i]),
                     .module = clo->module};
      return true;
    }
  for (int i = clo->nstructs - 1; i >= 0; i--)
    if (!strcmp(clo->sdefs[i]->name, name)) {
      *b = struct_binding(closure_struct(c, clo, i, name), clo->module);
      return true;
    }
  return false;
}

/* The def named by the return `ret` the walk of clo reached, among the
 * defs it ran (the last of that name), or NULL. */
static const ast_def *returned_def(const factory_closure *clo,
                                   const ast_stmt *ret) {
  const ast_expr *v = ret ? ret->value : NULL;
  if (!v || v->kind != AST_EXPR_NAME)
    return NULL;
  for (int i = clo->ndefs - 1; i >= 0; i--)
    if (!strcmp(clo->defs[i]->name, v->name))
      return rebound(clo, v->name, clo->def_n[i]) ? NULL : clo->defs[i];
  return NULL;
}

/* The closure of global `gi` of the current module when it is a call of
 * a factory (of this module or an imported one), else NULL. */
static factory_closure *make_closure(lower_ctx *c, int gi) {
  const ast_global *g = &c->ast->globals[gi];
  const ast_expr *call = g->value;
  if (call->kind != AST_EXPR_CALL || (call->value->kind != AST_EXPR_NAME &&
                                      call->value->kind != AST_EXPR_ATTRIBUTE))
    return NULL;
  binding fb = lower_resolve(c, call->value);
  const ast_def *fd = fb.kind == BIND_OTHER ? fb.def : NULL;
  if (!fd || fd->kind != AST_DEF_PLAIN || !lower_makes_defs(&fd->body))
    return NULL;
  int np = fd->nparams;
  factory_closure *clo = lower_new_closure(c, fd, np);
  clo->tag = g->name;
  clo->call = call;
  clo->call_loc = call->loc;
  clo->positional = true;
  clo->module = fb.module;
  clo->call_module = c->mod;
  clo->limit = gi;
  clo->def_limit =
      fb.module == c->mod ? gi : c->prog->modules[fb.module]->nglobals;
  if (!lower_bind_params(c, clo, fb.module))
    return NULL;
  const ast_stmt *ret = lower_walk_body(c, clo, fd);
  const ast_def *rd = returned_def(clo, ret);
  if (!rd || (rd->kind != AST_DEF_KERNEL && rd->kind != AST_DEF_FUNC &&
              rd->kind != AST_DEF_STRUCT))
    return NULL;
  clo->ret = rd;
  clo->ret_expr = ret->value;
  return clo;
}

factory_closure *lower_local_closure(lower_ctx *c, const ast_def *fd) {
  int n = c->ast->nglobals;
  factory_closure *clo = lower_new_closure(c, fd, 0);
  clo->tag = fd->name;
  clo->module = c->mod;
  clo->call_module = c->mod;
  clo->limit = n; /* the function runs once the module is loaded */
  clo->def_limit = n;
  lower_walk_body(c, clo, fd);
  return clo;
}

/* The closure of a factory call met while lowering (in a factory's body,
 * in wp.static()), made once per call and enclosing scope; NULL when the
 * callee is no factory or its arguments do not fit (reported). */
static factory_closure *call_closure(lower_ctx *c, const ast_expr *call,
                                     bool host) {
  for (int i = 0; i < c->call_clos.count; i++) {
    factory_closure *k = c->call_clos.items[i];
    if (k->call == call && k->parent == c->clo && k->parent_n == c->nclosure &&
        k->call_module == c->mod)
      return k->ret_expr ? k : NULL;
  }
  if (call->value->kind != AST_EXPR_NAME &&
      call->value->kind != AST_EXPR_ATTRIBUTE)
    return NULL;
  binding fb = lower_resolve(c, call->value);
  const ast_def *fd = fb.kind == BIND_OTHER ? fb.def : NULL;
  if (!fd || fd->kind != AST_DEF_PLAIN || !fd->body.count ||
      (!host && !lower_makes_defs(&fd->body)))
    return NULL;
  factory_closure *clo = lower_new_closure(c, fd, fd->nparams);
  clo->parent = c->clo;
  clo->parent_n = c->nclosure;
  clo->call = call;
  clo->call_loc = call->loc;
  clo->tag =
      c->clo ? wp_arena_printf(c->A, "%s_%s", c->clo->tag, fd->name) : fd->name;
  clo->module = fb.module;
  clo->call_module = c->mod;
  clo->limit = c->clo ? c->clo->def_limit : c->ast->nglobals;
  clo->def_limit =
      fb.module == c->mod ? clo->limit : c->prog->modules[fb.module]->nglobals;
  wp_ptrvec_push(c->A, &c->call_clos, clo); /* also while being made */
  clo->depth = c->clo ? c->clo->depth + 1 : 0;
  if (c->call_depth >= WP_MAX_HOST_CALL_DEPTH ||
      clo->depth >= WP_MAX_HOST_CALL_DEPTH) {
    wp_error(c->diag, call->loc,
             "host function calls nest more than %d deep here (a recursion "
             "that does not end?); Python would raise RecursionError",
             WP_MAX_HOST_CALL_DEPTH);
    return NULL;
  }
  c->call_depth++;
  const ast_stmt *ret =
      lower_bind_params(c, clo, fb.module) ? lower_walk_body(c, clo, fd) : NULL;
  c->call_depth--;
  clo->ret_expr = ret && ret->value ? ret->value : NULL;
  return clo->ret_expr ? clo : NULL;
}

/* What chase() applies to the value it reaches: an attribute, a tuple
 * item (index >= 0), or nothing. */
typedef struct pending {
  const char *attr;
  int64_t index;
  int unpack; /* the index is that of `a, b = v`: v has this many items */
} pending;

static binding chase(lower_ctx *c, const ast_expr *e, pending p, int depth);

/* e in the scope of the first n entries of clo. */
static binding chase_in(lower_ctx *c, factory_closure *clo, int n,
                        const ast_expr *e, pending p, int depth) {
  clo_scope s = lower_clo_enter(c, clo, n);
  binding b = chase(c, e, p, depth + 1);
  lower_clo_leave(c, s);
  return b;
}

/* The binding of e with p applied, following closure entries to their
 * values and factory calls to what they return; BIND_NONE when the chain
 * involves no factory (the caller resolves e as usual). */
static binding chase(lower_ctx *c, const ast_expr *e, pending p, int depth) {
  binding none = {.kind = BIND_NONE};
  pending nothing = {NULL, -1, 0};
  if (depth > 64)
    return none;
  switch (e->kind) {
  case AST_EXPR_NAME: {
    int scope = 0;
    const ast_expr *v = NULL;
    if (p.attr &&
        (v = lower_closure_value(
             c, wp_arena_printf(c->A, "%s.%s", e->name, p.attr), &scope)))
      return chase_in(c, c->clo, scope, v, nothing, depth);
    if ((v = lower_closure_value(c, e->name, &scope)))
      return chase_in(c, c->clo, scope, v, p, depth);
    if (p.attr || p.index >= 0 || depth == 0)
      return none;
    return lower_lookup(c, c->mod, e->name);
  }
  case AST_EXPR_CALL: {
    factory_closure *clo = call_closure(c, e, true);
    return clo ? chase_in(c, clo, clo->n, clo->ret_expr, p, depth) : none;
  }
  case AST_EXPR_TUPLE:
    if (p.attr || p.index < 0 || p.index >= e->nitems ||
        (p.unpack && p.unpack != e->nitems))
      return none; /* the constant evaluation reports a count mismatch */
    return chase(c, e->items[p.index], nothing, depth + 1);
  case AST_EXPR_SUBSCRIPT:
    if (p.attr || p.index >= 0 || e->nitems != 1 ||
        e->items[0]->kind != AST_EXPR_INT)
      return none;
    return chase(c, e->value,
                 (pending){NULL, (int64_t)e->items[0]->int_value, e->unpack},
                 depth + 1);
  case AST_EXPR_ATTRIBUTE:
    if (p.attr || p.index >= 0 || depth == 0)
      return none;
    /* u.f, wp.sin as an entry's value: resolved as usual */
    return lower_resolve(c, e);
  default: return none;
  }
}

int lower_host_call(lower_ctx *c, const ast_expr *call, cvalue *out) {
  if (call->value->kind != AST_EXPR_NAME &&
      call->value->kind != AST_EXPR_ATTRIBUTE)
    return 0;
  binding fb = lower_resolve(c, call->value);
  if (fb.kind != BIND_OTHER || !fb.def || fb.def->kind != AST_DEF_PLAIN ||
      !fb.def->body.count)
    return 0;
  factory_closure *clo = call_closure(c, call, true);
  if (!clo)
    return lower_cv_not_const(c, call) ? 1 : -1;
  clo_scope s = lower_clo_enter(c, clo, clo->n);
  bool ok = lower_cv_eval(c, clo->ret_expr, clo->def_limit, out);
  lower_clo_leave(c, s);
  return ok ? 1 : -1;
}

binding lower_resolve_value(lower_ctx *c, const ast_expr *e) {
  if (e->kind == AST_EXPR_NAME) {
    binding b = chase(c, e, (pending){NULL, -1, 0}, 1);
    return b.kind != BIND_NONE ? b : lower_resolve(c, e);
  }
  return lower_resolve(c, e);
}

binding lower_factory_result(lower_ctx *c, const ast_expr *e) {
  if (e->kind == AST_EXPR_ATTRIBUTE)
    return chase(c, e->value, (pending){e->name, -1, 0}, 1);
  if (e->kind == AST_EXPR_CALL || e->kind == AST_EXPR_SUBSCRIPT)
    return chase(c, e, (pending){NULL, -1, 0}, 0);
  return (binding){.kind = BIND_NONE};
}

factory_closure *lower_factory_at(lower_ctx *c, int mod, int gi) {
  mod_factories *mf = &c->factories[mod];
  if (!mf->state) {
    int n = c->prog->modules[mod]->nglobals;
    mf->clo = WP_NEW_ARRAY(c->A, factory_closure *, n + 1);
    mf->state = WP_NEW_ARRAY(c->A, signed char, n + 1);
  }
  if (!mf->state[gi]) {
    mf->state[gi] = -1; /* also while being made */
    int errors = c->diag->errors;
    clo_scope s = lower_clo_enter(c, NULL, 0);
    int old = lower_enter_module(c, mod);
    mf->clo[gi] = make_closure(c, gi);
    lower_enter_module(c, old);
    lower_clo_leave(c, s);
    mf->state[gi] = mf->clo[gi] ? 1 : c->diag->errors > errors ? -2 : -1;
  }
  return mf->clo[gi];
}

bool lower_factory_failed(lower_ctx *c, int mod, int gi) {
  lower_factory_at(c, mod, gi);
  return c->factories[mod].state[gi] == -2;
}

bool lower_factory_binding(lower_ctx *c, int mod, int gi, binding *b) {
  factory_closure *clo = lower_factory_at(c, mod, gi);
  if (!clo || clo->ret->kind == AST_DEF_KERNEL)
    return false;
  if (clo->ret->kind == AST_DEF_FUNC) {
    for (int i = clo->nfuncs - 1; i >= 0; i--)
      if (clo->funcs[i].def == clo->ret) {
        *b = (binding){.kind = BIND_FUNC,
                       .func = dynamic_cached(c, &clo->funcs[i]),
                       .module = clo->module};
        return true;
      }
    return false;
  }
  for (int i = clo->nstructs - 1; i >= 0; i--)
    if (clo->sdefs[i] == clo->ret) {
      *b = struct_binding(closure_struct(c, clo, i, clo->tag), clo->module);
      return true;
    }
  return false;
}

/* `f, k = make(...)` at module level: the kernel def that item k of what
 * the call returns names, with *out its closure; NULL when it is none. */
static const ast_def *kernel_item(lower_ctx *c, const ast_expr *e,
                                  factory_closure **out) {
  if (e->kind != AST_EXPR_SUBSCRIPT || e->value->kind != AST_EXPR_CALL ||
      e->nitems != 1 || e->items[0]->kind != AST_EXPR_INT)
    return NULL;
  factory_closure *clo = call_closure(c, e->value, false);
  const ast_expr *r = clo ? clo->ret_expr : NULL;
  uint64_t k = e->items[0]->int_value;
  if (!r || r->kind != AST_EXPR_TUPLE || k >= (uint64_t)r->nitems ||
      r->items[k]->kind != AST_EXPR_NAME)
    return NULL;
  for (int i = clo->ndefs - 1; i >= 0; i--)
    if (!strcmp(clo->defs[i]->name, r->items[k]->name)) {
      *out = clo;
      return clo->defs[i]->kind == AST_DEF_KERNEL ? clo->defs[i] : NULL;
    }
  return NULL;
}

bool lower_factory_makes(lower_ctx *c, int gi, const ast_def *d) {
  factory_closure *clo = NULL;
  if (kernel_item(c, c->ast->globals[gi].value, &clo) == d)
    return true;
  if (c->ast->globals[gi].value->kind != AST_EXPR_CALL)
    return false;
  clo = lower_factory_at(c, c->mod, gi);
  return clo && clo->ret == d;
}

void lower_factory_kernel(lower_ctx *c, int gi) {
  const ast_global *g = &c->ast->globals[gi];
  factory_closure *clo = NULL;
  const ast_def *item = kernel_item(c, g->value, &clo);
  if (!item)
    clo = lower_factory_at(c, c->mod, gi);
  if (!clo || (!item && clo->ret->kind != AST_DEF_KERNEL))
    return;
  const ast_def *kd = item ? item : clo->ret;
  /* k = make(1.0); k1 = k; k = make(2.0): the first kernel is k1's */
  const char *name = g->name;
  const wp_loc *at = lower_rebound_at(c, g->name, g->loc.start);
  if (at) {
    const ast_global *alias =
        lower_alias_between(c, g->name, g->loc.start, at->start);
    if (!alias) {
      lower_rebound_warning(c, g->loc, "kernel", g->name, at);
      return;
    }
    name = alias->name;
  }
  int errors = c->diag->errors;
  const char *cname = wp_arena_printf(c->A, "%s_%s", c->m->name, name);
  clo_scope s = lower_clo_enter(c, clo, clo->n);
  ir_func *f = lower_def_as(c, kd, IR_FUNC_KERNEL, NULL, cname);
  lower_clo_leave(c, s);
  if (f)
    f->name = name;
  else if (c->diag->errors > errors)
    wp_note(c->diag, g->loc, "in the kernel '%s' made by this call of '%s'",
            kd->name, clo->factory->name);
}
