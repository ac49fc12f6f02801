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

#include "lower_internal.h"

clo_scope lower_clo_enter(lower_ctx *c, factory_closure *clo, int n) {
  clo_scope s = {c->clo, c->nclosure, c->mod};
  if (clo)
    lower_enter_module(c, n < 0 ? clo->call_module : clo->module);
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

static void add_locals(lower_ctx *c, factory_closure *clo, const ast_def *fd);

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
  if (!fd || fd->kind != AST_DEF_PLAIN || !fd->body.count)
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
      .module = fb.module,
      .call_module = c->mod,
      .limit = gi,
      .def_limit =
          fb.module == c->mod ? gi : c->prog->modules[fb.module]->nglobals,
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
    /* an argument: at module level of the call (-1); a default of an
       imported factory: in the factory's module, seeing no entries (0) */
    int scope = i >= call->nitems && fb.module != c->mod ? 0 : -1;
    for (int k = 0; k < call->nkeywords; k++)
      if (!strcmp(call->keywords[k].name, fd->params[i].name))
        v = call->keywords[k].value, scope = -1;
    if (fd->params[i].star || !v) {
      wp_error(c->diag, call->loc,
               "the factory '%s' is called without a value for its parameter "
               "'%s'",
               fd->name, fd->params[i].name);
      return NULL;
    }
    clo->names[clo->n] = fd->params[i].name;
    clo->values[clo->n] = v;
    clo->scope[clo->n++] = scope;
  }
  add_locals(c, clo, fd);
  return clo;
}

factory_closure *lower_local_closure(lower_ctx *c, const ast_def *fd) {
  int cap = fd->body.count + 1, n = c->ast->nglobals;
  factory_closure *clo = WP_NEW(c->A, factory_closure);
  *clo = (factory_closure){
      .factory = fd,
      .tag = fd->name,
      .module = c->mod,
      .call_module = c->mod,
      .limit = n, /* the function runs once the module is loaded */
      .def_limit = n,
      .names = WP_NEW_ARRAY(c->A, const char *, cap),
      .values = WP_NEW_ARRAY(c->A, const ast_expr *, cap),
      .scope = WP_NEW_ARRAY(c->A, int, cap),
      .funcs = WP_NEW_ARRAY(c->A, func_info, cap),
      .sdefs = WP_NEW_ARRAY(c->A, const ast_def *, cap),
      .stypes = WP_NEW_ARRAY(c->A, const ir_type *, cap),
  };
  add_locals(c, clo, fd);
  return clo;
}

/* The entries of closure `clo` from the body of `fd`: its top-level
 * assignments NAME = value, @wp.func and @wp.struct defs. */
static void add_locals(lower_ctx *c, factory_closure *clo, const ast_def *fd) {
  const char *tag = closure_tag(c, clo);
  for (int i = 0; i < fd->body.count; i++) {
    const ast_stmt *s = fd->body.stmts[i];
    if ((s->kind == AST_STMT_ASSIGN || s->kind == AST_STMT_ANNASSIGN) &&
        s->ntargets == 1 && s->targets[0]->kind == AST_EXPR_NAME && s->value) {
      clo->names[clo->n] = s->targets[0]->name;
      clo->values[clo->n] = s->value;
      clo->scope[clo->n] = clo->n;
      clo->n++;
    } else if (s->kind == AST_STMT_DEF && s->def->kind == AST_DEF_FUNC) {
      /* C name wpc_<length of tag+NAME><module tag of the call><NAME>_<def
         name> (made unique when lowered) */
      func_info *fi = &clo->funcs[clo->nfuncs++];
      fi->def = s->def;
      fi->module = clo->module;
      fi->clo = clo;
      fi->cname = wp_arena_printf(c->A, "wpc_%d%s_%s", (int)strlen(tag), tag,
                                  s->def->name);
    } else if (s->kind == AST_STMT_DEF && s->def->kind == AST_DEF_STRUCT)
      clo->sdefs[clo->nstructs++] = s->def;
  }
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

void lower_factory_kernel(lower_ctx *c, int gi) {
  const ast_global *g = &c->ast->globals[gi];
  if (lower_module_name(c, c->mod, g->name)->glob != gi)
    return; /* reassigned later: the last assignment counts */
  factory_closure *clo = lower_factory_at(c, c->mod, gi);
  if (!clo || clo->ret->kind != AST_DEF_KERNEL)
    return;
  int errors = c->diag->errors;
  const char *cname = wp_arena_printf(c->A, "%s_%s", c->m->name, g->name);
  clo_scope s = lower_clo_enter(c, clo, clo->n);
  ir_func *f = lower_def_as(c, clo->ret, IR_FUNC_KERNEL, NULL, cname);
  lower_clo_leave(c, s);
  if (f)
    f->name = g->name;
  else if (c->diag->errors > errors)
    wp_note(c->diag, g->loc, "in the kernel '%s' made by this call of '%s'",
            clo->ret->name, clo->factory->name);
}
