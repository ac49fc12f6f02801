/* adjoint_tile_half.c - which tile instructions over float16/bfloat16 tiles
 * have an adjoint (adjoint_tile.h), and tile_astype's rule.
 *
 * Warp differentiates half tiles with half adjoints: tile_load, tile_store,
 * tile_sum, tile_transpose, tile_broadcast and tile_matmul keep their rules
 * (adjoint_tile.c), their sums and products rounded to the element type at
 * each step as the forward code is (lib/emit/emit_tile.c, emit_tile_half.c;
 * tile_matmul's adj(a) = alpha g b^T accumulates in float16, as Warp's
 * scalar_matmul does).  Warp refuses the backward of a tile_matmul of
 * bfloat16 operands (they would accumulate adjoints in bfloat16), so such
 * kernels get none here either.  The element-wise operators on half tiles
 * are float32 maps between tile_astype's (lib/lower/lower_tile.c):
 *
 *   tile_astype(x)   adj(x) += tile_astype(g) (to x's dtype) */
#include "../../runtime/include/warp/abi.h"
#include "adjoint_tile.h"

static bool half_scalar_tile(const ir_type *t) {
  return t->kind == IR_T_TILE && t->elem->kind == IR_T_SCALAR &&
         ir_scalar_is_half(t->elem->scalar);
}

bool ir_tile_half_involved(const ir_value *v) {
  if (v->type->kind == IR_T_TILE && ir_type_has_half(v->type->elem))
    return true;
  for (int i = 0; i < v->nargs; i++)
    if (v->args[i]->type->kind == IR_T_TILE &&
        ir_type_has_half(v->args[i]->type->elem))
      return true;
  return false;
}

bool ir_tile_half_has_adjoint(const ir_value *v) {
  for (int i = -1; i < v->nargs; i++) { /* scalar elements only */
    const ir_type *t = i < 0 ? v->type : v->args[i]->type;
    if (t->kind == IR_T_TILE && ir_type_has_half(t->elem) &&
        !half_scalar_tile(t))
      return false;
  }
  switch (v->builtin->id) {
  case IR_B_TILE_LOAD:
  case IR_B_TILE_STORE:
  case IR_B_TILE_TRANSPOSE:
  case IR_B_TILE_ASTYPE: return true;
  case IR_B_TILE_SUM: return v->aux < 0 || v->args[0]->type->ndim <= 2;
  case IR_B_TILE_BROADCAST:
    return v->type->ndim <= 2 && v->args[0]->type->ndim <= 2;
  case IR_B_TILE_MATMUL:
    for (int i = 0; i < 2; i++) /* Warp's rule: no bfloat16 accumulator */
      if (v->args[i]->type->elem->scalar == WP_SCALAR_BFLOAT16)
        return false;
    return true;
  default: return false;
  }
}

void ir_tile_astype_adjoint(const ir_adj_hooks *h, const ir_value *v,
                            ir_value *g) {
  const ir_type *x = v->args[0]->type;
  if (x->elem->kind != IR_T_SCALAR || !ir_type_is_float(x->elem))
    return; /* from integers: nothing to propagate */
  ir_value *c = h->emit(h->ctx, IR_BUILTIN,
                        ir_t_tile_like(h->T, x->elem, g->type), &g, 1);
  c->builtin = ir_builtin_get(IR_B_TILE_ASTYPE);
  h->accum(h->ctx, v->args[0], c);
}
