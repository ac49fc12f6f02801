/* verify.c - the IR verifier: block structure, edge arity and types,
 * operand types of memory operations, and that every use is dominated by
 * its definition (dominators by Cooper, Harvey & Kennedy, "A Simple, Fast
 * Dominance Algorithm", 2001). */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

typedef struct vctx {
  FILE *out;
  const ir_func *f;
  int problems;
  int nblocks;
  ir_block **order; /* reverse postorder */
  int *rpo;         /* block id -> rpo index, -1 unreachable */
  int *idom;        /* rpo index -> rpo index of immediate dominator */
} vctx;

static void problem(vctx *v, const char *what, const ir_value *at) {
  v->problems++;
  fprintf(v->out, "verify: %s: %s", v->f->name, what);
  if (at)
    fprintf(v->out, " (at %%%d %s)", at->id, ir_op_name(at->op));
  fputc('\n', v->out);
}

static int succs(const ir_block *b, ir_block **out) {
  const ir_value *t = b->last;
  if (!t || !ir_is_terminator(t))
    return 0;
  int n = t->op == IR_BR ? 1 : t->op == IR_CBR ? 2 : 0;
  for (int i = 0; i < n; i++)
    out[i] = t->targets[i];
  return n;
}

static void dfs(vctx *v, ir_block *b, bool *seen, int *count) {
  seen[b->id] = true;
  ir_block *s[2];
  int n = succs(b, s);
  for (int i = n - 1; i >= 0; i--)
    if (!seen[s[i]->id])
      dfs(v, s[i], seen, count);
  v->order[(*count)++] = b; /* postorder; reversed below */
}

static int intersect(const vctx *v, int a, int b) {
  while (a != b) {
    while (a > b)
      a = v->idom[a];
    while (b > a)
      b = v->idom[b];
  }
  return a;
}

static void dominators(vctx *v) {
  int n = v->nblocks, count = 0;
  bool *seen = calloc((size_t)n, 1);
  v->order = calloc((size_t)n, sizeof *v->order);
  v->rpo = malloc(sizeof(int) * (size_t)n);
  v->idom = malloc(sizeof(int) * (size_t)n);
  dfs(v, v->f->entry, seen, &count);
  for (int i = 0; i < count / 2; i++) {
    ir_block *t = v->order[i];
    v->order[i] = v->order[count - 1 - i];
    v->order[count - 1 - i] = t;
  }
  for (int i = 0; i < n; i++)
    v->rpo[i] = -1;
  for (int i = 0; i < count; i++)
    v->rpo[v->order[i]->id] = i, v->idom[i] = -1;
  v->idom[0] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 1; i < count; i++) {
      int nd = -1;
      /* predecessors: blocks whose terminator targets order[i] */
      for (int p = 0; p < count; p++) {
        ir_block *s[2];
        int ns = succs(v->order[p], s);
        for (int k = 0; k < ns; k++)
          if (s[k] == v->order[i] && v->idom[p] >= 0)
            nd = nd < 0 ? p : intersect(v, p, nd);
      }
      if (nd >= 0 && v->idom[i] != nd)
        v->idom[i] = nd, changed = true;
    }
  }
  v->nblocks = count;
  free(seen);
}

static bool dominates(const vctx *v, const ir_block *a, const ir_block *b) {
  int x = v->rpo[a->id], y = v->rpo[b->id];
  if (x < 0 || y < 0)
    return true; /* unreachable code is not checked */
  while (y != x && y != 0)
    y = v->idom[y];
  return y == x;
}

/* `def` is available at `use` (an instruction of block ub). */
static bool available(const vctx *v, const ir_value *def, const ir_value *use,
                      const ir_block *ub) {
  if (def->block != ub)
    return dominates(v, def->block, ub);
  if (def->op == IR_BLOCK_ARG)
    return true;
  for (const ir_value *p = ub->first; p && p != use; p = p->next)
    if (p == def)
      return true;
  return false;
}

static void check_value(vctx *v, const ir_block *b, const ir_value *x) {
  for (int i = 0; i < x->nargs; i++) {
    if (!x->args[i]) {
      problem(v, "missing operand", x);
      continue;
    }
    if (!available(v, x->args[i], x, b))
      problem(v, "operand not dominated by its definition", x);
  }
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < x->targs[k].nargs; i++)
      if (!available(v, x->targs[k].args[i], x, b))
        problem(v, "branch argument not dominated by its definition", x);
  switch (x->op) {
  case IR_BR:
  case IR_CBR:
    if (x->op == IR_CBR && !ir_type_is_bool(x->args[0]->type))
      problem(v, "condition is not bool", x);
    for (int k = 0; k < (x->op == IR_BR ? 1 : 2); k++) {
      const ir_block *t = x->targets[k];
      if (x->targs[k].nargs != t->nparams) {
        problem(v, "branch passes the wrong number of block arguments", x);
        continue;
      }
      for (int i = 0; i < t->nparams; i++)
        if (x->targs[k].args[i]->type != t->params[i]->type)
          problem(v, "block argument type mismatch", x);
    }
    break;
  case IR_RET:
    if ((x->nargs ? x->args[0]->type : NULL) !=
        (v->f->ret->kind == IR_T_VOID ? NULL : v->f->ret))
      problem(v, "return value type differs from the function's", x);
    break;
  case IR_LOAD:
  case IR_STORE:
  case IR_ATOMIC: {
    const ir_type *at = x->args[0]->type;
    int nidx = x->op == IR_LOAD ? x->nargs - 1 : x->nargs - 2;
    if (x->op == IR_ATOMIC && at->kind == IR_T_ARRAY)
      nidx = x->nargs - x->builtin->min_args; /* cas: 2 values */
    if (at->kind != IR_T_ARRAY || nidx != at->ndim)
      problem(v, "array access with a non-array or wrong index count", x);
    else
      for (int i = 1 + nidx; i < x->nargs; i++)
        if (x->args[i]->type != at->elem)
          problem(v, "stored value type differs from the array's", x);
    break;
  }
  default: break;
  }
}

static void verify_func(vctx *v) {
  const ir_func *f = v->f;
  v->nblocks = 0;
  for (ir_block *b = f->entry; b; b = b->next)
    v->nblocks++;
  for (ir_block *b = f->entry; b; b = b->next) {
    if (!b->last || !ir_is_terminator(b->last))
      problem(v, "block does not end with a terminator", b->last);
    for (ir_value *x = b->first; x && x != b->last; x = x->next)
      if (ir_is_terminator(x))
        problem(v, "terminator in the middle of a block", x);
  }
  if (v->problems || f->backward) /* backward code is not SSA */
    return;
  dominators(v);
  for (ir_block *b = f->entry; b; b = b->next)
    for (ir_value *x = b->first; x; x = x->next)
      check_value(v, b, x);
  free(v->order);
  free(v->rpo);
  free(v->idom);
}

int ir_verify(const ir_module *m, FILE *out) {
  int problems = 0;
  for (ir_func *f = m->funcs; f; f = f->next) {
    ir_renumber(f);
    vctx v = {.out = out, .f = f};
    verify_func(&v);
    problems += v.problems;
  }
  return problems;
}
