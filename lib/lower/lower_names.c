/* lower_names.c - the tables that keep lowering linear in the number of
 * module-level names: for each module, each name's last import, def and
 * assignment (lower_module_name); the @wp.func defs of each name of a
 * module, in definition order (lower_funcs_named); the @wp.struct classes
 * built so far, by name (lower_struct_named); and the C names the output
 * uses (lower_unique_cname).  Each is a hash table in the arena, built on
 * first use (the ASTs do not change while lowering) or kept up to date as
 * definitions are added, instead of a walk of the module per lookup. */
#include <string.h>

#include "lower_internal.h"

typedef struct mod_index {
  bool built;
  wp_strmap names; /* -> lower_name */
  int *star;       /* indices of `from m import *` imports */
  int nstar;
  wp_strmap funcs;   /* -> func_info (the first; next_same chains them) */
  wp_strmap structs; /* -> index + 1 in mod_structs */
  int structs_indexed;
} mod_index;

struct lower_names {
  mod_index *mods; /* per module */
  bool funcs_built;
  wp_strmap cnames; /* C names in use (value: non-NULL) */
  bool cnames_started;
  const ir_func *cname_cursor; /* funcs of the module indexed up to here */
};

static lower_names *names_of(lower_ctx *c) {
  if (!c->names) {
    c->names = WP_NEW(c->A, lower_names);
    c->names->mods = WP_NEW_ARRAY(c->A, mod_index, c->prog->nmodules + 1);
  }
  return c->names;
}

static lower_name *name_slot(lower_ctx *c, mod_index *mi, const char *name) {
  void **slot = wp_strmap_slot(c->A, &mi->names, name);
  if (!*slot) {
    lower_name *n = WP_NEW(c->A, lower_name);
    n->imp = n->def = n->glob = -1;
    *slot = n;
  }
  return *slot;
}

static mod_index *module_index(lower_ctx *c, int mod) {
  mod_index *mi = &names_of(c)->mods[mod];
  if (mi->built)
    return mi;
  mi->built = true;
  const ast_module *ast = c->prog->modules[mod];
  for (int i = 0; i < ast->nimports; i++) {
    if (!ast->imports[i].is_warp && !strcmp(ast->imports[i].local, "*"))
      mi->nstar++;
    name_slot(c, mi, ast->imports[i].local)->imp = i;
  }
  mi->star = WP_NEW_ARRAY(c->A, int, mi->nstar + 1);
  mi->nstar = 0;
  for (int i = 0; i < ast->nimports; i++)
    if (!ast->imports[i].is_warp && !strcmp(ast->imports[i].local, "*"))
      mi->star[mi->nstar++] = i;
  for (int i = 0; i < ast->ndefs; i++) {
    lower_name *n = name_slot(c, mi, ast->defs[i]->name);
    n->def = i;
    if (ast->defs[i]->loc.start + 1 > n->def_end)
      n->def_end = ast->defs[i]->loc.start + 1;
  }
  for (int i = 0; i < ast->nglobals; i++) {
    lower_name *n = name_slot(c, mi, ast->globals[i].name);
    n->glob = i;
    if (ast->globals[i].loc.start + 1 > n->glob_end)
      n->glob_end = ast->globals[i].loc.start + 1;
  }
  return mi;
}

const lower_name *lower_module_name(lower_ctx *c, int mod, const char *name) {
  return wp_strmap_get(&module_index(c, mod)->names, name);
}

const int *lower_star_imports(lower_ctx *c, int mod, int *n) {
  mod_index *mi = module_index(c, mod);
  *n = mi->nstar;
  return mi->star;
}

/* ---- funcs */

func_info *lower_funcs_named(lower_ctx *c, int mod, const char *name) {
  lower_names *ln = names_of(c);
  if (!ln->funcs_built) {
    ln->funcs_built = true;
    /* c->funcs is complete before lowering starts (wp_lower_program) */
    func_info **last = WP_NEW_ARRAY(c->A, func_info *, c->nfuncs + 1);
    for (int i = 0; i < c->nfuncs; i++) {
      func_info *fi = &c->funcs[i];
      void **slot =
          wp_strmap_slot(c->A, &ln->mods[fi->module].funcs, fi->def->name);
      fi->next_same = NULL;
      if (!*slot)
        *slot = fi;
      else
        last[((func_info *)*slot)->last_same]->next_same = fi;
      ((func_info *)*slot)->last_same = i;
      last[i] = fi;
    }
  }
  return wp_strmap_get(&ln->mods[mod].funcs, name);
}

func_info *lower_find_func(lower_ctx *c, int mod, const char *name) {
  /* the last definition of a name wins, as when Python runs the module */
  func_info *first = lower_funcs_named(c, mod, name);
  return first ? &c->funcs[first->last_same] : NULL;
}

/* ---- structs */

int lower_struct_named(lower_ctx *c, int mod, const char *name) {
  mod_index *mi = &names_of(c)->mods[mod];
  const mod_structs *ms = &c->structs[mod];
  for (; mi->structs_indexed < ms->n; mi->structs_indexed++)
    wp_strmap_put(c->A, &mi->structs, ms->defs[mi->structs_indexed]->name,
                  (void *)(intptr_t)(mi->structs_indexed + 1));
  return (int)(intptr_t)wp_strmap_get(&mi->structs, name) - 1;
}

/* ---- C names */

static void take(lower_ctx *c, const char *n) {
  wp_strmap_put(c->A, &c->names->cnames, n, (void *)n);
}

/* Adds the C names used since the last call: at first the launchers'
 * names (MODULE_NAME of the main file's kernels, reserved), then the
 * functions added to the module.  Struct names are added as they are
 * made (lower_unique_cname). */
static void sync_cnames(lower_ctx *c) {
  lower_names *ln = names_of(c);
  if (!ln->cnames_started) {
    ln->cnames_started = true;
    const ast_module *main = c->prog->modules[0];
    for (int i = 0; i < main->ndefs; i++)
      if (main->defs[i]->kind == AST_DEF_KERNEL)
        take(c,
             wp_arena_printf(c->A, "%s_%s", c->m->name, main->defs[i]->name));
  }
  /* the cursor's function was taken out of the list (private copies of
     the adjoint pass): start over */
  const ir_func *f = ln->cname_cursor;
  if (f && !f->next && c->m->last_func != f)
    f = NULL;
  for (f = f ? f->next : c->m->funcs; f; f = f->next) {
    if (f->cname)
      take(c, f->cname);
    ln->cname_cursor = f;
  }
}

const char *lower_c_ident(lower_ctx *c, const char *name) {
  if (!strchr(name, '.'))
    return name;
  char *s = wp_arena_strdup(c->A, name);
  for (char *p = s; *p; p++)
    if (*p == '.') /* Mode.from_int, Gaussian.Data: of a class body */
      *p = '_';
  return s;
}

const char *lower_unique_cname(lower_ctx *c, const char *base) {
  sync_cnames(c);
  base = lower_c_ident(c, base);
  const char *n = base;
  for (int k = 2; wp_strmap_find(&c->names->cnames, n); k++)
    n = wp_arena_printf(c->A, "%s_%d", base, k);
  take(c, n);
  return n;
}
