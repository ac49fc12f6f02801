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
 * A kernel is compiled as NAME (launcher MODULE_NAME); a func is called as
 * NAME(...) (C name wpc_<len><NAME>_<def name>); a struct is the type NAME.
 * The @wp.func and @wp.struct defs of a factory are visible to the other
 * definitions the same call makes. */
#include <string.h>

#include "lower.h"

clo_scope lower_clo_enter(lower_ctx *c, factory_closure *clo, int n) {
  clo_scope s = {c->clo, c->nclosure};
  c->clo = n >= 0 ? clo : NULL;
  c->nclosure = c->clo ? n : 0;
  return s;
}

void lower_clo_leave(lower_ctx *c, clo_scope s) {
  c->clo = s.clo;
  c->nclosure = s.n;
}

const ast_expr *lower_closure_value(lower_ctx *c, const char *name,
                                    int *scope) {
  if (!c->clo)
    return NULL;
  for (int i = c->nclosure - 1; i >= 0; i--)
    if (!strcmp(c->clo->names[i], name)) {
      if (scope)
        *scope = c->clo->scope[i];
      return c->clo->values[i];
    }
  return NULL;
}

/* The closure's definitions are visible wherever it is (not where a
 * parameter's argument is evaluated, at module level). */
static bool full_scope(const lower_ctx *c) {
  return c->clo != NULL;
}

func_info *lower_closure_func(lower_ctx *c, const char *name) {
  if (!full_scope(c))
    return NULL;
  for (int i = c->clo->nfuncs - 1; i >= 0; i--)
    if (!strcmp(c->clo->funcs[i].def->name, name))
      return &c->clo->funcs[i];
  return NULL;
}

static const ir_type *closure_struct(lower_ctx *c, factory_closure *clo, int i,
                                     const char *name) {
  if (!clo->stypes[i]) {
    const ast_def *d = clo->sdefs[i];
    clo_scope s = lower_clo_enter(c, clo, clo->n);
    clo->stypes[i] =
        lower_struct_type(c, d, name,
                          wp_arena_printf(c->A, "%s_%s%s%s", c->m->name,
                                          clo->tag, d == clo->ret ? "" : "_",
                                          d == clo->ret ? "" : d->name));
    lower_clo_leave(c, s);
    if (!clo->stypes[i])
      clo->stypes[i] = ir_t_void(c->T); /* reported once */
  }
  return clo->stypes[i]->kind == IR_T_VOID ? NULL : clo->stypes[i];
}

const ir_type *lower_closure_struct(lower_ctx *c, const char *name) {
  if (!full_scope(c))
    return NULL;
  for (int i = c->clo->nstructs - 1; i >= 0; i--)
    if (!strcmp(c->clo->sdefs[i]->name, name))
      return closure_struct(c, c->clo, i, name);
  return NULL;
}

/* The definition that the factory `fd` returns (a name defined by a def
 * or class of its body), or NULL. */
static const ast_def *returned_def(const ast_def *fd) {
  const ast_stmt *ret = NULL;
  for (int i = 0; i < fd->body.count; i++)
    if (fd->body.stmts[i]->kind == AST_STMT_RETURN)
      ret = fd->body.stmts[i];
  if (!ret || !ret->value || ret->value->kind != AST_EXPR_NAME)
    return NULL;
  const ast_def *d = NULL;
  for (int i = 0; i < fd->body.count; i++) {
    const ast_stmt *s = fd->body.stmts[i];
    if (s->kind == AST_STMT_DEF && !strcmp(s->def->name, ret->value->name))
      d = s->def;
  }
  return d;
}

