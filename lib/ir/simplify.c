/* simplify.c - removal of trivial block arguments: an argument whose
 * incoming values are all one value X (or the argument itself, around a
 * loop) is X.  SSA construction leaves such arguments for every variable
 * live across a loop header; this is the cleanup step of Braun et al.'s
 * algorithm, run to a fixed point. */
#include "ir.h"

/* The single value other than `p` that every edge into p's block passes
 * for p, or NULL. */
static ir_value *same_incoming(ir_func *f, ir_value *p) {
  ir_value *same = NULL;
  for (ir_block *b = f->entry; b; b = b->next) {
    ir_value *t = b->last;
    for (int k = 0; k < 2; k++) {
      if (!t || t->targets[k] != p->block)
        continue;
      ir_value *in = t->targs[k].args[p->aux];
      if (in == p || in == same)
        continue;
      if (same)
        return NULL;
      same = in;
    }
  }
  return same;
}

static void drop_arg(ir_func *f, ir_block *blk, int index) {
  for (ir_block *b = f->entry; b; b = b->next) {
    ir_value *t = b->last;
    for (int k = 0; k < 2; k++) {
      if (!t || t->targets[k] != blk)
        continue;
      ir_edge *e = &t->targs[k];
      for (int i = index; i + 1 < e->nargs; i++)
        e->args[i] = e->args[i + 1];
      e->nargs--;
    }
  }
  for (int i = index; i + 1 < blk->nparams; i++) {
    blk->params[i] = blk->params[i + 1];
    blk->params[i]->aux = i;
  }
  blk->nparams--;
}

int ir_simplify_args(ir_module *m) {
  int removed = 0;
  for (ir_func *f = m->funcs; f; f = f->next)
    for (bool changed = !f->backward; changed;) {
      changed = false;
      for (ir_block *b = f->entry; b; b = b->next)
        for (int i = 0; i < b->nparams; i++) {
          ir_value *p = b->params[i];
          ir_value *x = same_incoming(f, p);
          if (!x)
            continue;
          ir_replace_all_uses(f, p, x);
          drop_arg(f, b, i);
          i--;
          removed++;
          changed = true;
        }
    }
  return removed;
}
