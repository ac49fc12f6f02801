/* adjoint_tape.c - the tape entries of a backward function that nothing
 * reads: saved values the reverse sweep never looks at.
 *
 * Inside loops the replay saves every value before redefining it
 * (IR_TAPE_PUSH) and the reverse sweep restores it after undoing the
 * definition (IR_RESTORE), so that each reverse step sees the values of the
 * iteration it undoes.  Many of those values are never read by the reverse
 * sweep: a sum's adjoint rule reads neither the operands nor the result, a
 * product's reads the operands but not the result, and an operand only for
 * the other's adjoint (not when that goes to a local nothing reads: a
 * constant's, a kernel's scalar parameter's), and an integer (a loop
 * counter, a condition) has no adjoint at all.  Their saves and restores
 * are removed here: the reverse sweep computes the same adjoints from the
 * same values, bit for bit, with less tape traffic.  (bench/adjoint's
 * oscillator: 13 float and 3 integer values saved per iteration before, 3
 * floats after.)
 *
 * A value is read by the reverse sweep when an instruction of a block
 * reachable from the reverse sweep's first block uses it, other than its
 * own saves and restores; an adjoint rule (IR_ADJ_BUILTIN) counts only the
 * operands it reads (adj_reads).  Only scalars, vectors and matrices lose
 * their saves (prunable).
 */
#include "adjoint_internal.h"
#include "ir.h"

/* Whether t is a float32/float64 scalar, plain vector or matrix: the types
 * of the prelude rules whose reads adj_reads knows (quaternions,
 * transforms, half types and tiles have their own rules). */
static bool plain_float(const ir_type *t) {
  if (t->kind != IR_T_SCALAR &&
      !(t->kind == IR_T_VEC && t->flavor == IR_VEC_PLAIN) &&
      t->kind != IR_T_MAT)
    return false;
  return t->scalar == WP_SCALAR_FLOAT32 || t->scalar == WP_SCALAR_FLOAT64;
}

/* Whether the adjoint rule v (IR_ADJ_BUILTIN: args 0..n-1 the primal
 * arguments, n the primal result, n + 1 the result's adjoint) reads its
 * operand i.  add, sub, neg, pos: only the adjoint; mul: not the result
 * (wp_adj_<name>_* in lib/emit/prelude/0core.h and 2adjoint.h: `(void)a,
 * (void)b, (void)r`), and an operand only for the other one's adjoint
 * (ga += g * b, gb += g * a): not when that adjoint goes to a local nothing
 * reads (live[slot] false: a constant's, a kernel's scalar parameter's).
 * Every other rule reads everything. */
static bool adj_reads(const ir_value *v, int i, const bool *live) {
  int n = v->aux2;
  if (!v->slots || i > n)
    return true;
  for (int j = 0; j <= n; j++)
    if (!plain_float(v->args[j]->type))
      return true;
  switch (v->builtin->id) {
  case IR_B_ADD:
  case IR_B_SUB:
  case IR_B_NEG:
  case IR_B_POS: return false;
  case IR_B_MUL: return i < n && live[v->slots[1 - i]];
  default: return true;
  }
}

static void mark_reach(ir_block *b, bool *reach) {
  if (!b || reach[b->id])
    return;
  reach[b->id] = true;
  const ir_value *t = b->last;
  if (!t)
    return;
  if (t->op == IR_BR || t->op == IR_CBR) {
    mark_reach(t->targets[0], reach);
    mark_reach(t->targets[1], reach);
  } else if (t->op == IR_SWITCH) {
    mark_reach(t->targets[0], reach);
    for (int c = 0; c < t->ncases; c++)
      mark_reach(t->cases[c], reach);
  }
}

static bool tape_op(const ir_value *v) {
  return (v->op == IR_TAPE_PUSH || v->op == IR_RESTORE) && v->nargs;
}

/* Whether a save of v may go when no instruction reads v: values held in
 * their variable alone (scalars, vectors, matrices).  A tile's restore
 * writes storage that views of it read, and aggregates may hold tiles, so
 * they keep their saves. */
static bool prunable(const ir_value *v) {
  ir_type_kind k = v->type->kind;
  return k == IR_T_SCALAR || k == IR_T_VEC || k == IR_T_MAT;
}

int ir_adj_prune_tape(ir_func *b, ir_block *reverse, wp_arena *A) {
  ir_renumber(b);
  int nblocks = 0;
  for (ir_block *blk = b->entry; blk; blk = blk->next)
    nblocks++;
  int nvalues = ir_count_values(b);
  bool *reach = WP_NEW_ARRAY(A, bool, nblocks + 1);
  bool *read = WP_NEW_ARRAY(A, bool, nvalues + 1);
  /* the adjoint locals something reads (a rule only adds to its slots) */
  bool *live = WP_NEW_ARRAY(A, bool, b->nlocals + 1);
  for (ir_block *blk = b->entry; blk; blk = blk->next)
    for (const ir_value *v = blk->first; v; v = v->next)
      if (v->op == IR_LOCAL_GET)
        live[v->aux] = true;
  mark_reach(reverse, reach);
  for (ir_block *blk = b->entry; blk; blk = blk->next) {
    if (!reach[blk->id])
      continue;
    for (const ir_value *v = blk->first; v; v = v->next) {
      if (tape_op(v))
        continue;
      for (int i = 0; i < v->nargs; i++)
        if (v->op != IR_ADJ_BUILTIN || adj_reads(v, i, live))
          read[v->args[i]->id] = true;
      if (v->op == IR_CBR || v->op == IR_BR)
        for (int k = 0; k < 2; k++)
          for (int i = 0; v->targets[k] && i < v->targs[k].nargs; i++)
            read[v->targs[k].args[i]->id] = true;
    }
  }
  int removed = 0;
  for (ir_block *blk = b->entry; blk; blk = blk->next)
    for (ir_value *v = blk->first, *next; v; v = next) {
      next = v->next;
      if (tape_op(v) && !read[v->args[0]->id] && prunable(v->args[0])) {
        ir_remove(v);
        removed++;
      }
    }
  ir_renumber(b);
  return removed;
}
