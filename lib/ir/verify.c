/* verify.c - the IR verifier: block structure, edge arity and types,
 * operand types of memory operations, and that every use is dominated by
 * its definition (dominators by Cooper, Harvey & Kennedy, "A Simple, Fast
 * Dominance Algorithm", 2001).
 *
 * Linear in the size of the function: values are numbered once
 * (ir_renumber: a block's arguments, then its instructions, in order), so
 * a definition in the block of its use precedes the use when its number is
 * smaller; `at` maps numbers back to values, which tells a value still in
 * the function from one removed from it.  A definition in another block
 * must dominate the use's block: the dominator tree is numbered by a
 * depth-first walk (pre and post order), so that test is two comparisons. */
#include <stdlib.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "ir.h"

typedef struct vctx {
  FILE *out;
  const ir_func *f;
  int problems;
  int nblocks;         /* of the function (then: reachable ones, in rpo) */
  ir_block **order;    /* reverse postorder of the reachable blocks */
  int *rpo;            /* block id -> rpo index, -1 unreachable */
  int *idom;           /* rpo index -> rpo index of immediate dominator */
  int *pre, *post;     /* rpo index -> dominator tree DFS numbers */
  const ir_value **at; /* value id -> the value with that id in f */
  int *start;          /* block id -> id of its first value */
  int nvalues;
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

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p) {
    fputs("warpc: out of memory\n", stderr);
    abort();
  }
  return p;
}

/* Reverse postorder of the blocks reachable from the entry (successors
 * visited in order), by an explicit stack: CFGs of generated code can be
 * deeper than the C stack. */
static int reverse_postorder(vctx *v, ir_block **blocks) {
  int n = v->nblocks, count = 0, sp = 0;
  bool *seen = xcalloc((size_t)n, 1);
  ir_block **stack = xcalloc((size_t)n, sizeof *stack);
  int *next = xcalloc((size_t)n, sizeof *next); /* successor to visit */
  stack[sp++] = v->f->entry;
  seen[v->f->entry->id] = true;
  while (sp) {
    ir_block *b = stack[sp - 1], *s[2];
    int ns = succs(b, s);
    if (next[b->id] < ns) {
      ir_block *t = s[next[b->id]++];
      if (!seen[t->id])
        seen[t->id] = true, stack[sp++] = t;
      continue;
    }
    blocks[count++] = b; /* postorder */
    sp--;
  }
  for (int i = 0; i < count / 2; i++) {
    ir_block *t = blocks[i];
    blocks[i] = blocks[count - 1 - i];
    blocks[count - 1 - i] = t;
  }
  free(seen);
  free(stack);
  free(next);
  return count;
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

/* Numbers the dominator tree in pre and post order (children lists by
 * rpo index, walked with an explicit stack). */
static void number_tree(vctx *v) {
  int n = v->nblocks, clock = 0, sp = 0;
  int *first = xcalloc((size_t)n, sizeof(int)); /* child list heads + 1 */
  int *sibling = xcalloc((size_t)n, sizeof(int));
  int *stack = xcalloc((size_t)n, sizeof(int));
  int *cur = xcalloc((size_t)n, sizeof(int)); /* next child to visit + 1 */
  for (int i = n - 1; i >= 1; i--) {
    sibling[i] = first[v->idom[i]];
    first[v->idom[i]] = i + 1;
  }
  stack[sp++] = 0;
  v->pre[0] = clock++;
  cur[0] = first[0];
  while (sp) {
    int x = stack[sp - 1];
    if (cur[x]) {
      int ch = cur[x] - 1;
      cur[x] = sibling[ch];
      v->pre[ch] = clock++;
      cur[ch] = first[ch];
      stack[sp++] = ch;
      continue;
    }
    v->post[x] = clock++;
    sp--;
  }
  free(first);
  free(sibling);
  free(stack);
  free(cur);
}

static void dominators(vctx *v) {
  int n = v->nblocks;
  v->order = xcalloc((size_t)n, sizeof *v->order);
  v->rpo = xcalloc((size_t)n, sizeof(int));
  v->idom = xcalloc((size_t)n, sizeof(int));
  v->pre = xcalloc((size_t)n, sizeof(int));
  v->post = xcalloc((size_t)n, sizeof(int));
  int count = reverse_postorder(v, v->order);
  for (int i = 0; i < n; i++)
    v->rpo[i] = -1;
  for (int i = 0; i < count; i++)
    v->rpo[v->order[i]->id] = i, v->idom[i] = -1;
  /* predecessors by rpo index, in arrays: pstart[i] .. pstart[i + 1] */
  int *pstart = xcalloc((size_t)count + 1, sizeof(int));
  int *preds = xcalloc((size_t)count * 2 + 1, sizeof(int));
  for (int p = 0; p < count; p++) {
    ir_block *s[2];
    int ns = succs(v->order[p], s);
    for (int k = 0; k < ns; k++)
      pstart[v->rpo[s[k]->id] + 1]++;
  }
  for (int i = 0; i < count; i++)
    pstart[i + 1] += pstart[i];
  int *fill = xcalloc((size_t)count + 1, sizeof(int));
  memcpy(fill, pstart, sizeof(int) * (size_t)count);
  for (int p = 0; p < count; p++) {
    ir_block *s[2];
    int ns = succs(v->order[p], s);
    for (int k = 0; k < ns; k++)
      preds[fill[v->rpo[s[k]->id]]++] = p;
  }
  free(fill);
  v->idom[0] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 1; i < count; i++) {
      int nd = -1;
      for (int e = pstart[i]; e < pstart[i + 1]; e++) {
        int p = preds[e];
        if (v->idom[p] >= 0)
          nd = nd < 0 ? p : intersect(v, p, nd);
      }
      if (nd >= 0 && v->idom[i] != nd)
        v->idom[i] = nd, changed = true;
    }
  }
  free(pstart);
  free(preds);
  v->nblocks = count;
  number_tree(v);
}

