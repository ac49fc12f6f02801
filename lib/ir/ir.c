/* ir.c - building and editing IR: modules, functions, blocks, values. */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

ir_module *ir_module_new(wp_arena *arena, const char *name,
                         const wp_source *src) {
  ir_module *m = WP_NEW(arena, ir_module);
  m->arena = arena;
  m->types = ir_types_new(arena);
  m->name = name;
  m->src = src;
  return m;
}

ir_func *ir_func_new(ir_module *m, ir_func_kind kind, const char *name) {
  ir_func *f = WP_NEW(m->arena, ir_func);
  f->kind = kind;
  f->name = name;
  f->module = m;
  f->ret = ir_t_void(m->types);
  f->options.enable_backward = true;
  f->options.max_unroll = 16;
  if (m->last_func)
    m->last_func->next = f;
  else
    m->funcs = f;
  m->last_func = f;
  if (kind == IR_FUNC_KERNEL)
    m->nkernels++;
  return f;
}

ir_block *ir_block_new(ir_func *f) {
  ir_block *b = WP_NEW(f->module->arena, ir_block);
  b->func = f;
  b->id = f->nblocks++;
  if (f->last_block)
    f->last_block->next = b;
  else
    f->entry = b;
  f->last_block = b;
  return b;
}

ir_value *ir_block_add_param(ir_block *b, const ir_type *t) {
  ir_value *v = WP_NEW(b->func->module->arena, ir_value);
  v->op = IR_BLOCK_ARG;
  v->type = t;
  ir_block_append_param(b, v);
  return v;
}

void ir_block_append_param(ir_block *b, ir_value *v) {
  wp_arena *A = b->func->module->arena;
  v->block = b;
  v->aux = b->nparams;
  if (b->nparams == b->cap_params) {
    int cap = b->cap_params ? b->cap_params * 2 : 4;
    ir_value **p = WP_NEW_ARRAY(A, ir_value *, cap);
    if (b->nparams)
      memcpy(p, b->params, sizeof(*p) * (size_t)b->nparams);
    b->params = p;
    b->cap_params = cap;
  }
  b->params[b->nparams++] = v;
}

ir_value *ir_append(ir_block *b, ir_op op, const ir_type *t, ir_value **args,
                    int nargs, wp_loc loc) {
  wp_arena *A = b->func->module->arena;
  ir_value *v = WP_NEW(A, ir_value);
  v->op = op;
  v->type = t;
  v->loc = loc;
  v->block = b;
  if (nargs) {
    v->args = WP_NEW_ARRAY(A, ir_value *, nargs);
    memcpy(v->args, args, sizeof(*args) * (size_t)nargs);
  }
  v->nargs = nargs;
  v->prev = b->last;
  if (b->last)
    b->last->next = v;
  else
    b->first = v;
  b->last = v;
  return v;
}

void ir_remove(ir_value *v) {
  ir_block *b = v->block;
  if (v->prev)
    v->prev->next = v->next;
  else
    b->first = v->next;
  if (v->next)
    v->next->prev = v->prev;
  else
    b->last = v->prev;
  v->next = v->prev = NULL;
}

static void replace_in(ir_value **args, int n, ir_value *from, ir_value *to) {
  for (int i = 0; i < n; i++)
    if (args[i] == from)
      args[i] = to;
}

void ir_replace_all_uses(ir_func *f, ir_value *from, ir_value *to) {
  for (ir_block *b = f->entry; b; b = b->next)
    for (ir_value *v = b->first; v; v = v->next) {
      replace_in(v->args, v->nargs, from, to);
      for (int k = 0; k < 2; k++)
        replace_in(v->targs[k].args, v->targs[k].nargs, from, to);
    }
}

void ir_block_add_pred(ir_block *b, ir_block *pred) {
  if (b->npreds == b->cap_preds) {
    int cap = b->cap_preds ? b->cap_preds * 2 : 4;
    ir_block **p = WP_NEW_ARRAY(b->func->module->arena, ir_block *, cap);
    if (b->npreds)
      memcpy(p, b->preds, sizeof(*p) * (size_t)b->npreds);
    b->preds = p;
    b->cap_preds = cap;
  }
  b->preds[b->npreds++] = pred;
}

