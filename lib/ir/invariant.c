/* invariant.c - values a launch does not change: the same in every thread
 * of a kernel (its arguments, constants, pure builtins of such values), so
 * that a CPU range loop may compute what depends only on them once (the
 * emitter's division by an invariant divisor, lib/emit/emit_value.c). */
#include "ir.h"

/* Deep enough for `w - 1`, `int(n) * 2 + 1`, `s.width`; deeper chains are
 * simply not recognized (a missed optimization, never a wrong answer). */
enum { INVARIANT_MAX_DEPTH = 6 };

static bool invariant(const ir_value *v, int depth) {
  if (depth > INVARIANT_MAX_DEPTH)
    return false;
  switch (v->op) {
  case IR_CONST:
  case IR_ZERO: return true;
  case IR_PARAM:
    /* a kernel's argument (its backward function takes the same ones); a
       @wp.func's parameter may differ per call */
    return v->block && v->block->func &&
           (v->block->func->kind == IR_FUNC_KERNEL ||
            (v->block->func->primal &&
             v->block->func->primal->kind == IR_FUNC_KERNEL));
  case IR_EXTRACT:
  case IR_CAST: return invariant(v->args[0], depth + 1);
  case IR_BUILTIN:
    if (!v->builtin->pure)
      return false;
    for (int i = 0; i < v->nargs; i++)
      if (!invariant(v->args[i], depth + 1))
        return false;
    return true;
  default: return false;
  }
}

bool ir_launch_invariant(const ir_value *v) {
  return invariant(v, 0);
}
