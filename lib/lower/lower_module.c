/* lower_module.c - names across the files of a multi-file program: what a
 * module-level name of a module denotes (its @wp.func and @wp.struct
 * definitions, its imports of warp and of other modules, its constants),
 * attributes of imported modules (`util.f`, `pkg.util.S`), and the C names
 * that keep the definitions of different files apart in one output. */
#include <string.h>

#include "lower_internal.h"

int lower_enter_module(lower_ctx *c, int mod) {
  int old = c->mod;
  c->mod = mod;
  c->ast = c->prog->modules[mod];
  return old;
}

const char *lower_module_tag(lower_ctx *c, int mod) {
  if (mod == 0)
    return "";
  const char *name = c->prog->modules[mod]->mod_name;
  char *s = name && *name ? wp_arena_printf(c->A, "%s_", name)
                          : wp_arena_printf(c->A, "m%d_", mod);
  for (char *p = s; *p; p++)
    if (*p == '.')
      *p = '_';
  return s;
}

static const ir_type *find_struct(lower_ctx *c, int mod, const char *name,
                                  bool *found) {
  lower_module_structs(c, mod);
  int i = lower_struct_named(c, mod, name);
  *found = i >= 0;
  return i >= 0 ? c->structs[mod].types[i] : NULL;
}

static binding lookup(lower_ctx *c, int mod, const char *name, int depth);

/* What import `im` of module `mod` binds. */
static binding import_binding(lower_ctx *c, int mod, const ast_import *im,
                              int depth) {
  binding b = {.import = im, .module = mod};
  switch (im->res) {
  case AST_IMPORT_UNRESOLVED:
  case AST_IMPORT_HOST: b.kind = BIND_OTHER; return b;
  case AST_IMPORT_MISSING: b.kind = BIND_MISSING; return b;
  case AST_IMPORT_MODULE:
    b.kind = BIND_MODULE;
    b.module = im->res_module;
    return b;
  case AST_IMPORT_NAME: {
    binding t = depth > 32 ? (binding){.kind = BIND_NONE}
                           : lookup(c, im->res_module, im->target, depth + 1);
    if (t.kind == BIND_NONE) {
      b.kind = BIND_BADNAME;
      return b;
    }
    return t;
  }
  }
  return b;
}

static binding lookup(lower_ctx *c, int mod, const char *name, int depth) {
  const ast_module *ast = c->prog->modules[mod];
  binding b = {.kind = BIND_NONE, .module = mod};
  /* As when Python runs the module, the name's last binding in the file
   * wins: a def, an assignment or an import. */
  const lower_name *nm = lower_module_name(c, mod, name);
  const ast_import *imp = nm && nm->imp >= 0 ? &ast->imports[nm->imp] : NULL;
  uint32_t def_end = nm ? nm->def_end : 0, glob_end = nm ? nm->glob_end : 0;
  if (imp && imp->loc.start + 1 > def_end && imp->loc.start + 1 > glob_end) {
    if (imp->is_warp) {
      b.kind = BIND_WARP;
      b.warp = imp->target;
      return b;
    }
    return import_binding(c, mod, imp, depth);
  }
  if (glob_end > def_end) { /* the last assignment */
    /* f3 = make_func(3.0), S64 = make_struct(wp.float64) */
    if (lower_factory_binding(c, mod, nm->glob, &b))
      return b;
    b.kind = BIND_GLOBAL;
    b.index = nm->glob;
    return b;
  }
  func_info *fi = lower_find_func(c, mod, name);
  if (fi) {
    b.kind = BIND_FUNC;
    b.func = fi;
    return b;
  }
  bool found;
  const ir_type *st = find_struct(c, mod, name, &found);
  if (found) {
    if (!st) /* reported where it was defined */
      return (binding){.kind = BIND_OTHER, .module = -1};
    b.kind = BIND_STRUCT;
    b.type = st;
    return b;
  }
  b.def = nm && nm->def >= 0 ? ast->defs[nm->def] : NULL; /* the last */
  if (b.def) { /* host code, or an enum class (class Mode(IntEnum)) */
    b.kind = b.def->kind == AST_DEF_PLAIN && lower_enum_kind(c, mod, b.def)
                 ? BIND_ENUM
                 : BIND_OTHER;
    return b;
  }
  /* from m import *: the names of m, if nothing here binds the name */
  int nstar;
  const int *star = lower_star_imports(c, mod, &nstar);
  for (int i = 0; depth <= 32 && i < nstar; i++) {
    const ast_import *im = &ast->imports[star[i]];
    if (im->res != AST_IMPORT_MODULE)
      continue;
    binding t = lookup(c, im->res_module, name, depth + 1);
    if (t.kind != BIND_NONE)
      return t;
  }
  return b;
}

