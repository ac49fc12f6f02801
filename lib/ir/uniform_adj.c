/* uniform_adj.c - which backward (adjoint) functions may run W threads
 * together (the SPMD form of lib/emit/emit_spmd_adj.c), and which of their
 * variables vary between threads.
 *
 * A backward function is imperative (ir.h, IR_LOCAL_GET): its values are
 * variables that the replay assigns once per execution of their
 * instruction and IR_RESTORE pops back, plus the adjoint locals.  A
 * variable varies when it is wp.tid(), when an operand of its instruction
 * varies, when a value passed to it on an edge varies (block arguments),
 * and a local when a value set into it varies (IR_LOCAL_SET, or an adjoint
 * rule IR_ADJ_BUILTIN with a varying operand or a varying slot: then all
 * its slots vary).  Restores and tape pushes keep a variable what it is.
 * The least such set is a fixpoint, as in uniform.c.
 *
 * The SPMD form runs the blocks in the order of one thread, so it needs:
 * - uniform control flow: every branch and switch on a uniform value (the
 *   block numbers the tape records are then the same in every lane, and
 *   the tape's pushes and pops are the same sequence in every lane);
 * - grads whose order of access between threads does not show: each
 *   grad accumulation a single writer (IR_GRAD_ACCUM aux > 0: injective.c),
 *   and, for every element type of which some array's grad is written
 *   (accumulated, or zeroed by a grad load), every load, grad load and grad
 *   accumulation of arrays of that type at one index tuple (the same
 *   values, or the same affine forms in wp.tid(): x[i + 1], y[i + 1]),
 *   injective in the thread, through parameters only: each element then
 *   has one thread that touches it, whatever the aliasing of two
 *   parameters (the launcher also requires the launch's grads not to
 *   overlap and written grads to share no byte with any other array or
 *   grad);
 * - nothing else whose order between threads shows: stores, atomics,
 *   prints, calls, views, frame arrays, addresses, adjoint rules that write
 *   arrays.
 * Each lane then computes what its thread computes, with the same
 * operations in the same order: the same bits. */
#include <string.h>

#include "uniform_internal.h"

/* Why v may not appear in an SPMD backward function (NULL: it may): the
 * common operations, the backward's variables, locals, tapes and switches,
 * single-writer grad accumulations and adjoint rules writing locals only. */
static const char *refuse(const ir_value *v) {
  switch (v->op) {
  case IR_LOCAL_GET:
  case IR_LOCAL_SET:
  case IR_GRAD_LOAD:
  case IR_TAPE_PUSH:
  case IR_RESTORE:
  case IR_PATH_PUSH:
  case IR_PATH_POP:
  case IR_SWITCH: return NULL;
  case IR_GRAD_ACCUM:
    return v->aux > 0 ? NULL
                      : "an adjoint added atomically (more than one thread "
                        "may add to an element)";
  case IR_ADJ_BUILTIN:
    return v->slots ? NULL : "an operation whose order shows";
  default: return ir_spmd_refuse_op(v);
  }
}

typedef struct walk {
  const ir_func *f;
  bool *vary;  /* by value id */
  bool *lvary; /* by local */
  bool changed;
} walk;

static void mark(walk *w, bool *flag) {
  if (!*flag)
    *flag = w->changed = true;
}

static bool any_varying(const walk *w, const ir_value *v) {
  for (int i = 0; i < v->nargs; i++)
    if (w->vary[v->args[i]->id])
      return true;
  return false;
}

