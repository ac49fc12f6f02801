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
 * modules reach them as `util.f3`. */
#include <string.h>

#include "lower_cvalue.h"

clo_scope lower_clo_enter(lower_ctx *c, factory_closure *clo, int n) {
  clo_scope s = {c->clo, c->nclosure, c->mod};
  if (clo)
    lower_enter_module(c, n < 0 ? clo->call_module : clo->module);
  if (clo && n < 0 && clo->parent) { /* the arguments of a nested call */
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
  lower_enter_module(c, s.mod);
}

clo_scope lower_enter_def(lower_ctx *c, const func_info *fi) {
  clo_scope s = {c->clo, c->nclosure, c->mod};
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
static const char *closure_tag(lower_ctx *c, const factory_closure *clo) {
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
    const char *tag = closure_tag(c, clo);
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

bool lower_closure_binding(lower_ctx *c, const char *name, binding *b) {
  factory_closure *clo = c->clo;
  if (!clo || clo->module != c->mod)
    return false;
  for (int i = clo->nfuncs - 1; i >= 0; i--)
    if (!strcmp(clo->funcs[i].def->name, name)) {
      *b = (binding){
          .kind = BIND_FUNC, .func = &clo->funcs[i], .module = clo->module};
      return true;
    }
  for (int i = clo->nstructs - 1; i >= 0; i--)
    if (!strcmp(clo->sdefs[i]->name, name)) {
      *b = struct_binding(closure_struct(c, clo, i, name), clo->module);
      return true;
    }
  return false;
}

/* Whether the block defines a @wp.kernel, @wp.func or @wp.struct, at its
 * top level or under an `if`: a def the factory may return. */
static bool makes_defs(const ast_block *b) {
  for (int i = 0; i < b->count; i++) {
    const ast_stmt *s = b->stmts[i];
    if (s->kind == AST_STMT_DEF &&
        (s->def->kind == AST_DEF_KERNEL || s->def->kind == AST_DEF_FUNC ||
         s->def->kind == AST_DEF_STRUCT))
      return true;
    if (s->kind == AST_STMT_IF &&
        (makes_defs(&s->body) || makes_defs(&s->orelse)))
      return true;
  }
  return false;
}

/* The statements of a factory's body that run for one call: its top level
 * and the branches of `if`s whose conditions are constants for the call,
 * up to the first `return` reached. */
typedef struct body_walk {
  const ast_stmt *ret; /* the return reached, or NULL */
  /* a return the walk may have passed (in a loop, under a condition that
     is no constant): the result is unknown */
  const ast_stmt *unknown_ret;
  const ast_def **defs; /* the defs run, in order */
  int ndefs;
} body_walk;

static void add_locals(lower_ctx *c, factory_closure *clo,
                       const ast_block *body, body_walk *w);
static bool bind_params(lower_ctx *c, factory_closure *clo, int fmod);

/* The def named by the return the walk reached, among the defs it ran
 * (the last of that name), or NULL. */
static const ast_def *returned_def(const body_walk *w) {
  const ast_expr *v = w->ret ? w->ret->value : NULL;
  if (!v || v->kind != AST_EXPR_NAME)
    return NULL;
  for (int i = w->ndefs - 1; i >= 0; i--)
    if (!strcmp(w->defs[i]->name, v->name))
      return w->defs[i];
  return NULL;
}

/* The number of statements in b, those of its inner blocks and the names
 * its assignments bind included: a bound on the entries and defs a walk of
 * it adds. */
static int count_targets(const ast_expr *t) {
  int n = 1;
  for (int k = 0; t->kind == AST_EXPR_TUPLE && k < t->nitems; k++)
    n += count_targets(t->items[k]);
  return n;
}

static int count_stmts(const ast_block *b) {
  int n = b->count;
  for (int i = 0; i < b->count; i++) {
    const ast_stmt *s = b->stmts[i];
    n += count_stmts(&s->body) + count_stmts(&s->orelse);
    for (int t = 0; t < s->ntargets; t++)
      n += count_targets(s->targets[t]);
  }
  return n;
}

static factory_closure *new_closure(lower_ctx *c, const ast_def *fd, int np) {
  int cap = np + count_stmts(&fd->body) + 1;
  factory_closure *clo = WP_NEW(c->A, factory_closure);
  *clo = (factory_closure){
      .factory = fd,
      .names = WP_NEW_ARRAY(c->A, const char *, cap),
      .values = WP_NEW_ARRAY(c->A, const ast_expr *, cap),
      .scope = WP_NEW_ARRAY(c->A, int, cap),
      .funcs = WP_NEW_ARRAY(c->A, func_info, cap),
      .sdefs = WP_NEW_ARRAY(c->A, const ast_def *, cap),
      .stypes = WP_NEW_ARRAY(c->A, const ir_type *, cap),
  };
  return clo;
}

static const ast_expr *unknown(lower_ctx *c, wp_loc loc);

/* The walk of fd's body for closure clo (its parameters bound). */
static body_walk walk_body(lower_ctx *c, factory_closure *clo,
                           const ast_def *fd) {
  body_walk w = {
      .defs = WP_NEW_ARRAY(c->A, const ast_def *, count_stmts(&fd->body) + 1)};
  add_locals(c, clo, &fd->body, &w);
  if (w.unknown_ret) { /* it may have returned something else before */
    ast_stmt *r = WP_NEW(c->A, ast_stmt);
    *r = *w.unknown_ret;
    r->value = (ast_expr *)unknown(c, w.unknown_ret->loc);
    w.ret = r;
  }
  clo->defs = w.defs;
  clo->ndefs = w.ndefs;
  return w;
}

/* The closure of global `gi` of the current module when it is a call of
 * a factory (of this module or an imported one), else NULL. */
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
  if (!fd || fd->kind != AST_DEF_PLAIN || !makes_defs(&fd->body))
    return NULL;
  int np = fd->nparams;
  factory_closure *clo = new_closure(c, fd, np);
  clo->tag = g->name;
  clo->call = call;
  clo->call_loc = call->loc;
  clo->module = fb.module;
  clo->call_module = c->mod;
  clo->limit = gi;
  clo->def_limit =
      fb.module == c->mod ? gi : c->prog->modules[fb.module]->nglobals;
  if (!bind_params(c, clo, fb.module))
    return NULL;
  body_walk w = walk_body(c, clo, fd);
  const ast_def *rd = returned_def(&w);
  if (!rd || (rd->kind != AST_DEF_KERNEL && rd->kind != AST_DEF_FUNC &&
              rd->kind != AST_DEF_STRUCT))
    return NULL;
  clo->ret = rd;
  clo->ret_expr = w.ret->value;
  return clo;
}

/* A default value NAME of a @staticmethod `Class.m` of module fmod that
 * names an assignment of the class body (`vn_tol: float = DEFAULT_VN_MIN`),
 * as Python evaluates defaults in the class body: that value; else v. */
static const ast_expr *class_default(lower_ctx *c, const ast_def *fd, int fmod,
                                     const ast_expr *v) {
  const char *dot = strrchr(fd->name, '.');
  if (!dot || !v || v->kind != AST_EXPR_NAME)
    return v;
  const char *cls =
      wp_arena_printf(c->A, "%.*s", (int)(dot - fd->name), fd->name);
  const ast_module *m = c->prog->modules[fmod];
  for (int i = 0; i < m->ndefs; i++)
    if (!strcmp(m->defs[i]->name, cls))
      for (int f = 0; f < m->defs[i]->nfields; f++)
        if (!strcmp(m->defs[i]->fields[f].name, v->name) &&
            m->defs[i]->fields[f].default_value)
          return m->defs[i]->fields[f].default_value;
  return v;
}

/* Binds the parameters of clo's factory (of module fmod) to the arguments
 * of its call; false when they do not fit (reported). */
static bool bind_params(lower_ctx *c, factory_closure *clo, int fmod) {
  const ast_def *fd = clo->factory;
  const ast_expr *call = clo->call;
  int np = fd->nparams;
  if (call->nitems > np) {
    wp_error(c->diag, call->loc, "'%s' takes %d arguments, got %d", fd->name,
             np, call->nitems);
    return false;
  }
  for (int i = 0; i < np; i++) {
    const ast_expr *v =
        i < call->nitems
            ? call->items[i]
            : class_default(c, fd, fmod, fd->params[i].default_value);
    /* an argument: at module level of the call (-1); a default of an
       imported factory: in the factory's module, seeing no entries (0) */
    int scope = i >= call->nitems && fmod != clo->call_module ? 0 : -1;
    for (int k = 0; k < call->nkeywords; k++)
      if (!strcmp(call->keywords[k].name, fd->params[i].name))
        v = call->keywords[k].value, scope = -1;
    if (fd->params[i].star || !v) {
      wp_error(c->diag, call->loc,
               "the factory '%s' is called without a value for its parameter "
               "'%s'",
               fd->name, fd->params[i].name);
      return false;
    }
    clo->names[clo->n] = fd->params[i].name;
    clo->values[clo->n] = v;
    clo->scope[clo->n++] = scope;
  }
  return true;
}

factory_closure *lower_local_closure(lower_ctx *c, const ast_def *fd) {
  int n = c->ast->nglobals;
  factory_closure *clo = new_closure(c, fd, 0);
  clo->tag = fd->name;
  clo->module = c->mod;
  clo->call_module = c->mod;
  clo->limit = n; /* the function runs once the module is loaded */
  clo->def_limit = n;
  walk_body(c, clo, fd);
  return clo;
}

/* Whether e, evaluated where closure clo's first n entries are visible,
 * is None: 1 yes, 0 no (a value or definition), -1 not known (an unbound
 * name). */
static int is_none(lower_ctx *c, const ast_expr *e, int depth) {
  if (e->kind == AST_EXPR_NONE)
    return 1;
  if (e->kind != AST_EXPR_NAME)
    return 0;
  if (depth > 32)
    return -1;
  int scope = 0;
  const ast_expr *v = lower_closure_value(c, e->name, &scope);
  if (v) {
    clo_scope s = lower_clo_enter(c, c->clo, scope);
    int r = is_none(c, v, depth + 1);
    lower_clo_leave(c, s);
    return r;
  }
  binding b = lower_lookup(c, c->mod, e->name);
  if (b.kind == BIND_GLOBAL) {
    const ast_module *m = c->prog->modules[b.module];
    int old = lower_enter_module(c, b.module);
    clo_scope s = lower_clo_enter(c, NULL, 0);
    int r = is_none(c, m->globals[b.index].value, depth + 1);
    lower_clo_leave(c, s);
    lower_enter_module(c, old);
    return r;
  }
  return b.kind == BIND_NONE ? -1 : 0;
}

/* Whether the condition of a factory's `if` holds for closure clo as far
 * as its walk has come: 1 / 0, or -1 when it is not a compile-time
 * constant (`x is None`, `x is not None` and constant expressions are). */
static int condition(lower_ctx *c, factory_closure *clo, const ast_expr *e) {
  clo_scope s = lower_clo_enter(c, clo, clo->n);
  int r = -1;
  if (e->kind == AST_EXPR_COMPARE && e->nitems == 2 &&
      (e->ops[0] == AST_OP_IS || e->ops[0] == AST_OP_IS_NOT) &&
      (e->items[0]->kind == AST_EXPR_NONE ||
       e->items[1]->kind == AST_EXPR_NONE)) {
    r = is_none(c, e->items[e->items[0]->kind == AST_EXPR_NONE], 0);
    if (r >= 0 && e->ops[0] == AST_OP_IS_NOT)
      r = !r;
  } else if (e->kind == AST_EXPR_UNARY && e->op == AST_OP_NOT) {
    r = condition(c, clo, e->items[0]);
    r = r < 0 ? r : !r;
  } else {
    bool quiet = c->const_quiet;
    c->const_quiet = true;
    cvalue v;
    if (lower_cv_eval(c, e, clo->def_limit, &v)) {
      lower_cv_untype(&v);
      if (v.kind != CV_TYPED)
        r = cv_num(&v) != 0;
    }
    c->const_quiet = quiet;
  }
  lower_clo_leave(c, s);
  return r;
}

static void add_entry(factory_closure *clo, const char *name,
                      const ast_expr *v) {
  clo->names[clo->n] = name;
  clo->values[clo->n] = v;
  clo->scope[clo->n] = clo->n;
  clo->n++;
}

/* The entries of an assignment `t = v` of a factory's body: NAME = v; the
 * items of a tuple target, each bound to `v[k]`; `NAME.attr = v` as the
 * entry `NAME.attr`.  Other targets bind nothing the definitions see. */
static void add_target(lower_ctx *c, factory_closure *clo, const ast_expr *t,
                       const ast_expr *v) {
  if (t->kind == AST_EXPR_NAME)
    add_entry(clo, t->name, v);
  else if (t->kind == AST_EXPR_ATTRIBUTE && t->value->kind == AST_EXPR_NAME)
    add_entry(clo, wp_arena_printf(c->A, "%s.%s", t->value->name, t->name), v);
  else if (t->kind == AST_EXPR_TUPLE)
    for (int k = 0; k < t->nitems; k++) {
      ast_expr *ix = WP_NEW(c->A, ast_expr), *item = WP_NEW(c->A, ast_expr);
      *ix = (ast_expr){.kind = AST_EXPR_INT, .loc = v->loc, .int_value = k};
      *item = (ast_expr){.kind = AST_EXPR_SUBSCRIPT,
                         .loc = v->loc,
                         .value = (ast_expr *)v,
                         .items = WP_NEW_ARRAY(c->A, ast_expr *, 1),
                         .nitems = 1};
      item->items[0] = ix;
      add_target(c, clo, t->items[k], item);
    }
}

/* The entries of closure `clo` from the statements of `body` that run (see
 * body_walk): assignments NAME = value, @wp.func and @wp.struct defs.  The
 * branches of an `if` whose condition is not a constant are left out: their
 * names are unbound for the definitions the call makes. */
/* A value the walk cannot know (computed by a loop, under a condition that
 * is no constant, mutated in place): using it is an error at `loc`. */
static const ast_expr *unknown(lower_ctx *c, wp_loc loc) {
  ast_expr *e = WP_NEW(c->A, ast_expr);
  *e = (ast_expr){
      .kind = AST_EXPR_UNSUPPORTED, .loc = loc, .name = WP_RUNTIME_VALUE};
  return e;
}

static void forget_target(lower_ctx *c, factory_closure *clo, const ast_expr *t,
                          wp_loc loc) {
  if (t->kind == AST_EXPR_NAME)
    add_entry(clo, t->name, unknown(c, loc));
  else if (t->kind == AST_EXPR_TUPLE)
    for (int k = 0; k < t->nitems; k++)
      forget_target(c, clo, t->items[k], loc);
  else if ((t->kind == AST_EXPR_SUBSCRIPT || t->kind == AST_EXPR_ATTRIBUTE) &&
           t->value->kind == AST_EXPR_NAME) /* d[k] = v, o.x = v */
    add_entry(clo, t->value->name, unknown(c, loc));
}

/* The statements of `b` that the walk does not run (a loop, an `if` whose
 * condition is no constant): every name they may bind or change becomes
 * unknown, and a return among them makes the result unknown. */
static void forget_block(lower_ctx *c, factory_closure *clo, const ast_block *b,
                         body_walk *w) {
  for (int i = 0; i < b->count; i++) {
    const ast_stmt *s = b->stmts[i];
    for (int t = 0; t < s->ntargets; t++)
      forget_target(c, clo, s->targets[t], s->loc);
    if (s->kind == AST_STMT_DEF)
      add_entry(clo, s->def->name, unknown(c, s->loc));
    else if (s->kind == AST_STMT_RETURN && !w->unknown_ret)
      w->unknown_ret = s;
    else if (s->kind == AST_STMT_EXPR && s->value->kind == AST_EXPR_CALL &&
             s->value->value->kind == AST_EXPR_ATTRIBUTE &&
             s->value->value->value->kind == AST_EXPR_NAME) /* l.append(x) */
      add_entry(clo, s->value->value->value->name, unknown(c, s->loc));
    forget_block(c, clo, &s->body, w);
    forget_block(c, clo, &s->orelse, w);
  }
}

static void add_locals(lower_ctx *c, factory_closure *clo,
                       const ast_block *body, body_walk *w) {
  const char *tag = closure_tag(c, clo);
  for (int i = 0; i < body->count && !w->ret; i++) {
    const ast_stmt *s = body->stmts[i];
    if ((s->kind == AST_STMT_ASSIGN || s->kind == AST_STMT_ANNASSIGN) &&
        s->value) {
      for (int t = 0; t < s->ntargets; t++)
        add_target(c, clo, s->targets[t], s->value);
    } else if (s->kind == AST_STMT_AUGASSIGN &&
               s->targets[0]->kind == AST_EXPR_NAME) { /* x += v */
      ast_expr *v = WP_NEW(c->A, ast_expr);
      *v = (ast_expr){.kind = AST_EXPR_BINARY,
                      .loc = s->loc,
                      .op = s->op,
                      .items = WP_NEW_ARRAY(c->A, ast_expr *, 2),
                      .nitems = 2};
      v->items[0] = s->targets[0];
      v->items[1] = s->value;
      add_entry(clo, s->targets[0]->name, v);
    } else if (s->kind == AST_STMT_IF) {
      int taken = condition(c, clo, s->cond);
      if (taken >= 0)
        add_locals(c, clo, taken ? &s->body : &s->orelse, w);
      else {
        forget_block(c, clo, &s->body, w);
        forget_block(c, clo, &s->orelse, w);
      }
    } else if (s->kind == AST_STMT_FOR || s->kind == AST_STMT_WHILE) {
      if (s->kind == AST_STMT_FOR)
        forget_target(c, clo, s->targets[0], s->loc);
      forget_block(c, clo, &s->body, w);
      forget_block(c, clo, &s->orelse, w);
    } else if (s->kind == AST_STMT_EXPR || s->kind == AST_STMT_AUGASSIGN) {
      ast_block one = {.stmts = (ast_stmt **)&body->stmts[i], .count = 1};
      forget_block(c, clo, &one, w); /* l.append(x), d[k] += 1 */
    } else if (s->kind == AST_STMT_RETURN)
      w->ret = s;
    else if (s->kind == AST_STMT_DEF) {
      w->defs[w->ndefs++] = s->def;
      if (s->def->kind == AST_DEF_FUNC) {
        /* C name wpc_<length of tag+NAME><module tag of the call><NAME>_<def
           name> (made unique when lowered) */
        func_info *fi = &clo->funcs[clo->nfuncs++];
        fi->def = s->def;
        fi->module = clo->module;
        fi->clo = clo;
        fi->cname = wp_arena_printf(c->A, "wpc_%d%s_%s", (int)strlen(tag), tag,
                                    s->def->name);
      } else if (s->def->kind == AST_DEF_STRUCT)
        clo->sdefs[clo->nstructs++] = s->def;
    }
  }
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
      (!host && !makes_defs(&fd->body)))
    return NULL;
  factory_closure *clo = new_closure(c, fd, fd->nparams);
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
  if (!bind_params(c, clo, fb.module))
    return NULL;
  body_walk w = walk_body(c, clo, fd);
  clo->ret_expr = w.ret && w.ret->value ? w.ret->value : NULL;
  return clo->ret_expr ? clo : NULL;
}

/* What chase() applies to the value it reaches: an attribute, a tuple
 * item (index >= 0), or nothing. */
typedef struct pending {
  const char *attr;
  int64_t index;
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
  pending nothing = {NULL, -1};
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
    if (p.attr || p.index < 0 || p.index >= e->nitems)
      return none;
    return chase(c, e->items[p.index], nothing, depth + 1);
  case AST_EXPR_SUBSCRIPT:
    if (p.attr || p.index >= 0 || e->nitems != 1 ||
        e->items[0]->kind != AST_EXPR_INT)
      return none;
    return chase(c, e->value, (pending){NULL, (int64_t)e->items[0]->int_value},
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
    binding b = chase(c, e, (pending){NULL, -1}, 1);
    return b.kind != BIND_NONE ? b : lower_resolve(c, e);
  }
  return lower_resolve(c, e);
}

binding lower_factory_result(lower_ctx *c, const ast_expr *e) {
  if (e->kind == AST_EXPR_ATTRIBUTE)
    return chase(c, e->value, (pending){e->name, -1}, 1);
  if (e->kind == AST_EXPR_CALL || e->kind == AST_EXPR_SUBSCRIPT)
    return chase(c, e, (pending){NULL, -1}, 0);
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
    clo_scope s = lower_clo_enter(c, NULL, 0);
    int old = lower_enter_module(c, mod);
    mf->clo[gi] = make_closure(c, gi);
    lower_enter_module(c, old);
    lower_clo_leave(c, s);
    mf->state[gi] = mf->clo[gi] ? 1 : -1;
  }
  return mf->clo[gi];
}