static bool dominates(const vctx *v, const ir_block *a, const ir_block *b) {
  int x = v->rpo[a->id], y = v->rpo[b->id];
  if (x < 0 || y < 0)
    return true; /* unreachable code is not checked */
  return v->pre[x] <= v->pre[y] && v->post[y] <= v->post[x];
}

/* `def` is available at `use` (an instruction of block ub). */
static bool available(const vctx *v, const ir_value *def, const ir_value *use,
                      const ir_block *ub) {
  if (!def->block || def->block->func != v->f)
    return false; /* not of this function */
  if (def->block != ub)
    return dominates(v, def->block, ub);
  if (def->op == IR_BLOCK_ARG)
    return true;
  /* in ub's list (not a removed value) and before the use */
  return def->id >= v->start[ub->id] && def->id < use->id &&
         v->at[def->id] == def;
}

/* The types of the values of print() (IR_PIECE_VALUE), as lib/emit
 * converts them: bool, float64, 32- and 64-bit integers. */
static bool print_value_type(const ir_type *t) {
  if (t->kind != IR_T_SCALAR)
    return false;
  switch (t->scalar) {
  case WP_SCALAR_BOOL:
  case WP_SCALAR_FLOAT64:
  case WP_SCALAR_INT32:
  case WP_SCALAR_UINT32:
  case WP_SCALAR_INT64:
  case WP_SCALAR_UINT64: return true;
  default: return false;
  }
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
  case IR_PRINT: {
    int first = x->aux != IR_PRINT_ALWAYS;
    if (!x->print) {
      problem(v, "print without pieces", x);
      break;
    }
    for (int i = 0; i < x->print->npieces; i++) {
      const ir_print_piece *p = &x->print->pieces[i];
      if (p->kind == IR_PIECE_TEXT)
        continue;
      if (p->arg < first || p->arg > x->nargs ||
          (p->kind == IR_PIECE_VALUE && p->arg == x->nargs)) {
        problem(v, "print piece names a missing value", x);
        continue;
      }
      if (p->kind == IR_PIECE_VALUE && !print_value_type(x->args[p->arg]->type))
        problem(v, "print value of a type print() does not convert", x);
      if (p->kind == IR_PIECE_TILE &&
          (p->arg == x->nargs || x->args[p->arg]->type->kind != IR_T_TILE))
        problem(v, "tile print piece names a value that is not a tile", x);
    }
    break;
  }
  default: break;
  }
}

/* Whether `t` is a block of the function (in its list). */
static bool own_block(const vctx *v, const ir_block *t, ir_block **blocks) {
  return t && t->id >= 0 && t->id < v->f->nblocks && blocks[t->id] == t;
}

static void verify_func(vctx *v) {
  const ir_func *f = v->f;
  v->nblocks = f->nblocks;
  ir_block **blocks = xcalloc((size_t)f->nblocks, sizeof *blocks);
  for (ir_block *b = f->entry; b; b = b->next)
    blocks[b->id] = b;
  for (ir_block *b = f->entry; b; b = b->next) {
    if (!b->last || !ir_is_terminator(b->last))
      problem(v, "block does not end with a terminator", b->last);
    for (ir_value *x = b->first; x && x != b->last; x = x->next)
      if (ir_is_terminator(x))
        problem(v, "terminator in the middle of a block", x);
    ir_block *s[2];
    int ns = succs(b, s);
    for (int k = 0; k < ns; k++)
      if (!own_block(v, s[k], blocks))
        problem(v, "branch to a block that is not in the function", b->last);
      else if (s[k] == f->entry) /* as in LLVM: its params are the args */
        problem(v, "branch to the entry block", b->last);
  }
  free(blocks);
  if (v->problems || f->backward) /* backward code is not SSA */
    return;
  v->at = xcalloc((size_t)v->nvalues, sizeof *v->at);
  v->start = xcalloc((size_t)f->nblocks, sizeof *v->start);
  for (ir_block *b = f->entry; b; b = b->next) {
    v->start[b->id] = b->nparams ? b->params[0]->id
                      : b->first ? b->first->id
                                 : 0;
    for (int i = 0; i < b->nparams; i++)
      v->at[b->params[i]->id] = b->params[i];
    for (ir_value *x = b->first; x; x = x->next)
      v->at[x->id] = x;
  }
  dominators(v);
  for (ir_block *b = f->entry; b; b = b->next)
    for (ir_value *x = b->first; x; x = x->next)
      check_value(v, b, x);
  free(v->at);
  free(v->start);
  free(v->order);
  free(v->rpo);
  free(v->idom);
  free(v->pre);
  free(v->post);
}

int ir_verify(const ir_module *m, FILE *out) {
  int problems = 0;
  for (ir_func *f = m->funcs; f; f = f->next) {
    ir_renumber(f);
    vctx v = {.out = out, .f = f};
    for (ir_block *b = f->entry; b; b = b->next) {
      v.nvalues += b->nparams;
      for (ir_value *x = b->first; x; x = x->next)
        v.nvalues++;
    }
    verify_func(&v);
    problems += v.problems;
  }
  return problems;
}
