/* lower_kernels.c - the kernels of the file.  A kernel with a generic
 * parameter (typing.Any, wp.Float, wp.array(dtype=Any), ...) is a template,
 * compiled once per instance, as Warp compiles the overloads it is given:
 *
 *   @wp.overload
 *   def k(a: wp.array(dtype=wp.float32), s: wp.float32): ...
 *   wp.overload(k, [wp.array(dtype=wp.float64), wp.float64])
 *   k_i32 = wp.overload(k, {"a": wp.array(dtype=wp.int32), "s": wp.int32})
 *   warpc --instantiate 'k(array(float16), float16)'
 *
 * Each instance gets its own launcher MODULE_k_<types>, where <types> are
 * the mangled types of the generic parameters only (for a wp.array(...)
 * parameter, of its dtype: the template fixes ndim), e.g. t_k_float32,
 * t_k_float64_vec3f.  A template with no instance is not compiled (a
 * warning says so). */
#include <string.h>

#include "lower_internal.h"

typedef struct kspec {
  const ast_expr *const *pos; /* positional types */
  int npos;
  const ast_keyword *kws; /* types by parameter name */
  int nkws;
  bool complete; /* every parameter must be given (@wp.overload, lists) */
  wp_loc loc;
  uint32_t order; /* file position (--instantiate: after the file) */
} kspec;

static bool kernel_is_generic(lower_ctx *c, const ast_def *d) {
  for (int i = 0; i < d->nparams; i++)
    if (lower_type_is_generic(c, d->params[i].annotation))
      return true;
  return false;
}

/* The parameter types of instance `s` of kernel d; false when reported. */
static bool spec_types(lower_ctx *c, const ast_def *d, const kspec *s,
                       const ir_type **types) {
  int n = d->nparams;
  if (s->npos > n || (s->complete && s->npos != n)) {
    wp_error(c->diag, s->loc,
             "kernel '%s' has %d parameter%s; this overload gives %d types",
             d->name, n, n == 1 ? "" : "s", s->npos);
    return false;
  }
  const ast_expr **ann = WP_NEW_ARRAY(c->A, const ast_expr *, n + 1);
  for (int i = 0; i < s->npos; i++)
    ann[i] = s->pos[i];
  for (int k = 0; k < s->nkws; k++) {
    int i = 0;
    while (i < n && strcmp(d->params[i].name, s->kws[k].name))
      i++;
    if (i == n) {
      wp_error(c->diag, s->kws[k].loc, "kernel '%s' has no parameter '%s'",
               d->name, s->kws[k].name);
      return false;
    }
    if (ann[i]) {
      wp_error(c->diag, s->kws[k].loc, "parameter '%s' is given twice",
               s->kws[k].name);
      return false;
    }
    ann[i] = s->kws[k].value;
  }
  bool ok = true;
  for (int i = 0; i < n; i++) {
    const ast_expr *tmpl = d->params[i].annotation;
    if (!tmpl)
      return false; /* reported with the kernel */
    if (!ann[i] && lower_type_is_generic(c, tmpl)) {
      wp_error(c->diag, s->loc,
               "no type given for the generic parameter '%s' of kernel '%s'",
               d->params[i].name, d->name);
      ok = false;
      continue;
    }
    if (ann[i] && lower_type_is_generic(c, ann[i])) {
      wp_error(c->diag, ann[i]->loc,
               "kernel '%s' argument '%s' cannot be generic in an overload",
               d->name, d->params[i].name);
      ok = false;
      continue;
    }
    types[i] = lower_type_expr(c, ann[i] ? ann[i] : tmpl);
    if (!types[i]) {
      ok = false;
      continue;
    }
    if (ann[i] && !lower_type_matches(c, tmpl, types[i])) {
      wp_loc l = tmpl->loc;
      wp_error(c->diag, ann[i]->loc,
               "'%s' does not match the annotation '%.*s' of parameter '%s' "
               "of kernel '%s'",
               types[i]->name, (int)(l.end - l.start), l.src->text + l.start,
               d->params[i].name, d->name);
      ok = false;
    }
  }
  return ok;
}

static const ast_def *find_kernel(lower_ctx *c, const ast_expr *e) {
  if (e->kind != AST_EXPR_NAME)
    return NULL;
  for (int i = c->ast->ndefs - 1; i >= 0; i--) {
    const ast_def *d = c->ast->defs[i];
    if (d->kind == AST_DEF_KERNEL && !strcmp(d->name, e->name))
      return d;
  }
  return NULL;
}

/* wp.overload(k, [types]) / wp.overload(k, {"name": type}) -> spec of the
 * kernel it names (NULL: not such a call, or reported). */
