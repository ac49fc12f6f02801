/* lower_factory_body.c - running a factory's (or a host function's) body
 * at compile time, as Python would run it for one call: its parameters bound
 * to the call's arguments, its assignments as closure entries, the branches
 * of `if`s whose conditions are constants for the call, up to the first
 * return reached; what a loop or a branch whose condition is no constant
 * assigns becomes unknown (an error where it is used).  lower_factory.c
 * makes the closures and binds the names to what they denote. */
#include <string.h>

#include "lower_cvalue.h"

/* Whether the block defines a @wp.kernel, @wp.func or @wp.struct, at its
 * top level or under an `if`: a def the factory may return. */
bool lower_makes_defs(const ast_block *b) {
  for (int i = 0; i < b->count; i++) {
    const ast_stmt *s = b->stmts[i];
    if (s->kind == AST_STMT_DEF &&
        (s->def->kind == AST_DEF_KERNEL || s->def->kind == AST_DEF_FUNC ||
         s->def->kind == AST_DEF_STRUCT))
      return true;
    if (s->kind == AST_STMT_IF &&
        (lower_makes_defs(&s->body) || lower_makes_defs(&s->orelse)))
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
  int *def_n;           /* per def: the closure's entries before it */
  int ndefs;
} body_walk;

static void add_locals(lower_ctx *c, factory_closure *clo,
                       const ast_block *body, body_walk *w);

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
    n += count_stmts(&s->body) + count_stmts(&s->orelse) + s->nbinds;
    for (int t = 0; t < s->ntargets; t++)
      n += count_targets(s->targets[t]);
  }
  return n;
}

static void add_entry(lower_ctx *c, factory_closure *clo, const char *name,
                      const ast_expr *v) {
  if (clo->n == clo->cap) { /* count_stmts bounds it; grow all the same */
    int cap = clo->cap * 2 + 8;
    const char **names = WP_NEW_ARRAY(c->A, const char *, cap);
    const ast_expr **values = WP_NEW_ARRAY(c->A, const ast_expr *, cap);
    int *scope = WP_NEW_ARRAY(c->A, int, cap);
    memcpy(names, clo->names, sizeof *names * (size_t)clo->n);
    memcpy(values, clo->values, sizeof *values * (size_t)clo->n);
    memcpy(scope, clo->scope, sizeof *scope * (size_t)clo->n);
    clo->names = names, clo->values = values, clo->scope = scope;
    clo->cap = cap;
  }
  clo->names[clo->n] = name;
  clo->values[clo->n] = v;
  clo->scope[clo->n] = clo->n;
  clo->n++;
}