const ast_expr *lower_global_value(const ast_global *g) {
  const ast_expr *v = g->value;
  if (v->kind == AST_EXPR_SUBSCRIPT && v->unpack &&
      v->value->kind == AST_EXPR_TUPLE && v->value->nitems == v->unpack &&
      v->items[0]->kind == AST_EXPR_INT &&
      v->items[0]->int_value < (uint64_t)v->value->nitems)
    return v->value->items[v->items[0]->int_value];
  return v;
}

binding lower_lookup_before(lower_ctx *c, int mod, const char *name,
                            uint32_t pos) {
  const ast_module *ast = c->prog->modules[mod];
  const lower_name *nm = lower_module_name(c, mod, name);
  if (!nm || (nm->def_end <= pos + 1 && nm->glob_end <= pos + 1))
    return lookup(c, mod, name, 0); /* nothing binds it again after pos */
  const ast_def *d = NULL;
  int gi = -1;
  for (int i = 0; i < ast->ndefs; i++)
    if (ast->defs[i]->def_loc.start < pos && !strcmp(ast->defs[i]->name, name))
      d = ast->defs[i];
  for (int i = 0; i < ast->nglobals; i++)
    if (ast->globals[i].loc.start < pos && !strcmp(ast->globals[i].name, name))
      gi = i;
  int ii = -1; /* an import binding it, after the def and the global */
  uint32_t last = d ? d->def_loc.start : 0;
  if (gi >= 0 && ast->globals[gi].loc.start > last)
    last = ast->globals[gi].loc.start;
  for (int i = 0; i < ast->nimports; i++)
    if (ast->imports[i].loc.start < pos && ast->imports[i].loc.start >= last &&
        !strcmp(ast->imports[i].local, name))
      ii = i;
  if (ii >= 0) {
    const ast_import *im = &ast->imports[ii];
    if (im->is_warp)
      return (binding){.kind = BIND_WARP, .warp = im->target, .module = mod};
    return import_binding(c, mod, im, 0);
  }
  binding b = {.kind = BIND_NONE, .module = mod};
  if (gi >= 0 && (!d || ast->globals[gi].loc.start > d->def_loc.start)) {
    b.kind = BIND_GLOBAL;
    b.index = gi;
    return b;
  }
  if (d && d->kind == AST_DEF_FUNC)
    for (func_info *fi = lower_funcs_named(c, mod, name); fi;
         fi = fi->next_same)
      if (fi->def == d) {
        b.kind = BIND_FUNC;
        b.func = fi;
        return b;
      }
  if (d && d->kind == AST_DEF_STRUCT) {
    lower_module_structs(c, mod);
    const mod_structs *ms = &c->structs[mod];
    for (int i = 0; i < ms->n; i++)
      if (ms->defs[i] == d) {
        if (!ms->types[i]) /* reported where it was defined */
          return (binding){.kind = BIND_OTHER, .module = -1};
        b.kind = BIND_STRUCT;
        b.type = ms->types[i];
        return b;
      }
  }
  return lookup(c, mod, name, 0);
}

