/* uniform.c - which kernels may run W threads together (the SPMD form of
 * lib/emit/emit_spmd.c), and which of their values vary between threads.
 *
 * A value varies when it is wp.tid(), when an operand varies, or (a block
 * argument) when a value passed to it on some edge varies; everything else
 * (arguments, constants, loads at a uniform index, loop counters with
 * uniform bounds) is the same in every thread of a launch.  The least such
 * set is a fixpoint over the function, found by repeating the walk until
 * nothing changes (each pass marks at least one more value, so at most one
 * pass per value).
 *
 * The SPMD form runs lane by lane inside each block, with the blocks in the
 * order of one thread, so it needs:
 * - uniform control flow: every branch condition uniform, so that all W
 *   threads take the same path and no lane needs a mask;
 * - stores whose order between threads does not show: each stored array a
 *   parameter, stored and read at one index tuple only, injective in the
 *   thread (lib/ir/injective.c), so that each element has one thread that
 *   touches it, and arrays read at other indices are never written (the
 *   launcher checks at run time that the stored arrays overlap no other
 *   array argument), and no builtin reading memory through an id (a mesh,
 *   volume, hash grid or BVH: a mesh's points are a user's array the
 *   launcher's check does not see);
 * - nothing else whose order between threads shows: no atomics, prints,
 *   calls (a @wp.func left as a call), array views or slices, frame arrays
 *   or addresses.
 * The W lanes then compute what W threads compute one after the other, each
 * with the same operations in the same order: the same bits. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "uniform_internal.h"

/* Why v may not appear in an SPMD kernel (NULL: it may): the common
 * operations and stores (the emitter also refuses tiles). */
static const char *refuse(const ir_value *v) {
  return v->op == IR_STORE ? NULL : ir_spmd_refuse_op(v);
}

static bool any_varying(const bool *vary, ir_value *const *args, int n) {
  for (int i = 0; i < n; i++)
    if (vary[args[i]->id])
      return true;
  return false;
}

/* One pass of the fixpoint; true when it marked a value. */
static bool propagate(const ir_func *k, bool *vary) {
  bool changed = false;
  for (const ir_block *b = k->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next) {
      if (ir_is_terminator(v)) {
        changed |= ir_spmd_mark_edges(v, vary);
        continue;
      }
      if (vary[v->id])
        continue;
      if (v->op == IR_TID || any_varying(vary, v->args, v->nargs))
        vary[v->id] = changed = true;
    }
  return changed;
}

/* The index operands of access v (a load or store): args[1 .. n]. */
static int nindex(const ir_value *v) {
  return v->op == IR_STORE ? v->nargs - 2 : v->nargs - 1;
}

static bool same_index(const ir_value *a, const ir_value *b) {
  int n = nindex(a);
  if (n != nindex(b))
    return false;
  for (int i = 1; i <= n; i++)
    if (a->args[i] != b->args[i])
      return false;
  return true;
}

/* Whether v is a builtin with a 64-bit integer operand: an id of a mesh,
 * volume, hash grid or BVH, through which it reads memory (a mesh's points
 * are a user's array) that the launcher's overlap check does not see. */
static bool reads_through_id(const ir_value *v) {
  if (v->op != IR_BUILTIN)
    return false;
  for (int i = 0; i < v->nargs; i++) {
    const ir_type *t = v->args[i]->type;
    if (t->kind == IR_T_SCALAR &&
        (t->scalar == WP_SCALAR_UINT64 || t->scalar == WP_SCALAR_INT64))
      return true;
  }
  return false;
}

/* The stores: each to a parameter, injective, one index per array, which
 * its loads use too; with stores, every access through a parameter, and no
 * read through an id (a kernel querying a mesh while it writes the mesh's
 * points would see the lanes' stores in another order). */
static const char *check_stores(const ir_func *k, wp_arena *A) {
  const ir_value **first = WP_NEW_ARRAY(A, const ir_value *, k->nparams + 1);
  bool stores = false;
  for (const ir_block *b = k->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next) {
      if (v->op != IR_STORE)
        continue;
      stores = true;
      const ir_value *arr = v->args[0];
      if (arr->op != IR_PARAM || ir_type_is_indexed(arr->type))
        return "a store to an array that is not a parameter";
      if (ir_index_injective_dims(v->args + 1, nindex(v)) < 1)
        return "a store at an index not shown injective in wp.tid()";
      if (!first[arr->aux])
        first[arr->aux] = v;
      else if (!same_index(first[arr->aux], v))
        return "an array stored at two indices";
    }
  if (!stores)
    return NULL;
  for (const ir_block *b = k->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next) {
      if (reads_through_id(v))
        return "a store, and a builtin reading memory through an id";
      if (v->op != IR_LOAD)
        continue;
      const ir_value *arr = v->args[0];
      if (arr->op != IR_PARAM || ir_type_is_indexed(arr->type))
        return "a store, and a load from an array that is not a parameter";
      if (first[arr->aux] && !same_index(first[arr->aux], v))
        return "a load from a stored array at another index";
    }
  return NULL;
}

bool *ir_spmd_varying(const ir_func *k, wp_arena *A, const char **why) {
  *why = NULL;
  if (k->kind != IR_FUNC_KERNEL || k->backward) {
    *why = "not a forward kernel";
    return NULL;
  }
  int n = ir_count_values(k);
  if ((*why = ir_spmd_check_ops(k, n, refuse)))
    return NULL;
  bool *vary = WP_NEW_ARRAY(A, bool, n + 1);
  while (propagate(k, vary))
    ;
  if ((*why = ir_spmd_check_uniform(k, vary)))
    return NULL;
  if ((*why = check_stores(k, A)))
    return NULL;
  return vary;
}