bool lower_factory_binding(lower_ctx *c, int mod, int gi, binding *b) {
  factory_closure *clo = lower_factory_at(c, mod, gi);
  if (!clo || clo->ret->kind == AST_DEF_KERNEL)
    return false;
  if (clo->ret->kind == AST_DEF_FUNC) {
    for (int i = clo->nfuncs - 1; i >= 0; i--)
      if (clo->funcs[i].def == clo->ret) {
        *b = (binding){
            .kind = BIND_FUNC, .func = &clo->funcs[i], .module = clo->module};
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

void lower_factory_kernel(lower_ctx *c, int gi) {
  const ast_global *g = &c->ast->globals[gi];
  if (lower_module_name(c, c->mod, g->name)->glob != gi)
    return; /* reassigned later: the last assignment counts */
  factory_closure *clo = NULL;
  const ast_def *item = kernel_item(c, g->value, &clo);
  if (!item)
    clo = lower_factory_at(c, c->mod, gi);
  if (!clo || (!item && clo->ret->kind != AST_DEF_KERNEL))
    return;
  const ast_def *kd = item ? item : clo->ret;
  int errors = c->diag->errors;
  const char *cname = wp_arena_printf(c->A, "%s_%s", c->m->name, g->name);
  clo_scope s = lower_clo_enter(c, clo, clo->n);
  ir_func *f = lower_def_as(c, kd, IR_FUNC_KERNEL, NULL, cname);
  lower_clo_leave(c, s);
  if (f)
    f->name = g->name;
  else if (c->diag->errors > errors)
    wp_note(c->diag, g->loc, "in the kernel '%s' made by this call of '%s'",
            kd->name, clo->factory->name);
}