binding lower_lookup(lower_ctx *c, int mod, const char *name) {
  binding b;
  /* a factory's own funcs and structs, in the definitions it makes */
  if (mod == c->mod && lower_closure_binding(c, name, &b))
    return b;
  if (mod == c->mod && c->lookup_pos) /* an argument of G = make(f) */
    return lower_lookup_before(c, mod, name, c->lookup_pos - 1);
  return lookup(c, mod, name, 0);
}

binding lower_lookup_attr(lower_ctx *c, int mod, const char *name) {
  const ast_module *m = c->prog->modules[mod];
  for (int i = 0; i < m->nsubmods; i++)
    if (!strcmp(m->submods[i].name, name))
      return (binding){.kind = BIND_MODULE, .module = m->submods[i].module};
  return lookup(c, mod, name, 0);
}

binding lower_resolve(lower_ctx *c, const ast_expr *e) {
  if (e->kind == AST_EXPR_NAME)
    return lower_lookup(c, c->mod, e->name);
  /* make(f), make(f).core, make_pair()[0]: what factories return */
  binding made = lower_factory_result(c, e);
  if (made.kind != BIND_NONE || e->kind != AST_EXPR_ATTRIBUTE)
    return made;
  binding base = lower_resolve(c, e->value);
  if (base.kind == BIND_MODULE)
    return lower_lookup_attr(c, base.module, e->name);
  if (base.kind == BIND_WARP) {
    binding b = base;
    if (!*base.warp && !strcmp(e->name, "_src"))
      return b; /* warp._src is warp */
    b.warp = *base.warp && strcmp(base.warp, "types")
                 ? wp_arena_printf(c->A, "%s.%s", base.warp, e->name)
                 : e->name;
    return b;
  }
  if (base.kind == BIND_MISSING || base.kind == BIND_BADNAME)
    return base;
  return lower_class_member(c, e); /* Gaussian.Data, Mode.from_int */
}

binding lower_class_member(lower_ctx *c, const ast_expr *e) {
  binding none = {.kind = BIND_NONE};
  const ast_expr *base = e->value;
  if (e->kind != AST_EXPR_ATTRIBUTE ||
      (base->kind != AST_EXPR_NAME && base->kind != AST_EXPR_ATTRIBUTE) ||
      (base->kind == AST_EXPR_NAME &&
       lower_var_index(c, base->name, false) >= 0))
    return none;
  binding b = lower_resolve(c, base);
  const char *cls = NULL;
  if ((b.kind == BIND_ENUM || b.kind == BIND_OTHER) && b.def && b.module >= 0)
    cls = b.def->name;
  else if (b.kind == BIND_GLOBAL)
    cls = c->prog->modules[b.module]->globals[b.index].name;
  if (!cls)
    return none;
  binding m =
      lookup(c, b.module, wp_arena_printf(c->A, "%s.%s", cls, e->name), 0);
  return m.kind == BIND_FUNC || m.kind == BIND_STRUCT ||
                 (m.kind == BIND_ENUM && m.def) ||
                 (m.kind == BIND_OTHER && m.def && m.def->body.count)
             ? m /* ... and a @staticmethod: Mode.make_func() */
             : none;
}

static const char *module_label(lower_ctx *c, int mod) {
  const ast_module *m = c->prog->modules[mod];
  if (m->src)
    return m->src->path;
  return m->dir && *m->dir ? m->dir : ".";
}

void lower_report_binding(lower_ctx *c, binding b, const char *name,
                          wp_loc use) {
  if (b.kind == BIND_OTHER) {
    if (b.module >= 0)
      wp_error(c->diag, use,
               "'%s' is not a @wp.func, @wp.struct, constant or module warpc "
               "can use in a kernel",
               name);
    else if (c->opts->keep_going) /* else the file failed already */
      wp_error(c->diag, use,
               "struct '%s' has errors (reported at its definition)", name);
    return;
  }
  const ast_import *im = b.import;
  for (int i = 0; i < c->reported.count; i++)
    if (c->reported.items[i] == im)
      return;
  wp_ptrvec_push(c->A, &c->reported, (void *)im);
  if (b.kind == BIND_MISSING)
    wp_error(c->diag, im->loc,
             "cannot find module '%s' (searched the importing file's "
             "directory and the -I directories)",
             im->module);
  else
    wp_error(c->diag, im->loc, "cannot import name '%s' from '%s' (%s)",
             im->target, im->module, module_label(c, im->res_module));
  wp_note(c->diag, use, "'%s' is used in a kernel here", name);
}

