/* dce.c - dead code elimination: unreachable blocks, pure instructions whose
 * values are never used, and block arguments nothing reads (with the
 * matching branch arguments).  Liveness is computed by a worklist from the
 * instructions with effects (stores, atomics, calls, terminators); the
 * edges into each block are listed once (ir_preds), so the pass is linear in
 * the size of the function. */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

static bool has_effect(const ir_value *v) {
  switch (v->op) {
  case IR_STORE:
  case IR_ADDR:
  case IR_ADDR_LOAD:
  case IR_ATOMIC:
  case IR_ARRAY_ZERO_GRAD:
  case IR_ARRAY_COPY_ADJ:
  case IR_CALL:
  case IR_PRINT:
  case IR_BR:
  case IR_CBR:
  case IR_RET: return true;
  case IR_BUILTIN: return !v->builtin->pure;
  default: return false;
  }
}

static void remove_unreachable(ir_func *f) {
  ir_renumber(f);
  bool *seen = calloc((size_t)f->nblocks, 1);
  ir_block **stack = malloc(sizeof(ir_block *) * (size_t)f->nblocks);
  int sp = 0;
  stack[sp++] = f->entry;
  seen[f->entry->id] = true;
  while (sp) {
    ir_block *b = stack[--sp];
    ir_value *t = b->last;
    int n = t->op == IR_BR ? 1 : t->op == IR_CBR ? 2 : 0;
    for (int k = 0; k < n; k++)
      if (!seen[t->targets[k]->id])
        seen[t->targets[k]->id] = true, stack[sp++] = t->targets[k];
  }
  ir_block *prev = f->entry;
  for (ir_block *b = f->entry->next; b; b = b->next) {
    if (seen[b->id]) {
      prev->next = b;
      prev = b;
    }
  }
  prev->next = NULL;
  f->last_block = prev;
  free(seen);
  free(stack);
  ir_renumber(f);
}

/* Marks v live and pushes it; returns nothing. */
static void mark(ir_value *v, ir_value ***stack, int *sp, int *cap) {
  if (v->live)
    return;
  v->live = true;
  if (*sp == *cap) {
    *cap = *cap ? *cap * 2 : 64;
    *stack = realloc(*stack, sizeof(ir_value *) * (size_t)*cap);
  }
  (*stack)[(*sp)++] = v;
}

static int dce_func(ir_func *f) {
  remove_unreachable(f);
  ir_preds P;
  ir_preds_build(f, &P); /* the edges into each block, once */
  ir_value **stack = NULL;
  int sp = 0, cap = 0, removed = 0;
  for (ir_block *b = f->entry; b; b = b->next) {
    for (int i = 0; i < b->nparams; i++)
      b->params[i]->live = false;
    for (ir_value *v = b->first; v; v = v->next)
      v->live = false;
  }
  for (ir_block *b = f->entry; b; b = b->next)
    for (ir_value *v = b->first; v; v = v->next)
      if (has_effect(v) || v->op == IR_PARAM)
        mark(v, &stack, &sp, &cap);
  while (sp) {
    ir_value *v = stack[--sp];
    for (int i = 0; i < v->nargs; i++)
      mark(v->args[i], &stack, &sp, &cap);
    if (v->op == IR_BLOCK_ARG) {
      /* the incoming values of a live block argument are live */
      int id = v->block->id;
      for (int e = P.start[id]; e < P.start[id + 1]; e++)
        mark(P.edges[e].term->targs[P.edges[e].k].args[v->aux], &stack, &sp,
             &cap);
    }
  }
  free(stack);
  /* drop dead block arguments together with their branch arguments */
  for (ir_block *b = f->entry; b; b = b->next) {
    int keep = 0, e0 = P.start[b->id], e1 = P.start[b->id + 1];
    for (int i = 0; i < b->nparams; i++) {
      if (!b->params[i]->live)
        continue;
      for (int e = e0; e < e1; e++) {
        ir_edge *ed = &P.edges[e].term->targs[P.edges[e].k];
        ed->args[keep] = ed->args[i];
      }
      b->params[keep] = b->params[i];
      b->params[keep]->aux = keep;
      keep++;
    }
    for (int e = e0; e < e1; e++)
      P.edges[e].term->targs[P.edges[e].k].nargs = keep;
    removed += b->nparams - keep;
    b->nparams = keep;
  }
  ir_preds_free(&P);
  for (ir_block *b = f->entry; b; b = b->next)
    for (ir_value *v = b->first, *n; v; v = n) {
      n = v->next;
      if (!v->live) {
        ir_remove(v);
        removed++;
      }
    }
  return removed;
}

int ir_dce(ir_module *m) {
  int removed = 0;
  for (ir_func *f = m->funcs; f; f = f->next)
    if (!f->backward) /* imperative: every instruction counts */
      removed += dce_func(f);
  return removed;
}
