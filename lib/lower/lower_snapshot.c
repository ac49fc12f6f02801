/* lower_snapshot.c - the lowering state of a program's functions, saved
 * before a kernel is tried and put back when it fails, so that the kernel
 * and every function lowered for it are left out as if never tried: a
 * nested kernel with errors (lower_sites.c), a kernel under -fkeep-going
 * (lower_kernels.c). */
#include <string.h>

#include "lower_internal.h"

static void save_closure(lower_ctx *c, lower_snapshot *sn,
                         factory_closure *clo) {
  if (!clo || !clo->nfuncs)
    return;
  func_info *copy = WP_NEW_ARRAY(c->A, func_info, clo->nfuncs);
  memcpy(copy, clo->funcs, sizeof *copy * (size_t)clo->nfuncs);
  wp_ptrvec_push(c->A, &sn->clos, clo);
  wp_ptrvec_push(c->A, &sn->clos, copy);
}

void lower_snapshot_take(lower_ctx *c, lower_snapshot *sn,
                         factory_closure *clo) {
  *sn = (lower_snapshot){.last = c->m->last_func,
                         .nkernels = c->m->nkernels,
                         .nbuiltin_funcs = c->builtin_funcs.count};
  sn->funcs = WP_NEW_ARRAY(c->A, func_info, c->nfuncs + 1);
  memcpy(sn->funcs, c->funcs, sizeof *c->funcs * (size_t)c->nfuncs);
  for (int k = 0; k < c->prog->nmodules; k++) {
    const mod_factories *mf = &c->factories[k];
    for (int g = 0; mf->state && g < c->prog->modules[k]->nglobals; g++)
      save_closure(c, sn, mf->state[g] == 1 ? mf->clo[g] : NULL);
  }
  for (int i = 0; i < c->call_clos.count; i++)
    save_closure(c, sn, c->call_clos.items[i]);
  sn->ncall_clos = c->call_clos.count;
  save_closure(c, sn, clo);
}

/* The lowering state of a func as `from` had it (its links in the name
 * index stay: they may have been built since). */
static void restore_func(func_info *to, const func_info *from, int n) {
  for (int i = 0; i < n; i++) {
    to[i].ir = from[i].ir;
    to[i].in_progress = from[i].in_progress;
    to[i].failed = from[i].failed;
    to[i].sig_state = from[i].sig_state;
    to[i].generic = from[i].generic;
    to[i].ptypes = from[i].ptypes;
    to[i].sig = from[i].sig;
    to[i].refs = from[i].refs;
    to[i].insts = from[i].insts;
  }
}

/* Puts the program back as `sn` saw it: the functions made since are taken
 * out of the module and forgotten by the caches. */
void lower_snapshot_restore(lower_ctx *c, const lower_snapshot *sn) {
  ir_module *m = c->m;
  ir_func *f = sn->last ? sn->last->next : m->funcs;
  while (f) { /* unlinked, lower_names restarts its walk of the list */
    ir_func *next = f->next;
    f->next = NULL;
    f = next;
  }
  if (sn->last)
    sn->last->next = NULL;
  else
    m->funcs = NULL;
  m->last_func = sn->last;
  m->nkernels = sn->nkernels;
  c->builtin_funcs.count = sn->nbuiltin_funcs;
  c->call_clos.count = sn->ncall_clos; /* closures made since: forgotten */
  restore_func(c->funcs, sn->funcs, c->nfuncs);
  for (int i = 0; i + 1 < sn->clos.count; i += 2) {
    factory_closure *clo = sn->clos.items[i];
    restore_func(clo->funcs, sn->clos.items[i + 1], clo->nfuncs);
  }
}

void lower_try_begin(lower_ctx *c, lower_try *t) {
  if (!c->opts->keep_going)
    return;
  t->errors = c->diag->errors;
  lower_snapshot_take(c, &t->sn, NULL);
}

void lower_try_end(lower_ctx *c, lower_try *t, const char *name, wp_loc loc) {
  if (!c->opts->keep_going || c->diag->errors == t->errors)
    return;
  lower_snapshot_restore(c, &t->sn);
  c->left_out_errors += c->diag->errors - t->errors;
  wp_note(c->diag, loc, "kernel '%s' is left out (-fkeep-going)", name);
}