static const ast_def *overload_call(lower_ctx *c, const ast_expr *e, kspec *s) {
  if (e->kind != AST_EXPR_CALL)
    return NULL;
  const char *p = lower_warp_path(c, e->value);
  if (!p || strcmp(p, "overload"))
    return NULL;
  const ast_def *d = e->nitems >= 1 ? find_kernel(c, e->items[0]) : NULL;
  if (!d) {
    wp_error(c->diag, e->nitems ? e->items[0]->loc : e->loc,
             "wp.overload() needs a @wp.kernel of this file");
    return NULL;
  }
  const ast_expr *types = e->nitems == 2 ? e->items[1] : NULL;
  *s = (kspec){.loc = e->loc, .order = e->loc.start};
  if (types && types->kind == AST_EXPR_UNSUPPORTED &&
      !strcmp(types->name, "list")) {
    s->pos = (const ast_expr *const *)types->items;
    s->npos = types->nitems;
    s->complete = true;
  } else if (types && types->kind == AST_EXPR_UNSUPPORTED &&
             !strcmp(types->name, "dict")) {
    s->kws = e->keywords;
    s->nkws = e->nkeywords;
  } else {
    wp_error(c->diag, e->loc,
             "wp.overload(kernel, types) takes a list of types or a dict of "
             "parameter names to types");
    return NULL;
  }
  return d;
}

/* Every instance declaration of kernel d, in file order, then those of
 * --instantiate: their number, in *outp (an arena array). */
static int collect(lower_ctx *c, const ast_def *d, kspec **outp) {
  int n = 0;
  const ast_module *ast = c->ast;
  kspec *out = *outp = WP_NEW_ARRAY(c->A, kspec,
                                    ast->ndefs + ast->ncalls + ast->nglobals +
                                        c->opts->ninstances + 1);
  for (int i = 0; i < ast->ndefs; i++) {
    const ast_def *o = ast->defs[i];
    if (o->kind != AST_DEF_OTHER_WARP ||
        strcmp(o->decorator_name, "overload") || strcmp(o->name, d->name))
      continue;
    const ast_expr **pos = WP_NEW_ARRAY(c->A, const ast_expr *, o->nparams + 1);
    bool ok = true;
    for (int k = 0; k < o->nparams; k++) {
      pos[k] = o->params[k].annotation;
      if (!pos[k]) {
        wp_error(c->diag, o->params[k].loc,
                 "parameter '%s' of this overload needs a type annotation",
                 o->params[k].name);
        ok = false;
      }
    }
    if (ok)
      out[n++] = (kspec){.pos = pos,
                         .npos = o->nparams,
                         .complete = true,
                         .loc = o->loc,
                         .order = o->loc.start};
  }
  for (int pass = 0; pass < 2; pass++) {
    int count = pass ? ast->nglobals : ast->ncalls;
    for (int i = 0; i < count; i++) {
      const ast_expr *e = pass ? ast->globals[i].value : ast->calls[i];
      kspec s;
      if (e->kind != AST_EXPR_CALL || e->nitems < 1 ||
          e->items[0]->kind != AST_EXPR_NAME ||
          strcmp(e->items[0]->name, d->name))
        continue;
      if (overload_call(c, e, &s) == d)
        out[n++] = s;
    }
  }
  /* file order (insertion sort: few declarations) */
  for (int i = 1; i < n; i++)
    for (int k = i; k > 0 && out[k].order < out[k - 1].order; k--) {
      kspec t = out[k];
      out[k] = out[k - 1];
      out[k - 1] = t;
    }
  c->bare_warp = true;
  for (int i = 0; i < c->opts->ninstances; i++) {
    const ast_expr *e = c->opts->instances[i];
    if (find_kernel(c, e->value) != d)
      continue;
    out[n++] = (kspec){.pos = (const ast_expr *const *)e->items,
                       .npos = e->nitems,
                       .kws = e->keywords,
                       .nkws = e->nkeywords,
                       .loc = e->loc,
                       .order = UINT32_MAX};
  }
  c->bare_warp = false;
  return n;
}