factory_closure *lower_new_closure(lower_ctx *c, const ast_def *fd, int np) {
  int cap = np + count_stmts(&fd->body) + 1;
  factory_closure *clo = WP_NEW(c->A, factory_closure);
  *clo = (factory_closure){
      .factory = fd,
      .cap = cap,
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
const ast_stmt *lower_walk_body(lower_ctx *c, factory_closure *clo,
                                const ast_def *fd) {
  int cap = count_stmts(&fd->body) + 1;
  body_walk w = {.defs = WP_NEW_ARRAY(c->A, const ast_def *, cap),
                 .def_n = WP_NEW_ARRAY(c->A, int, cap)};
  add_locals(c, clo, &fd->body, &w);
  if (w.unknown_ret) { /* it may have returned something else before */
    ast_stmt *r = WP_NEW(c->A, ast_stmt);
    *r = *w.unknown_ret;
    r->value = (ast_expr *)unknown(c, w.unknown_ret->loc);
    w.ret = r;
  }
  clo->defs = w.defs;
  clo->def_n = w.def_n;
  clo->ndefs = w.ndefs;
  return w.ret;
}

/* A default value NAME of a @staticmethod `Class.m` of module fmod that
 * names an assignment of the class body (`vn_tol: float = DEFAULT_VN_MIN`),
 * as Python evaluates defaults in the class body: that value; else v. */
/* Does e read a name of the fields? */
static bool reads_field(const ast_expr *e, const ast_def *cls, int depth) {
  if (!e || depth > 64)
    return e != NULL;
  for (int f = 0; e->kind == AST_EXPR_NAME && f < cls->nfields; f++)
    if (!strcmp(cls->fields[f].name, e->name))
      return true;
  if (reads_field(e->value, cls, depth + 1))
    return true;
  for (int i = 0; i < e->nitems; i++)
    if (reads_field(e->items[i], cls, depth + 1))
      return true;
  for (int k = 0; k < e->nkeywords; k++)
    if (reads_field(e->keywords[k].value, cls, depth + 1))
      return true;
  return false;
}

static const ast_expr *class_default(lower_ctx *c, const ast_def *fd, int fmod,
                                     const ast_expr *v) {
  const char *dot = strrchr(fd->name, '.');
  if (!dot || !v)
    return v;
  const char *cls =
      wp_arena_printf(c->A, "%.*s", (int)(dot - fd->name), fd->name);
  const ast_module *m = c->prog->modules[fmod];
  for (int i = 0; i < m->ndefs; i++) {
    const ast_def *d = m->defs[i];
    if (strcmp(d->name, cls))
      continue;
    for (int f = 0; v->kind == AST_EXPR_NAME && f < d->nfields; f++)
      if (!strcmp(d->fields[f].name, v->name) && d->fields[f].default_value)
        /* a value of its own reading the class body: not followed */
        return reads_field(d->fields[f].default_value, d, 0)
                   ? unknown(c, v->loc)
                   : d->fields[f].default_value;
    if (v->kind != AST_EXPR_NAME && reads_field(v, d, 0))
      return unknown(c, v->loc); /* TOL * 2 with TOL of the class body */
  }
  return v;
}

/* Binds the parameters of clo's factory (of module fmod) to the arguments
 * of its call; false when they do not fit (reported). */
bool lower_bind_params(lower_ctx *c, factory_closure *clo, int fmod) {
  const ast_def *fd = clo->factory;
  const ast_expr *call = clo->call;
  int np = fd->nparams;
  const ast_module *fm = c->prog->modules[fmod];
  clo->default_limit = 0; /* the globals above the def */
  while (clo->default_limit < fm->nglobals &&
         fm->globals[clo->default_limit].loc.start < fd->def_loc.start)
    clo->default_limit++;
  if (call->nitems > np) {
    wp_error(c->diag, call->loc, "'%s' takes %d arguments, got %d", fd->name,
             np, call->nitems);
    return false;
  }
  for (int i = 0; i < np; i++)
    if (fd->params[i].star) {
      wp_error(c->diag, call->loc,
               "warpc does not run '%s' at compile time: it takes *args or "
               "**kwargs ('%s')",
               fd->name, fd->params[i].name);
      return false;
    }
  for (int k = 0; k < call->nkeywords; k++) { /* Python's TypeErrors */
    int i = 0;
    while (i < np && strcmp(call->keywords[k].name, fd->params[i].name))
      i++;
    if (i == np || i < call->nitems) {
      wp_error(c->diag, call->keywords[k].loc,
               i == np ? "'%s' got an unexpected keyword argument '%s'"
                       : "'%s' got multiple values for argument '%s'",
               fd->name, call->keywords[k].name);
      return false;
    }
  }
  for (int i = 0; i < call->nitems; i++)
    if (call->items[i]->kind == AST_EXPR_STARRED) {
      wp_error(c->diag, call->items[i]->loc,
               "warpc does not run calls with *args at compile time; pass "
               "the arguments one by one");
      return false;
    }
  for (int i = 0; i < np; i++) {
    const ast_expr *v =
        i < call->nitems
            ? call->items[i]
            : class_default(c, fd, fmod, fd->params[i].default_value);
    /* an argument: at module level of the call (-1); a default: in the
       factory's module as the def saw it */
    int scope = i >= call->nitems ? CLO_DEFAULT : -1;
    for (int k = 0; k < call->nkeywords; k++)
      if (!strcmp(call->keywords[k].name, fd->params[i].name))
        v = call->keywords[k].value, scope = -1;
    if (!v) {
      wp_error(c->diag, call->loc,
               "the factory '%s' is called without a value for its parameter "
               "'%s'",
               fd->name, fd->params[i].name);
      return false;
    }
    add_entry(c, clo, fd->params[i].name, v);
    clo->scope[clo->n - 1] = scope;
  }
  return true;
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
static bool defines(binding b) {
  return b.kind == BIND_FUNC || b.kind == BIND_STRUCT;
}

static int condition(lower_ctx *c, factory_closure *clo, const ast_expr *e) {
  clo_scope s = lower_clo_enter(c, clo, clo->n);
  if (clo->positional && clo->module == clo->call_module)
    c->lookup_pos = clo->call_loc.start + 1; /* as the body runs */
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
  } else if (is_none(c, e, 0) == 1) {
    r = 0; /* if helper: with helper None */
  } else if (e->kind == AST_EXPR_NAME && defines(lower_resolve_value(c, e))) {
    r = 1; /* a function or class is true */
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

static void forget_target(lower_ctx *c, factory_closure *clo, const ast_expr *t,
                          wp_loc loc);

static bool starred(const ast_expr *t) {
  for (int k = 0; k < t->nitems; k++)
    if (t->items[k]->kind == AST_EXPR_STARRED)
      return true;
  return false;
}

/* The entries of an assignment `t = v` of a factory's body: NAME = v; the
 * items of a tuple target, each bound to `v[k]`; `NAME.attr = v` as the
 * entry `NAME.attr`.  Other targets bind nothing the definitions see. */
static void add_target(lower_ctx *c, factory_closure *clo, const ast_expr *t,
                       const ast_expr *v) {
  if (t->kind == AST_EXPR_NAME)
    add_entry(c, clo, t->name, v);
  else if (t->kind == AST_EXPR_ATTRIBUTE && t->value->kind == AST_EXPR_NAME)
    add_entry(c, clo, wp_arena_printf(c->A, "%s.%s", t->value->name, t->name),
              v);
  else if (t->kind == AST_EXPR_TUPLE && starred(t))
    forget_target(c, clo, t, v->loc); /* a, *rest = v: not followed */
  else if (t->kind == AST_EXPR_TUPLE)
    for (int k = 0; k < t->nitems; k++) {
      ast_expr *ix = WP_NEW(c->A, ast_expr), *item = WP_NEW(c->A, ast_expr);
      *ix = (ast_expr){.kind = AST_EXPR_INT, .loc = v->loc, .int_value = k};
      *item = (ast_expr){.kind = AST_EXPR_SUBSCRIPT,
                         .loc = v->loc,
                         .value = (ast_expr *)v,
                         .items = WP_NEW_ARRAY(c->A, ast_expr *, 1),
                         .nitems = 1,
                         .unpack = t->nitems};
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
    add_entry(c, clo, t->name, unknown(c, loc));
  else if (t->kind == AST_EXPR_TUPLE)
    for (int k = 0; k < t->nitems; k++)
      forget_target(c, clo, t->items[k], loc);
  else if (t->kind == AST_EXPR_STARRED && t->value)
    forget_target(c, clo, t->value, loc);
  else if (t->kind == AST_EXPR_ATTRIBUTE &&
           t->value->kind == AST_EXPR_NAME) /* o.x = v: the entry `o.x` */
    add_entry(c, clo, wp_arena_printf(c->A, "%s.%s", t->value->name, t->name),
              unknown(c, loc));
  else if (t->kind == AST_EXPR_SUBSCRIPT || t->kind == AST_EXPR_ATTRIBUTE)
    forget_target(c, clo, t->value, loc); /* d[k] = v changes d */
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
    for (int t = 0; t < s->nbinds; t++)
      forget_target(c, clo, s->binds[t], s->loc);
    if (s->kind == AST_STMT_DEF)
      add_entry(c, clo, s->def->name, unknown(c, s->loc));
    else if (s->kind == AST_STMT_RETURN && !w->unknown_ret)
      w->unknown_ret = s;
    else if (s->kind == AST_STMT_EXPR && s->value->kind == AST_EXPR_CALL &&
             s->value->value->kind == AST_EXPR_ATTRIBUTE &&
             s->value->value->value->kind == AST_EXPR_NAME) /* l.append(x) */
      add_entry(c, clo, s->value->value->value->name, unknown(c, s->loc));
    forget_block(c, clo, &s->body, w);
    forget_block(c, clo, &s->orelse, w);
  }
}

static void add_locals(lower_ctx *c, factory_closure *clo,
                       const ast_block *body, body_walk *w) {
  const char *tag = lower_closure_tag(c, clo);
  for (int i = 0; i < body->count && !w->ret; i++) {
    const ast_stmt *s = body->stmts[i];
    if (s->nbinds) { /* try, with, match, a walrus: what they bind is not
                        known */
      ast_block one = {.stmts = (ast_stmt **)&body->stmts[i], .count = 1};
      forget_block(c, clo, &one, w);
    } else if ((s->kind == AST_STMT_ASSIGN || s->kind == AST_STMT_ANNASSIGN) &&
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
      add_entry(c, clo, s->targets[0]->name, v);
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
      w->def_n[w->ndefs] = clo->n;
      w->defs[w->ndefs++] = s->def;
      if (s->def->kind == AST_DEF_FUNC) {
        /* C name wpc_<length of tag+NAME><module tag of the call><NAME>_<def
           name> (made unique when lowered) */
        func_info *fi = &clo->funcs[clo->nfuncs++];
        fi->def = s->def;
        fi->module = clo->module;
        fi->clo = clo;
        fi->clo_n = clo->n;
        fi->cname = wp_arena_printf(c->A, "wpc_%d%s_%s", (int)strlen(tag), tag,
                                    s->def->name);
      } else if (s->def->kind == AST_DEF_STRUCT)
        clo->sdefs[clo->nstructs++] = s->def;
    }
  }
}
