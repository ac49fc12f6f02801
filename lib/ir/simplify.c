/* simplify.c - removal of trivial block arguments: an argument whose
 * incoming values are all one value X (or the argument itself, around a
 * loop) is X.  SSA construction leaves such arguments for every variable
 * live across a loop header; this is the cleanup step of Braun et al.'s
 * algorithm, run to a fixed point.
 *
 * Linear in the size of the function: the edges into each block are listed
 * once (ir_preds); a removed argument is recorded as replaced (union-find,
 * so a chain of replacements resolves to its end) instead of rewriting
 * every use at once; when an argument is removed, only the arguments its
 * value flows into are looked at again (a worklist).  The uses are
 * rewritten and the removed arguments dropped in one pass at the end. */
#include <stdlib.h>

#include "ir.h"

typedef struct sctx {
  ir_func *f;
  ir_preds preds;
  int nvalues;
  ir_value **repl; /* value id -> what a removed block argument became */
  /* the block arguments each argument's value flows into, as lists:
     head[id] .. next[rec] (record rec: argument users[rec]), -1 ends */
  int *head, *tail, *next;
  ir_value **users;
  ir_value **work;
  int nwork, capwork;
} sctx;

static bool in_func(const sctx *s, const ir_value *v) {
  return v->op == IR_BLOCK_ARG && v->id >= 0 && v->id < s->nvalues &&
         v->block->func == s->f;
}

/* What v stands for now (v itself unless it is a removed argument). */
static ir_value *find(sctx *s, ir_value *v) {
  ir_value *r = v;
  while (in_func(s, r) && s->repl[r->id])
    r = s->repl[r->id];
  while (v != r) { /* path compression */
    ir_value *n = s->repl[v->id];
    s->repl[v->id] = r;
    v = n;
  }
  return r;
}

static void push(sctx *s, ir_value *p) {
  if (s->nwork == s->capwork) {
    s->capwork = s->capwork ? s->capwork * 2 : 64;
    s->work = wp_xrealloc(s->work, sizeof(ir_value *) * (size_t)s->capwork);
  }
  s->work[s->nwork++] = p;
}

/* The single value other than `p` that every edge into p's block passes
 * for p, or NULL. */
static ir_value *same_incoming(sctx *s, ir_value *p) {
  ir_value *same = NULL;
  const ir_preds *P = &s->preds;
  for (int e = P->start[p->block->id]; e < P->start[p->block->id + 1]; e++) {
    const ir_pred_edge *pe = &P->edges[e];
    ir_value *in = find(s, pe->term->targs[pe->k].args[p->aux]);
    if (in == p || in == same)
      continue;
    if (same)
      return NULL;
    same = in;
  }
  return same;
}

/* Records that p is x: p's users are looked at again and become x's. */
static void replace(sctx *s, ir_value *p, ir_value *x) {
  s->repl[p->id] = x;
  for (int r = s->head[p->id]; r >= 0; r = s->next[r])
    push(s, s->users[r]);
  if (s->head[p->id] < 0 || !in_func(s, x))
    return;
  if (s->head[x->id] < 0)
    s->head[x->id] = s->head[p->id];
  else
    s->next[s->tail[x->id]] = s->head[p->id];
  s->tail[x->id] = s->tail[p->id];
}

static void rewrite(sctx *s, ir_value **args, int n) {
  for (int i = 0; i < n; i++)
    args[i] = find(s, args[i]);
}

static int simplify_func(ir_func *f) {
  sctx s = {.f = f};
  ir_preds_build(f, &s.preds); /* renumbers f */
  s.nvalues = ir_count_values(f);
  s.repl = wp_xcalloc((size_t)s.nvalues, sizeof *s.repl);
  s.head = wp_xcalloc((size_t)s.nvalues, sizeof(int));
  s.tail = wp_xcalloc((size_t)s.nvalues, sizeof(int));
  for (int i = 0; i < s.nvalues; i++)
    s.head[i] = -1;
  int nrec = 0;
  for (ir_block *b = f->entry; b; b = b->next)
    for (int k = 0; k < 2; k++)
      if (b->last->targets[k])
        nrec += b->last->targs[k].nargs;
  s.next = wp_xcalloc((size_t)nrec, sizeof(int));
  s.users = wp_xcalloc((size_t)nrec, sizeof *s.users);
  nrec = 0;
  for (ir_block *b = f->entry; b; b = b->next)
    for (int k = 0; k < 2; k++) {
      ir_block *t = b->last->targets[k];
      if (!t)
        continue;
      ir_edge *e = &b->last->targs[k];
      for (int i = 0; i < e->nargs && i < t->nparams; i++) {
        ir_value *a = e->args[i];
        if (!in_func(&s, a) || a == t->params[i])
          continue;
        s.users[nrec] = t->params[i];
        s.next[nrec] = -1;
        if (s.head[a->id] < 0)
          s.head[a->id] = nrec;
        else
          s.next[s.tail[a->id]] = nrec;
        s.tail[a->id] = nrec++;
      }
    }
  /* every argument, the first of the first block on top */
  int nparams = 0;
  for (ir_block *b = f->entry; b; b = b->next)
    nparams += b->nparams;
  ir_value **all = wp_xcalloc((size_t)nparams, sizeof *all);
  nparams = 0;
  for (ir_block *b = f->entry; b; b = b->next)
    for (int i = 0; i < b->nparams; i++)
      all[nparams++] = b->params[i];
  for (int i = nparams - 1; i >= 0; i--)
    push(&s, all[i]);
  free(all);
  int removed = 0;
  while (s.nwork) {
    ir_value *p = s.work[--s.nwork];
    if (s.repl[p->id])
      continue;
    ir_value *x = same_incoming(&s, p);
    if (!x)
      continue;
    replace(&s, p, x);
    removed++;
  }
  if (removed) {
    for (ir_block *b = f->entry; b; b = b->next)
      for (ir_value *v = b->first; v; v = v->next) {
        rewrite(&s, v->args, v->nargs);
        for (int k = 0; k < 2; k++)
          rewrite(&s, v->targs[k].args, v->targs[k].nargs);
      }
    /* drop the removed arguments and what the edges pass for them */
    for (ir_block *b = f->entry; b; b = b->next) {
      int keep = 0;
      for (int i = 0; i < b->nparams; i++) {
        if (s.repl[b->params[i]->id])
          continue;
        for (int e = s.preds.start[b->id]; e < s.preds.start[b->id + 1]; e++) {
          ir_edge *ed = &s.preds.edges[e].term->targs[s.preds.edges[e].k];
          ed->args[keep] = ed->args[i];
        }
        b->params[keep] = b->params[i];
        b->params[keep]->aux = keep;
        keep++;
      }
      for (int e = s.preds.start[b->id]; e < s.preds.start[b->id + 1]; e++)
        s.preds.edges[e].term->targs[s.preds.edges[e].k].nargs = keep;
      b->nparams = keep;
    }
  }
  ir_preds_free(&s.preds);
  free(s.repl);
  free(s.head);
  free(s.tail);
  free(s.next);
  free(s.users);
  free(s.work);
  return removed;
}

int ir_simplify_args(ir_module *m) {
  int removed = 0;
  for (ir_func *f = m->funcs; f; f = f->next)
    if (!f->backward)
      removed += simplify_func(f);
  return removed;
}
