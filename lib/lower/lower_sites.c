/* lower_sites.c - kernels that are not module-level @wp.kernel defs.
 *
 *   k = wp.kernel(f)            compiled as kernel `k`: launcher MODULE_k
 *   k = wp.Kernel(func=f)       (f a plain def of the file; the call's
 *                               keywords are the kernel's options)
 *   def outer():                compiled as MODULE_outer__k when every
 *       @wp.kernel              free name of k resolves at module level
 *       def k(...): ...         (nested defs and classes of methods:
 *                               MODULE_C__m__k); a kernel that uses a
 *                               parameter or local of an enclosing def is
 *                               not compiled: a warning names it; one
 *                               with errors is left out with a warning
 *                               naming the first (it exists only when
 *                               the function runs)
 *   class C:                    compiled as MODULE_C__k (a class body's
 *       @wp.kernel              names are not a kernel's, as in Python: its
 *       def k(...): ...         free names resolve as a function's would)
 *
 * Every other kernel (in a loop, an if/with/try block, kept
 * in a list or dict, a wp.kernel() call elsewhere, `@wp.kernel` where `wp`
 * is not imported) gets a warning at its def or call saying why it is not
 * compiled: warpc never skips a kernel silently. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../support/diag_log.h"
#include "lower_internal.h"

/* --- free names of a kernel ------------------------------------------------
 */

typedef struct names {
  const char **v;
  int n, cap;
  wp_arena *A;
} names;

static bool has(const names *s, const char *name) {
  for (int i = 0; i < s->n; i++)
    if (!strcmp(s->v[i], name))
      return true;
  return false;
}

static void add(names *s, const char *name) {
  if (has(s, name))
    return;
  if (s->n == s->cap) {
    int cap = s->cap ? 2 * s->cap : 16;
    const char **v = WP_NEW_ARRAY(s->A, const char *, cap);
    if (s->n)
      memcpy(v, s->v, sizeof *v * (size_t)s->n);
    s->v = v;
    s->cap = cap;
  }
  s->v[s->n++] = name;
}

static void expr_reads(const ast_expr *e, names *out) {
  if (!e)
    return;
  if (e->kind == AST_EXPR_NAME)
    add(out, e->name);
  expr_reads(e->value, out);
  for (int i = 0; i < e->nitems; i++)
    expr_reads(e->items[i], out);
  for (int i = 0; i < e->nkeywords; i++)
    expr_reads(e->keywords[i].value, out);
}

static void target_names(const ast_expr *t, names *out) {
  if (t && t->kind == AST_EXPR_NAME)
    add(out, t->name);
  else if (t && t->kind == AST_EXPR_TUPLE)
    for (int i = 0; i < t->nitems; i++)
      target_names(t->items[i], out);
}

static void block_names(const ast_block *b, names *reads, names *locals) {
  for (int i = 0; i < b->count; i++) {
    const ast_stmt *s = b->stmts[i];
    for (int t = 0; t < s->ntargets; t++) {
      target_names(s->targets[t], locals);
      if (s->targets[t]->kind != AST_EXPR_NAME)
        expr_reads(s->targets[t], reads); /* a[i] = ...: a and i are read */
    }
    expr_reads(s->value, reads);
    expr_reads(s->annotation, reads);
    expr_reads(s->cond, reads);
    block_names(&s->body, reads, locals);
    block_names(&s->orelse, reads, locals);
  }
}

/* The names kernel d reads and those its own code binds. */
static void kernel_names(const ast_def *d, names *reads, names *locals) {
  for (int i = 0; i < d->nparams; i++) {
    add(locals, d->params[i].name);
    expr_reads(d->params[i].annotation, reads);
    expr_reads(d->params[i].default_value, reads);
  }
  block_names(&d->body, reads, locals);
}

/* Does kernel d read `name` without binding it itself? */
static bool kernel_reads(lower_ctx *c, const ast_def *d, const char *name) {
  names reads = {.A = c->A}, locals = {.A = c->A};
  kernel_names(d, &reads, &locals);
  return has(&reads, name) && !has(&locals, name);
}

/* Does closure `clo` (NULL: none) hold `name`? */
static bool in_closure(const factory_closure *clo, const char *name) {
  for (int i = 0; clo && i < clo->n; i++)
    if (!strcmp(clo->names[i], name))
      return true;
  for (int i = 0; clo && i < clo->nfuncs; i++)
    if (!strcmp(clo->funcs[i].def->name, name))
      return true;
  for (int i = 0; clo && i < clo->nstructs; i++)
    if (!strcmp(clo->sdefs[i]->name, name))
      return true;
  return false;
}

