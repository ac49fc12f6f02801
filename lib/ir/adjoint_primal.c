/* adjoint_primal.c - what the adjoint transform (adjoint.c) needs to know
 * of a kernel before it builds the backward function: the primal copy
 * with every @wp.func call inlined, the blocks on loops, and the arrays
 * over storage of the function's frame. */
#include "adjoint_primal.h"

ir_func *ir_adj_inlined_copy(ir_module *m, ir_func *k) {
  ir_func *last = m->last_func;
  ir_func *f = ir_func_new(m, IR_FUNC_FUNC, k->name);
  /* a private function: not in the module's list */
  if (last)
    last->next = NULL;
  else
    m->funcs = NULL;
  m->last_func = last;
  f->cname = k->cname;
  f->options = k->options;
  f->nparams = k->nparams;
  f->param_types = k->param_types;
  f->param_names = k->param_names;
  f->params = WP_NEW_ARRAY(m->arena, ir_value *, k->nparams + 1);
  ir_block *entry = ir_block_new(f);
  entry->sealed = true;
  for (int i = 0; i < k->nparams; i++) {
    ir_value *p = ir_append(entry, IR_PARAM, k->param_types[i], NULL, 0,
                            k->params[i]->loc);
    p->aux = i;
    p->name = k->param_names[i];
    f->params[i] = p;
  }
  ir_value *call =
      ir_append(entry, IR_CALL, k->ret, f->params, k->nparams, k->loc);
  call->callee = k;
  f->ret = k->ret;
  ir_append(entry, IR_RET, k->ret, k->ret->kind == IR_T_VOID ? NULL : &call,
            k->ret->kind == IR_T_VOID ? 0 : 1, k->loc);
  ir_inline_calls(f);
  return f;
}

static int succs(const ir_block *b, ir_block **out) {
  const ir_value *t = b->last;
  int n = t->op == IR_BR ? 1 : t->op == IR_CBR ? 2 : 0;
  for (int i = 0; i < n; i++)
    out[i] = t->targets[i];
  return n;
}

/* Marks the blocks that can reach themselves: those of a strongly
 * connected component of more than one block, or with an edge to
 * themselves (Tarjan's algorithm, with explicit stacks: linear time, and
 * CFGs of generated code can be deeper than the C stack). */
void ir_adj_find_loops(ir_func *p, bool *in_loop, wp_arena *A) {
  int n = p->nblocks, clock = 0, sp = 0, cs = 0;
  int *index = WP_NEW_ARRAY(A, int, n + 1); /* DFS number + 1; 0: new */
  int *low = WP_NEW_ARRAY(A, int, n + 1);
  int *next = WP_NEW_ARRAY(A, int, n + 1); /* successor to visit */
  bool *on = WP_NEW_ARRAY(A, bool, n + 1);
  ir_block **stack = WP_NEW_ARRAY(A, ir_block *, n + 1);
  ir_block **call = WP_NEW_ARRAY(A, ir_block *, n + 1);
  for (ir_block *r = p->entry; r; r = r->next) {
    if (index[r->id])
      continue;
    index[r->id] = low[r->id] = ++clock;
    stack[sp++] = call[cs++] = r;
    on[r->id] = true;
    while (cs) {
      ir_block *b = call[cs - 1], *s[2];
      int ns = succs(b, s);
      if (next[b->id] < ns) {
        ir_block *t = s[next[b->id]++];
        if (!index[t->id]) {
          index[t->id] = low[t->id] = ++clock;
          stack[sp++] = call[cs++] = t;
          on[t->id] = true;
        } else if (on[t->id] && index[t->id] < low[b->id])
          low[b->id] = index[t->id];
        continue;
      }
      cs--;
      if (cs && low[b->id] < low[call[cs - 1]->id])
        low[call[cs - 1]->id] = low[b->id];
      if (low[b->id] != index[b->id])
        continue;
      int k = sp;
      while (stack[--k] != b)
        ;
      bool cycle = sp - k > 1;
      for (int i = 0; !cycle && i < ns; i++)
        cycle = s[i] == b;
      for (int i = k; i < sp; i++) {
        in_loop[stack[i]->id] = cycle;
        on[stack[i]->id] = false;
      }
      sp = k;
    }
  }
}

/* The array values of the primal that are (views or slices of) arrays
 * made in the function by wp.zeros() or a copy of one, also through block
 * arguments all of whose incoming values are: their storage is the
 * frame's, so the backward kernel has its own, which it must fill again.
 * A greatest fixpoint over the block arguments (loops included), in
 * passes over the function until nothing changes. */
bool *ir_adj_frame_arrays(ir_func *p, int nvalues, wp_arena *A) {
  bool *fr = WP_NEW_ARRAY(A, bool, nvalues + 1);
  for (ir_block *b = p->entry; b; b = b->next) {
    for (int i = 0; i < b->nparams; i++)
      fr[b->params[i]->id] = b->params[i]->type->kind == IR_T_ARRAY;
    for (ir_value *v = b->first; v; v = v->next)
      fr[v->id] = v->op == IR_ARRAY_LOCAL || v->op == IR_ARRAY_COPY ||
                  v->op == IR_ARRAY_VIEW || v->op == IR_ARRAY_SLICE;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (ir_block *b = p->entry; b; b = b->next) {
      for (ir_value *v = b->first; v; v = v->next) {
        if ((v->op == IR_ARRAY_VIEW || v->op == IR_ARRAY_SLICE) && fr[v->id] &&
            !fr[v->args[0]->id])
          fr[v->id] = false, changed = true;
        for (int k = 0; k < 2 && ir_is_terminator(v); k++)
          for (int i = 0; v->targets[k] && i < v->targs[k].nargs; i++) {
            const ir_value *arg = v->targets[k]->params[i];
            if (fr[arg->id] && !fr[v->targs[k].args[i]->id])
              fr[arg->id] = false, changed = true;
          }
      }
    }
  }
  return fr;
}