static void generic_kernel(lower_ctx *c, const ast_def *d) {
  kspec *specs;
  int ns = collect(c, d, &specs);
  const ir_type ***done = WP_NEW_ARRAY(c->A, const ir_type **, ns + 1);
  int ndone = 0;
  for (int k = 0; k < ns; k++) {
    const ir_type **types = WP_NEW_ARRAY(c->A, const ir_type *, d->nparams + 1);
    c->bare_warp = specs[k].order == UINT32_MAX;
    bool ok = spec_types(c, d, &specs[k], types);
    c->bare_warp = false;
    if (!ok)
      continue;
    bool dup = false;
    for (int j = 0; j < ndone && !dup; j++)
      dup = !memcmp(done[j], types, sizeof *types * (size_t)d->nparams);
    if (dup)
      continue;
    done[ndone++] = types;
    const ir_type **gen = WP_NEW_ARRAY(c->A, const ir_type *, d->nparams + 1);
    int ng = 0;
    for (int i = 0; i < d->nparams; i++) {
      const ast_expr *a = d->params[i].annotation;
      if (!lower_type_is_generic(c, a))
        continue;
      gen[ng++] = lower_is_array_template(c, a) ? types[i]->elem : types[i];
    }
    const char *cname = wp_arena_printf(c->A, "%s_%s_%s", c->m->name, d->name,
                                        lower_mangle(c, gen, ng));
    ir_func *f = lower_def_as(c, d, IR_FUNC_KERNEL, types, cname);
    if (f)
      f->instance = lower_type_list(c, types, d->nparams);
    else
      wp_note(c->diag, specs[k].loc,
              "in the instance of kernel '%s' for (%s) declared here", d->name,
              lower_type_list(c, types, d->nparams));
  }
  if (!ns)
    wp_warning(c->diag, WP_W_GENERIC_KERNEL, d->loc,
               "generic kernel '%s' has no instance and is not compiled "
               "(declare one with @wp.overload, wp.overload(%s, [...]) or "
               "warpc --instantiate)",
               d->name, d->name);
}

const wp_loc *lower_rebound_at(lower_ctx *c, const char *name, uint32_t from) {
  const ast_module *ast = c->ast;
  const wp_loc *at = NULL;
  for (int i = 0; i < ast->ndefs; i++) {
    const ast_def *o = ast->defs[i];
    if (o->def_loc.start > from && !strcmp(o->name, name) &&
        (!at || o->def_loc.start < at->start))
      at = &o->def_loc;
  }
  for (int i = 0; i < ast->nglobals; i++) {
    const ast_global *g = &ast->globals[i];
    if (g->loc.start > from && !strcmp(g->name, name) &&
        (!at || g->loc.start < at->start))
      at = &g->loc;
  }
  return at;
}

const ast_global *lower_alias_between(lower_ctx *c, const char *name,
                                      uint32_t from, uint32_t to) {
  const ast_module *ast = c->ast;
  for (int i = 0; i < ast->nglobals; i++) {
    const ast_global *g = &ast->globals[i];
    const ast_expr *v = lower_global_value(g); /* k1 = k, (k1, f1) = k, f */
    if (g->loc.start > from && g->loc.start < to && v->kind == AST_EXPR_NAME &&
        !strcmp(v->name, name) &&
        lower_module_name(c, c->mod, g->name)->glob == i)
      return g;
  }
  return NULL;
}

/* Kernel d whose name the module binds again (at `at`): as in Python, the
 * name is the later binding's; d is compiled under the first module-level
 * alias `ALIAS = name` between the two (launcher MODULE_ALIAS), or left
 * out with a warning; false when it is left out. */
static bool redefined_kernel(lower_ctx *c, const ast_def *d, const wp_loc *at) {
  const ast_global *g =
      lower_alias_between(c, d->name, d->def_loc.start, at->start);
  if (g) {
    ir_func *f =
        lower_def_as(c, d, IR_FUNC_KERNEL, NULL,
                     wp_arena_printf(c->A, "%s_%s", c->m->name, g->name));
    if (f)
      f->name = g->name;
    return true;
  }
  lower_rebound_warning(c, d->loc, "kernel", d->name, at);
  return false;
}

void lower_rebound_warning(lower_ctx *c, wp_loc loc, const char *what,
                           const char *name, const wp_loc *at) {
  wp_warning(c->diag, WP_W_KERNEL_NOT_COMPILED, loc,
             "%s '%s' is not compiled: line %u binds its name again and "
             "no module-level name is bound to it before (`NAME = %s` would "
             "name its launcher)",
             what, name, at->line, name);
}