/* The parameter of its def that local b's value is computed from (directly
 * or through other locals: `is_primal = cone == "primal"`), or NULL. */
static const ast_bound *param_source(const ast_bound *bound, int nbound,
                                     const ast_bound *b, int depth) {
  for (const char **r = b->reads; r && *r && depth < 16; r++)
    for (int k = 0; k < nbound; k++) {
      const ast_bound *o = &bound[k];
      if (o == b || strcmp(o->name, *r) || strcmp(o->owner, b->owner))
        continue;
      const ast_bound *p =
          o->param ? o : param_source(bound, nbound, o, depth + 1);
      if (p)
        return p;
    }
  return NULL;
}

/* The first name kernel `d` reads that its own code does not bind and
 * that `bound` holds (what its enclosing defs bind) outside closure clo;
 * with `through`, the first such name, in clo too, whose value is computed
 * from a parameter.  NULL when there is none. */
static const ast_bound *closes_over(lower_ctx *c, const ast_def *d,
                                    const ast_bound *bound, int nbound,
                                    const factory_closure *clo, bool through) {
  names reads = {.A = c->A}, locals = {.A = c->A};
  kernel_names(d, &reads, &locals);
  for (int i = 0; i < reads.n; i++) {
    if (has(&locals, reads.v[i]))
      continue;
    for (int k = 0; k < nbound; k++)
      if (!strcmp(bound[k].name, reads.v[i]) &&
          (through
               ? !bound[k].param && param_source(bound, nbound, &bound[k], 0)
               : bound[k].param || !in_closure(clo, bound[k].name)))
        return &bound[k];
  }
  return NULL;
}

static bool generic(lower_ctx *c, const ast_def *d) {
  for (int i = 0; i < d->nparams; i++)
    if (lower_type_is_generic(c, d->params[i].annotation))
      return true;
  return false;
}

/* --- compiling ---------------------------------------------------------------
 */

/* Compiles kernel `d` with launcher MODULE_name; false when reported. */
static bool compile_as(lower_ctx *c, const ast_def *d, const char *name) {
  if (generic(c, d)) {
    wp_warning(c->diag, WP_W_GENERIC_KERNEL, d->loc,
               "generic kernel '%s' is not compiled: warpc instantiates only "
               "generic kernels defined with @wp.kernel at module level",
               name);
    return true;
  }
  const char *cname = wp_arena_printf(c->A, "%s_%s", c->m->name, name);
  ir_func *f = lower_def_as(c, d, IR_FUNC_KERNEL, NULL, cname);
  if (f)
    f->name = name;
  return f != NULL;
}

void lower_global_kernels(lower_ctx *c) {
  for (int i = 0; i < c->ast->nglobals; i++) {
    const ast_global *g = &c->ast->globals[i];
    if (!g->kernel)
      continue;
    if (lower_module_name(c, c->mod, g->name)->glob != i)
      continue; /* bound again later: the last binding counts */
    lower_try t;
    lower_try_begin(c, &t);
    if (!compile_as(c, g->kernel, g->name))
      wp_note(c->diag, g->loc, "in the kernel '%s' made of '%s' here", g->name,
              g->kernel->name);
    lower_try_end(c, &t, g->name, g->loc);
  }
}

/* True when the module-level call of a factory makes kernel `d` (it is
 * compiled under the name the call is assigned to). */
static bool factory_made(lower_ctx *c, const ast_def *d) {
  for (int i = 0; i < c->ast->nglobals; i++)
    if (lower_factory_makes(c, i, d)) /* k = make(), f, k = make() */
      return true;
  return false;
}

/* "LINE:COL: MESSAGE" of the first error recorded in `log`. */
static const char *first_error(lower_ctx *c, const wp_diag_log *log) {
  for (int i = 0; i < wp_diag_log_count(log); i++) {
    const wp_diag_record *r = wp_diag_log_at(log, i);
    if (r->sev == WP_SEV_ERROR && !r->fatal)
      return r->path ? wp_arena_printf(c->A, "%u:%u: %s", r->line, r->col,
                                       r->message)
                     : wp_arena_printf(c->A, "%s", r->message);
  }
  return "an error";
}

/* A kernel nested in a function exists only when the function runs: its
 * errors do not fail the file but make one warning, and it is left out
 * with every function lowered for it (a later user of a func reports the
 * func's errors itself).  Its diagnostics are captured, and reported (as
 * the options say) when it compiles. */
