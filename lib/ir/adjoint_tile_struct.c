/* adjoint_tile_struct.c - which tile instructions over tiles of @wp.struct
 * elements have an adjoint (adjoint_tile.h).
 *
 * Warp 1.19 differentiates struct tiles on the CPU as it moves and adds
 * them: the adjoint of a struct tile is a tile of the same struct whose
 * float members hold the adjoints (integer members get none; the harness
 * and Warp compare the float members only).  The rules of adjoint_tile.c
 * that only move elements (tile_load, tile_store, tile_atomic_add and
 * their indexed forms, tile_transpose, tile_reshape / tile_squeeze,
 * tile_broadcast, element access), sum them (tile_sum, all or along an
 * axis of a 1-d or 2-d tile) or add and subtract them (the + and -
 * operators, and the adjoints' own sums) serve struct tiles unchanged:
 * lib/emit/emit_tile_struct.c adds, subtracts and atomically adds struct
 * elements member-wise, and the adjoint of -g is 0 - g.  tile_zeros of a
 * struct (a constant) needs none.  tile_map of a @wp.func over struct
 * tiles has its own rule elsewhere; anything else (tile_sort, scatters,
 * wp.tile of a struct) gives the kernel no backward. */
#include "adjoint_tile.h"

static bool struct_tile(const ir_type *t) {
  return t->kind == IR_T_TILE && t->elem->kind == IR_T_STRUCT;
}

bool ir_tile_struct_involved(const ir_value *v) {
  if (struct_tile(v->type))
    return true;
  for (int i = 0; i < v->nargs; i++)
    if (struct_tile(v->args[i]->type))
      return true;
  return false;
}

bool ir_tile_struct_has_adjoint(const ir_value *v) {
  for (int i = -1; i < v->nargs; i++) { /* summable structs only */
    const ir_type *t = i < 0 ? v->type : v->args[i]->type;
    if (struct_tile(t) && !ir_tile_struct_summable(t->elem))
      return false;
  }
  switch (v->builtin->id) {
  case IR_B_TILE_LOAD:
  case IR_B_TILE_STORE:
  case IR_B_TILE_ATOMIC_ADD:
  case IR_B_TILE_FULL:
  case IR_B_TILE_TRANSPOSE:
  case IR_B_TILE_RESHAPE:
  case IR_B_TILE_EXTRACT: return true;
  case IR_B_TILE_SUM: return v->aux < 0 || v->args[0]->type->ndim <= 2;
  case IR_B_TILE_BROADCAST:
    return v->type->ndim <= 2 && v->args[0]->type->ndim <= 2;
  case IR_B_TILE_MAP:
    return !v->callee && (v->aux == IR_B_ADD || v->aux == IR_B_SUB);
  default: return false;
  }
}