void lower_kernels(lower_ctx *c) {
  const ast_module *ast = c->ast;
  for (int i = 0; i < ast->ndefs; i++) {
    const ast_def *d = ast->defs[i];
    if (d->kind != AST_DEF_KERNEL)
      continue;
    const wp_loc *at = lower_rebound_at(c, d->name, d->def_loc.start);
    if (at && !kernel_is_generic(c, d) && !lower_def_has_fn_param(c, d)) {
      lower_try t;
      lower_try_begin(c, &t);
      if (redefined_kernel(c, d, at))
        lower_try_end(c, &t, d->name, d->loc);
      continue;
    }
    if (lower_def_has_fn_param(c, d)) {
      wp_error(c->diag, d->loc,
               "kernel '%s' has a wp.Function parameter: only @wp.func "
               "functions take functions (kernels take arrays and values; "
               "choose the function with wp.static or a @wp.func)",
               d->name);
      continue;
    }
    lower_try t;
    lower_try_begin(c, &t);
    if (kernel_is_generic(c, d))
      generic_kernel(c, d);
    else
      lower_def_as(c, d, IR_FUNC_KERNEL, NULL, NULL);
    lower_try_end(c, &t, d->name, d->loc);
  }
  for (int i = 0; i < ast->nglobals; i++) {
    lower_try t;
    lower_try_begin(c, &t);
    lower_factory_kernel(c, i);
    lower_try_end(c, &t, ast->globals[i].name, ast->globals[i].loc);
  }
  lower_global_kernels(c);
  lower_kernel_sites(c);
  /* overloads of non-generic kernels; --instantiate of unknown kernels */
  for (int pass = 0; pass < 2; pass++) {
    int count = pass ? ast->nglobals : ast->ncalls;
    for (int i = 0; i < count; i++) {
      const ast_expr *e = pass ? ast->globals[i].value : ast->calls[i];
      const char *p =
          e->kind == AST_EXPR_CALL ? lower_warp_path(c, e->value) : NULL;
      if (!p || strcmp(p, "overload"))
        continue;
      const ast_def *d = e->nitems ? find_kernel(c, e->items[0]) : NULL;
      if (!d)
        wp_error(c->diag, e->nitems ? e->items[0]->loc : e->loc,
                 "wp.overload() needs a @wp.kernel of this file");
      else if (!kernel_is_generic(c, d))
        wp_error(c->diag, e->loc,
                 "only generic kernels can be overloaded; kernel '%s' is not "
                 "generic",
                 d->name);
    }
  }
  for (int i = 0; i < ast->ndefs; i++) {
    const ast_def *o = ast->defs[i];
    if (o->kind != AST_DEF_OTHER_WARP || strcmp(o->decorator_name, "overload"))
      continue;
    const ast_def *d = NULL;
    for (int k = 0; k < ast->ndefs; k++)
      if (ast->defs[k]->kind == AST_DEF_KERNEL &&
          !strcmp(ast->defs[k]->name, o->name))
        d = ast->defs[k];
    if (!d)
      wp_error(c->diag, o->loc,
               "@wp.overload: '%s' is not a @wp.kernel of "
               "this file defined above",
               o->name);
    else if (!kernel_is_generic(c, d))
      wp_error(c->diag, o->loc,
               "only generic kernels can be overloaded; kernel '%s' is not "
               "generic",
               d->name);
  }
  for (int i = 0; i < c->opts->ninstances; i++) {
    const ast_expr *e = c->opts->instances[i];
    const ast_def *d = find_kernel(c, e->value);
    if (!d)
      wp_error(c->diag, e->value->loc,
               "--instantiate: '%.*s' is not a @wp.kernel of this file",
               (int)(e->value->loc.end - e->value->loc.start),
               e->value->loc.src->text + e->value->loc.start);
    else if (!kernel_is_generic(c, d))
      wp_error(c->diag, e->loc, "--instantiate: kernel '%s' is not generic",
               d->name);
  }
  /* launcher names must be unique (an instance t_k_float32 against a kernel
     named k_float32): the kernels of each name chained through a table */
  int nk = 0;
  for (ir_func *f = c->m->funcs; f; f = f->next)
    nk += f->kind == IR_FUNC_KERNEL;
  ir_func **ks = WP_NEW_ARRAY(c->A, ir_func *, nk + 1);
  int *next = WP_NEW_ARRAY(c->A, int, nk + 1);
  wp_strmap last = {0}; /* cname -> index + 1 of its last kernel so far */
  nk = 0;
  for (ir_func *f = c->m->funcs; f; f = f->next) {
    if (f->kind != IR_FUNC_KERNEL)
      continue;
    void **slot = wp_strmap_slot(c->A, &last, f->cname);
    if (*slot)
      next[(intptr_t)*slot - 1] = nk + 1;
    *slot = (void *)(intptr_t)(nk + 1);
    ks[nk++] = f;
  }
  for (int i = 0; i < nk; i++)
    for (int j = next[i]; j; j = next[j - 1])
      wp_error(c->diag, ks[j - 1]->loc,
               "the launcher name '%s' of kernel '%s' is already that of "
               "kernel '%s' (line %u); rename one of them",
               ks[j - 1]->cname, ks[j - 1]->name, ks[i]->name, ks[i]->loc.line);
}