static void compile_nested(lower_ctx *c, const ast_kernel_site *s,
                           factory_closure *clo) {
  wp_diag_log *log = wp_diag_log_new();
  clo_scope cs = lower_clo_enter(c, clo, clo ? clo->n : 0);
  wp_diag scratch = wp_diag_capture(c->diag, log);
  wp_diag *saved = c->diag;
  lower_snapshot sn;
  lower_snapshot_take(c, &sn, clo);
  c->diag = &scratch;
  bool ok = compile_as(c, s->def, s->qualname);
  c->diag = saved;
  lower_clo_leave(c, cs);
  if (ok && !scratch.errors) {
    wp_diag_replay(saved, log);
    wp_diag_log_free(log);
    return;
  }
  lower_snapshot_restore(c, &sn);
  wp_warning(saved, WP_W_KERNEL_NOT_COMPILED, s->loc,
             "kernel '%s' defined in '%s' is not compiled: %s%s", s->name,
             s->where, first_error(c, log),
             scratch.errors > 1 ? " (and more errors)" : "");
  wp_diag_log_free(log);
}

/* The local closure of the def enclosing kernel site s (the module-level
 * def whose body holds it as a statement, else the site's host: a method,
 * a nested def, a def with the kernel in a with block or loop): its local
 * constants, funcs and structs are the kernel's too.  Made once per def in
 * `cache`; NULL when there is none. */
static factory_closure *local_closure(lower_ctx *c, const ast_kernel_site *s,
                                      wp_ptrvec *cache) {
  const ast_def *fd = NULL;
  for (int i = 0; s->outer && i < c->ast->ndefs && !fd; i++) {
    const ast_def *o = c->ast->defs[i];
    for (int j = 0; o->kind == AST_DEF_PLAIN && j < o->body.count; j++)
      if (o->body.stmts[j]->kind == AST_STMT_DEF &&
          o->body.stmts[j]->def == s->def)
        fd = o;
  }
  if (!fd)
    fd = s->host; /* a method's, a nested def's */
  if (!fd)
    return NULL;
  for (int i = 0; i + 1 < cache->count; i += 2)
    if (cache->items[i] == fd)
      return cache->items[i + 1];
  factory_closure *clo = lower_local_closure(c, fd);
  if (s->host) /* C names of its defs: the qualified name of the def */
    clo->tag = lower_c_ident(
        c, wp_arena_strndup(c->A, s->qualname,
                            strlen(s->qualname) - strlen(s->name) - 2));
  wp_ptrvec_push(c->A, cache, (void *)fd);
  wp_ptrvec_push(c->A, cache, clo);
  return clo;
}

static void nested_kernel(lower_ctx *c, const ast_kernel_site *s,
                          wp_ptrvec *cache) {
  const ast_def *d = s->def;
  if (s->outer && factory_made(c, d))
    return;
  const ast_kernel_site *later = NULL;
  for (const ast_kernel_site *t = s + 1;
       !later && t < c->ast->sites + c->ast->nsites; t++)
    if (t->kind == AST_SITE_FUNCTION && !strcmp(t->qualname, s->qualname))
      later = t;
  if (later) { /* as when Python runs the function: the last def counts */
    wp_warning(c->diag, WP_W_KERNEL_REDEFINED, s->loc,
               "kernel '%s' is defined again in '%s' (line %u) and is not "
               "compiled: the last definition is the one compiled",
               s->name, s->where, (unsigned)later->loc.line);
    return;
  }
  for (const char **v = s->loop_vars; v && *v; v++)
    if (kernel_reads(c, d, *v)) {
      wp_warning(c->diag, WP_W_KERNEL_NOT_COMPILED, s->loc,
                 "kernel '%s' reads '%s', the variable of the for loop in "
                 "'%s' it is defined in, and is not compiled: it is another "
                 "kernel each time round",
                 s->name, *v, s->where);
      return;
    }
  factory_closure *clo = local_closure(c, s, cache);
  const ast_bound *b = closes_over(c, d, s->bound, s->nbound, clo, false);
  if (!b) /* a local the closure holds, computed from a parameter */
    b = closes_over(c, d, s->bound, s->nbound, clo, true);
  const ast_bound *p =
      b && !b->param ? param_source(s->bound, s->nbound, b, 0) : NULL;
  if (p)
    wp_warning(c->diag, WP_W_KERNEL_NOT_COMPILED, s->loc,
               "kernel '%s' closes over the parameter '%s' of '%s' (through "
               "its local '%s') and is not compiled: it exists only when '%s' "
               "runs",
               s->name, p->name, p->owner, b->name, p->owner);
  else if (b && b->param && s->outer && !strcmp(b->owner, s->outer))
    wp_warning(c->diag, WP_W_KERNEL_NOT_COMPILED, s->loc,
               "kernel '%s' closes over the parameter '%s' of '%s' and is not "
               "compiled: it exists only when '%s' runs (a factory called at "
               "module level, NAME = %s(...), is compiled with its arguments)",
               s->name, b->name, b->owner, b->owner, b->owner);
  else if (b && b->param)
    wp_warning(c->diag, WP_W_KERNEL_NOT_COMPILED, s->loc,
               "kernel '%s' closes over the parameter '%s' of '%s' and is not "
               "compiled: it exists only when '%s' runs",
               s->name, b->name, b->owner, b->owner);
  else if (b)
    wp_warning(c->diag, WP_W_KERNEL_NOT_COMPILED, s->loc,
               "kernel '%s' uses '%s', a local name of '%s', and is not "
               "compiled: warpc compiles a kernel nested in a function when "
               "its free names resolve at module level or to the "
               "function's top-level constants, @wp.func and @wp.struct "
               "defs",
               s->name, b->name, b->owner);
  else
    compile_nested(c, s, clo);
}