static factory_closure *make_closure(lower_ctx *c, int gi) {
  const ast_global *g = &c->ast->globals[gi];
  const ast_expr *call = g->value;
  if (call->kind != AST_EXPR_CALL || call->value->kind != AST_EXPR_NAME)
    return NULL;
  const ast_def *fd = NULL;
  for (int i = 0; i < c->ast->ndefs; i++)
    if (c->ast->defs[i]->kind == AST_DEF_PLAIN &&
        !strcmp(c->ast->defs[i]->name, call->value->name))
      fd = c->ast->defs[i];
  if (!fd || !fd->body.count)
    return NULL;
  const ast_def *rd = returned_def(fd);
  if (!rd || (rd->kind != AST_DEF_KERNEL && rd->kind != AST_DEF_FUNC &&
              rd->kind != AST_DEF_STRUCT))
    return NULL;
  int np = fd->nparams, cap = np + fd->body.count + 1;
  factory_closure *clo = WP_NEW(c->A, factory_closure);
  *clo = (factory_closure){
      .factory = fd,
      .ret = rd,
      .tag = g->name,
      .limit = gi,
      .names = WP_NEW_ARRAY(c->A, const char *, cap),
      .values = WP_NEW_ARRAY(c->A, const ast_expr *, cap),
      .scope = WP_NEW_ARRAY(c->A, int, cap),
      .funcs = WP_NEW_ARRAY(c->A, func_info, fd->body.count + 1),
      .sdefs = WP_NEW_ARRAY(c->A, const ast_def *, fd->body.count + 1),
      .stypes = WP_NEW_ARRAY(c->A, const ir_type *, fd->body.count + 1),
  };
  if (call->nitems > np) {
    wp_error(c->diag, call->loc, "'%s' takes %d arguments, got %d", fd->name,
             np, call->nitems);
    return NULL;
  }
  for (int i = 0; i < np; i++) {
    const ast_expr *v =
        i < call->nitems ? call->items[i] : fd->params[i].default_value;
    for (int k = 0; k < call->nkeywords; k++)
      if (!strcmp(call->keywords[k].name, fd->params[i].name))
        v = call->keywords[k].value;
    if (fd->params[i].star || !v) {
      wp_error(c->diag, call->loc,
               "the factory '%s' is called without a value for its parameter "
               "'%s'",
               fd->name, fd->params[i].name);
      return NULL;
    }
    clo->names[clo->n] = fd->params[i].name;
    clo->values[clo->n] = v;
    clo->scope[clo->n++] = -1; /* at module level */
  }
  for (int i = 0; i < fd->body.count; i++) {
    const ast_stmt *s = fd->body.stmts[i];
    if ((s->kind == AST_STMT_ASSIGN || s->kind == AST_STMT_ANNASSIGN) &&
        s->ntargets == 1 && s->targets[0]->kind == AST_EXPR_NAME && s->value) {
      clo->names[clo->n] = s->targets[0]->name;
      clo->values[clo->n] = s->value;
      clo->scope[clo->n] = clo->n;
      clo->n++;
    } else if (s->kind == AST_STMT_DEF && s->def->kind == AST_DEF_FUNC) {
      func_info *fi = &clo->funcs[clo->nfuncs++];
      fi->def = s->def;
      fi->clo = clo;
      fi->cname = wp_arena_printf(c->A, "wpc_%d%s_%s", (int)strlen(g->name),
                                  g->name, s->def->name);
    } else if (s->kind == AST_STMT_DEF && s->def->kind == AST_DEF_STRUCT)
      clo->sdefs[clo->nstructs++] = s->def;
  }
  return clo;
}

static factory_closure *closure_at(lower_ctx *c, int gi) {
  if (!c->gclo_state[gi]) {
    c->gclo_state[gi] = -1; /* also while being made */
    clo_scope s = lower_clo_enter(c, NULL, 0);
    c->gclo[gi] = make_closure(c, gi);
    lower_clo_leave(c, s);
    c->gclo_state[gi] = c->gclo[gi] ? 1 : -1;
  }
  return c->gclo[gi];
}

factory_closure *lower_factory_global(lower_ctx *c, const char *name) {
  for (int i = c->ast->nglobals - 1; i >= 0; i--)
    if (!strcmp(c->ast->globals[i].name, name))
      return closure_at(c, i);
  return NULL;
}

/* A module-level NAME = factory(...) that returns a func or struct. */
func_info *lower_factory_func(lower_ctx *c, const char *name) {
  factory_closure *clo = lower_factory_global(c, name);
  if (!clo || clo->ret->kind != AST_DEF_FUNC)
    return NULL;
  for (int i = clo->nfuncs - 1; i >= 0; i--)
    if (clo->funcs[i].def == clo->ret)
      return &clo->funcs[i];
  return NULL;
}

const ir_type *lower_factory_struct(lower_ctx *c, const char *name) {
  factory_closure *clo = lower_factory_global(c, name);
  if (!clo || clo->ret->kind != AST_DEF_STRUCT)
    return NULL;
  for (int i = clo->nstructs - 1; i >= 0; i--)
    if (clo->sdefs[i] == clo->ret)
      return closure_struct(c, clo, i, name);
  return NULL;
}

void lower_factory_kernel(lower_ctx *c, int gi) {
  const ast_global *g = &c->ast->globals[gi];
  for (int i = gi + 1; i < c->ast->nglobals; i++)
    if (!strcmp(c->ast->globals[i].name, g->name))
      return; /* reassigned later: the last assignment counts */
  factory_closure *clo = closure_at(c, gi);
  if (!clo || clo->ret->kind != AST_DEF_KERNEL)
    return;
  int errors = c->diag->errors;
  clo_scope s = lower_clo_enter(c, clo, clo->n);
  ir_func *f =
      lower_def_as(c, clo->ret, IR_FUNC_KERNEL, NULL,
                   wp_arena_printf(c->A, "%s_%s", c->m->name, g->name));
  lower_clo_leave(c, s);
  if (f)
    f->name = g->name;
  else if (c->diag->errors > errors)
    wp_note(c->diag, g->loc, "in the kernel '%s' made by this call of '%s'",
            clo->ret->name, clo->factory->name);
}