entity lower_binding_entity(lower_ctx *c, binding b, const char *name,
                            wp_loc use) {
  switch (b.kind) {
  case BIND_NONE: return (entity){.kind = ENT_ERROR};
  case BIND_FUNC:
    return (entity){.kind = ENT_FUNC, .def = b.func->def, .func = b.func};
  case BIND_STRUCT: return (entity){.kind = ENT_TYPE, .type = b.type};
  case BIND_MODULE: return (entity){.kind = ENT_MODULE, .module = b.module};
  case BIND_WARP: {
    if (!*b.warp)
      return (entity){.kind = ENT_WARP, .name = ""};
    double k;
    if (lower_warp_constant(b.warp, &k)) { /* from warp import pi */
      ir_value *v = lower_const_float(c, ir_t_float32(c->T), (float)k);
      return (entity){.kind = v ? ENT_VALUE : ENT_ERROR, .value = v};
    }
    entity en = lower_warp_name(c, b.warp);
    if (en.kind == ENT_ERROR)
      lower_unknown_warp_name(c, b.warp, use);
    return en;
  }
  case BIND_GLOBAL: {
    const ir_type *alias = lower_global_type(c, b.module, b.index);
    if (alias) /* real = wp.float64, util.Vec */
      return (entity){.kind = ENT_TYPE, .type = alias};
    /* TARGET = my_func, OP = wp.sin: the function (warp-lang 1.19.0) */
    const ast_global *g = &c->prog->modules[b.module]->globals[b.index];
    const ast_expr *gv = lower_global_value(g);
    if (gv && (gv->kind == AST_EXPR_NAME || gv->kind == AST_EXPR_ATTRIBUTE ||
               gv->kind == AST_EXPR_SUBSCRIPT)) { /* f, k = make(...) */
      int old = lower_enter_module(c, b.module);
      /* f1 = f: the f defined above, even if f is defined again below */
      binding fb =
          gv->kind == AST_EXPR_NAME
              ? lower_lookup_before(c, b.module, gv->name, g->loc.start)
              : lower_resolve(c, gv);
      entity en = {.kind = ENT_ERROR};
      if (fb.kind == BIND_FUNC || fb.kind == BIND_WARP)
        en = lower_binding_entity(c, fb, name, use);
      lower_enter_module(c, old);
      if (en.kind == ENT_FUNC || en.kind == ENT_BUILTIN)
        return en;
    }
    return lower_global_at(c, b.module, b.index, use);
  }
  case BIND_ENUM:
    wp_error(c->diag, use,
             "'%s' is an enum class: a kernel can use its members (%s.%s), "
             "not the class",
             name, name, b.def->nfields ? b.def->fields[0].name : "NAME");
    break;
  case BIND_MISSING:
  case BIND_BADNAME:
  case BIND_OTHER: lower_report_binding(c, b, name, use); break;
  }
  return (entity){.kind = ENT_ERROR};
}

const ir_type *lower_binding_type(lower_ctx *c, binding b) {
  switch (b.kind) {
  case BIND_STRUCT: return b.type;
  case BIND_GLOBAL: return lower_global_type(c, b.module, b.index);
  case BIND_WARP: {
    entity en =
        *b.warp ? lower_warp_name(c, b.warp) : (entity){.kind = ENT_ERROR};
    return en.kind == ENT_TYPE ? en.type : NULL;
  }
  default: return NULL;
  }
}