/* " in a list in 'f'", " in 'f'", "": where a site is. */
static const char *site_place(lower_ctx *c, const ast_kernel_site *s) {
  const char *what = s->what ? wp_arena_printf(c->A, " in %s", s->what) : "";
  if (!*s->where)
    return what;
  return wp_arena_printf(c->A, "%s in '%s'", what, s->where);
}

void lower_kernel_sites(lower_ctx *c) {
  const ast_module *ast = c->ast;
  const ast_kernel_site *unbound = NULL;
  int nunbound = 0;
  wp_ptrvec cache = {0}; /* outer def, its local closure, ... */
  for (int i = 0; i < ast->nsites; i++) {
    const ast_kernel_site *s = &ast->sites[i];
    switch (s->kind) {
    case AST_SITE_FUNCTION: nested_kernel(c, s, &cache); break;
    case AST_SITE_LOOP:
    case AST_SITE_BLOCK:
      wp_warning(c->diag, WP_W_KERNEL_NOT_COMPILED, s->loc,
                 "kernel '%s' is defined%s and is not compiled: warpc "
                 "compiles kernels defined at module level or directly in a "
                 "function's body",
                 s->name, site_place(c, s));
      break;
    case AST_SITE_CALL:
      if (s->what && !strncmp(s->what, "its ", 4))
        wp_warning(c->diag, WP_W_KERNEL_NOT_COMPILED, s->loc,
                   "the kernel made by this call is not compiled: %s (warpc "
                   "compiles NAME = wp.kernel(f) for f a def of this file)",
                   s->what);
      else
        wp_warning(c->diag, WP_W_KERNEL_NOT_COMPILED, s->loc,
                   "the kernel made by this call%s is not compiled: warpc "
                   "compiles wp.kernel(f) and wp.Kernel(func=f) only as a "
                   "module-level NAME = wp.kernel(f)",
                   site_place(c, s));
      break;
    case AST_SITE_UNBOUND:
      if (!unbound)
        unbound = s;
      nunbound++;
      break;
    }
  }
  if (!unbound)
    return;
  const char *star = NULL;
  for (int i = 0; i < ast->nimports && !star; i++)
    if (!strcmp(ast->imports[i].local, "*"))
      star = ast->imports[i].module;
  char more[64] = "";
  if (nunbound > 1)
    snprintf(more, sizeof more, " and %d more", nunbound - 1);
  const char *verb = nunbound > 1 ? "are" : "is";
  const char *why =
      star ? wp_arena_printf(c->A, ": warpc does not follow 'from %s import *'",
                             star)
           : "";
  wp_warning(c->diag, WP_W_WARP_NOT_IMPORTED, unbound->loc,
             "'%s' is not imported in this file, so the kernel%s%s%s%s made "
             "with '%s.kernel' %s not compiled%s (add 'import warp as %s')",
             unbound->what, *unbound->name ? " '" : "", unbound->name,
             *unbound->name ? "'" : " here", more, unbound->what, verb, why,
             unbound->what);
}