static void step(walk *w, const ir_value *v) {
  if (ir_is_terminator(v)) {
    w->changed |= ir_spmd_mark_edges(v, w->vary);
    return;
  }
  switch (v->op) {
  case IR_TAPE_PUSH:
  case IR_RESTORE:
  case IR_PATH_PUSH:
  case IR_PATH_POP:
  case IR_GRAD_ACCUM: return; /* no variable of their own */
  case IR_LOCAL_GET:
    if (w->lvary[v->aux])
      mark(w, &w->vary[v->id]);
    return;
  case IR_LOCAL_SET:
    if (w->vary[v->args[0]->id])
      mark(w, &w->lvary[v->aux]);
    return;
  case IR_ADJ_BUILTIN: {
    bool any = any_varying(w, v);
    for (int i = 0; i < v->aux2 && !any; i++)
      any = w->lvary[v->slots[i]];
    for (int i = 0; i < v->aux2 && any; i++)
      mark(w, &w->lvary[v->slots[i]]);
    return;
  }
  default:
    if (v->op == IR_TID || any_varying(w, v))
      mark(w, &w->vary[v->id]);
    return;
  }
}

/* The index operands of grad or data access v: args[1 .. n]. */
static int nindex(const ir_value *v) {
  return v->op == IR_GRAD_ACCUM ? v->nargs - 2 : v->nargs - 1;
}

static bool grad_access(const ir_value *v) {
  return v->op == IR_LOAD || v->op == IR_GRAD_LOAD || v->op == IR_GRAD_ACCUM;
}

static bool writes_grad(const ir_value *v) {
  return v->op == IR_GRAD_ACCUM || (v->op == IR_GRAD_LOAD && v->aux);
}

static bool same_index(const ir_value *a, const ir_value *b) {
  if (nindex(a) != nindex(b))
    return false;
  for (int i = 1; i <= nindex(a); i++)
    if (a->args[i] != b->args[i] &&
        !ir_index_same_affine(a->args[i], b->args[i]))
      return false;
  return true;
}

/* The grad rule of the header comment. */
static const char *check_grads(const ir_func *f) {
  for (const ir_block *b = f->entry; b; b = b->next)
    for (const ir_value *w = b->first; w; w = w->next) {
      if (!writes_grad(w))
        continue;
      const ir_type *et = w->args[0]->type->elem;
      if (ir_index_injective_dims(w->args + 1, nindex(w)) < 1)
        return "a grad written at an index not shown injective in wp.tid()";
      for (const ir_block *c = f->entry; c; c = c->next)
        for (const ir_value *v = c->first; v; v = v->next) {
          if (!grad_access(v) || v->args[0]->type->elem != et)
            continue;
          if (v->args[0]->op != IR_PARAM ||
              ir_type_is_indexed(v->args[0]->type))
            return "a grad written, and an array of its type that is not a "
                   "parameter";
          if (!same_index(v, w))
            return "a grad written, and an array of its type accessed at "
                   "another index";
        }
    }
  return NULL;
}

bool ir_spmd_adj_varying(const ir_func *f, wp_arena *A, ir_spmd_adj *out,
                         const char **why) {
  *why = NULL;
  memset(out, 0, sizeof *out);
  if (!f->backward || f->kind != IR_FUNC_KERNEL) {
    *why = "not a backward kernel";
    return false;
  }
  int n = ir_count_values(f);
  if ((*why = ir_spmd_check_ops(f, n, refuse)))
    return false;
  walk w = {.f = f,
            .vary = WP_NEW_ARRAY(A, bool, n + 1),
            .lvary = WP_NEW_ARRAY(A, bool, f->nlocals + 1)};
  do {
    w.changed = false;
    for (const ir_block *b = f->entry; b; b = b->next)
      for (const ir_value *v = b->first; v; v = v->next)
        step(&w, v);
  } while (w.changed);
  if ((*why = ir_spmd_check_uniform(f, w.vary)))
    return false;
  for (int i = 0; i < f->nlocals; i++)
    if (w.lvary[i] && f->locals[i]->kind == IR_T_ARRAY) {
      *why = "an array that differs between threads";
      return false;
    }
  if ((*why = check_grads(f)))
    return false;
  out->vary = w.vary;
  out->lvary = w.lvary;
  return true;
}
