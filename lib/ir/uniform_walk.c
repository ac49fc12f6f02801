/* uniform_walk.c - the checks and the edge step that the SPMD analyses of
 * forward kernels (uniform.c) and of backward functions (uniform_adj.c)
 * share (uniform_internal.h). */
#include "uniform_internal.h"

const char *ir_spmd_refuse_op(const ir_value *v) {
  switch (v->op) {
  case IR_PARAM:
  case IR_BLOCK_ARG:
  case IR_CONST:
  case IR_ZERO:
  case IR_CAST:
  case IR_COMPOSE:
  case IR_EXTRACT:
  case IR_EXTRACT_DYN:
  case IR_INSERT:
  case IR_INSERT_DYN:
  case IR_LOAD:
  case IR_ARRAY_SHAPE:
  case IR_ARRAY_VALID:
  case IR_TID:
  case IR_BR:
  case IR_CBR:
  case IR_RET: return NULL;
  case IR_BUILTIN:
    return v->builtin->pure && !v->builtin->atomic && !v->builtin->query_next
               ? NULL
               : "a builtin with side effects";
  default: return "an operation whose order shows";
  }
}

const char *ir_spmd_check_ops(const ir_func *f, int n,
                              const char *(*refuse)(const ir_value *v)) {
  for (const ir_block *b = f->entry; b; b = b->next) {
    for (int i = 0; i < b->nparams; i++)
      if (b->params[i]->id < 0 || b->params[i]->id >= n)
        return "values not numbered";
    for (const ir_value *v = b->first; v; v = v->next) {
      if (v->id < 0 || v->id >= n)
        return "values not numbered";
      const char *why = refuse(v);
      if (why)
        return why;
      if (v->op == IR_TID && (v->aux != 0 || v->aux2 != 1))
        return "wp.tid() of more than one dimension";
    }
  }
  return NULL;
}

bool ir_spmd_mark_edges(const ir_value *v, bool *vary) {
  bool changed = false;
  for (int t = 0; t < 2; t++)
    for (int i = 0; v->targets[t] && i < v->targs[t].nargs; i++) {
      const ir_value *p = v->targets[t]->params[i];
      if (vary[v->targs[t].args[i]->id] && !vary[p->id])
        vary[p->id] = changed = true;
    }
  return changed;
}

const char *ir_spmd_check_uniform(const ir_func *f, const bool *vary) {
  for (const ir_block *b = f->entry; b; b = b->next) {
    for (int i = 0; i < b->nparams; i++)
      if (vary[b->params[i]->id] && b->params[i]->type->kind == IR_T_ARRAY)
        return "an array that differs between threads";
    for (const ir_value *v = b->first; v; v = v->next) {
      if ((v->op == IR_CBR || v->op == IR_SWITCH) && vary[v->args[0]->id])
        return "a branch on a value that differs between threads";
      if (vary[v->id] && v->type->kind == IR_T_ARRAY)
        return "an array that differs between threads";
    }
  }
  return NULL;
}