bool ir_is_terminator(const ir_value *v) {
  return v->op == IR_BR || v->op == IR_CBR || v->op == IR_RET ||
         v->op == IR_SWITCH;
}

void ir_renumber(ir_func *f) {
  int bid = 0, vid = 0;
  for (ir_block *b = f->entry; b; b = b->next) {
    b->id = bid++;
    for (int i = 0; i < b->nparams; i++)
      b->params[i]->id = vid++;
    for (ir_value *v = b->first; v; v = v->next)
      v->id = vid++;
  }
  f->nblocks = bid;
}

int ir_count_values(const ir_func *f) {
  int n = 0;
  for (const ir_block *b = f->entry; b; b = b->next) {
    n += b->nparams;
    for (const ir_value *v = b->first; v; v = v->next)
      n++;
  }
  return n;
}

void ir_preds_build(ir_func *f, ir_preds *p) {
  ir_renumber(f);
  int n = f->nblocks, nedges = 0;
  p->nblocks = n;
  p->start = wp_xcalloc((size_t)n + 1, sizeof(int));
  for (ir_block *b = f->entry; b; b = b->next)
    for (int k = 0; b->last && k < 2; k++)
      if (b->last->targets[k])
        p->start[b->last->targets[k]->id + 1]++, nedges++;
  for (int i = 0; i < n; i++)
    p->start[i + 1] += p->start[i];
  p->edges = wp_xcalloc((size_t)nedges, sizeof(ir_pred_edge));
  int *fill = wp_xcalloc((size_t)n, sizeof(int));
  memcpy(fill, p->start, sizeof(int) * (size_t)n);
  for (ir_block *b = f->entry; b; b = b->next)
    for (int k = 0; b->last && k < 2; k++)
      if (b->last->targets[k])
        p->edges[fill[b->last->targets[k]->id]++] = (ir_pred_edge){b->last, k};
  free(fill);
}

void ir_preds_free(ir_preds *p) {
  free(p->start);
  free(p->edges);
  p->start = NULL;
  p->edges = NULL;
}

static void count(ir_value **args, int n) {
  for (int i = 0; i < n; i++)
    args[i]->uses++;
}

void ir_count_uses(ir_func *f) {
  for (ir_block *b = f->entry; b; b = b->next) {
    for (int i = 0; i < b->nparams; i++)
      b->params[i]->uses = 0;
    for (ir_value *v = b->first; v; v = v->next)
      v->uses = 0;
  }
  for (ir_block *b = f->entry; b; b = b->next)
    for (ir_value *v = b->first; v; v = v->next) {
      count(v->args, v->nargs);
      for (int k = 0; k < 2; k++)
        count(v->targs[k].args, v->targs[k].nargs);
    }
}

int ir_add_local(ir_func *f, const ir_type *t) {
  if (f->nlocals == f->cap_locals) {
    int cap = f->cap_locals ? f->cap_locals * 2 : 16;
    const ir_type **l = WP_NEW_ARRAY(f->module->arena, const ir_type *, cap);
    if (f->nlocals)
      memcpy(l, f->locals, sizeof(*l) * (size_t)f->nlocals);
    f->locals = l;
    f->cap_locals = cap;
  }
  f->locals[f->nlocals] = t;
  return f->nlocals++;
}

/* Marks in `out` the parameters of g that an IR_ARRAY_VALID tests. */
static void mark_tested(const ir_func *g, bool *out) {
  for (const ir_block *b = g->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next) {
      if (v->op != IR_ARRAY_VALID || v->nargs != 1)
        continue;
      const ir_value *p = v->args[0];
      if (p->op == IR_PARAM && p->aux >= 0 && p->aux < g->nparams &&
          g->params[p->aux] == p)
        out[p->aux] = true;
    }
}

bool *ir_truth_tested_params(const ir_func *f, wp_arena *A) {
  bool *out = WP_NEW_ARRAY(A, bool, f->nparams + 1);
  mark_tested(f, out);
  if (f->adjoint) {
    bool *adj = WP_NEW_ARRAY(A, bool, f->adjoint->nparams + 1);
    mark_tested(f->adjoint, adj);
    for (int i = 0; i < f->nparams && i < f->adjoint->nparams; i++)
      out[i] = out[i] || adj[i];
  }
  return out;
}
