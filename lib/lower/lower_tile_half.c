/* lower_tile_half.c - the float16/bfloat16 rules of tile_matmul and the
 * tile reductions (lower_tile.h), as warp-lang 1.19's CPU backend has them
 * (warp/native/tile_matmul.h scalar_matmul, tile_reduce.h).
 *
 * tile_matmul: the product accumulates in the element type T of the
 * result (out's dtype, else a's): each operand element converted to T
 * (T(x)), then per output element s = s + a[i,k] * b[k,j] for k = 0..K-1
 * in T arithmetic (float16: each product and sum rounded to float16), and
 * the result alpha * s (+ beta * out when beta != 0) in T.  Warp refuses a
 * bfloat16 accumulator (its message), so bfloat16 tiles are operands into
 * a float16/float32/float64 out only. */
#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

static bool matmul_dtype(const ir_type *t) {
  return ir_type_is_float(t); /* float16, bfloat16, float32, float64 */
}

bool lower_tile_matmul_half(lower_ctx *c, ir_value **args, bool acc,
                            wp_loc loc) {
  const ir_type *et[3];
  bool half = false;
  for (int i = 0; i < (acc ? 3 : 2); i++) {
    et[i] = args[i]->type->elem;
    half |= ir_type_has_half(et[i]);
  }
  if (!half)
    return true;
  for (int i = 0; i < (acc ? 3 : 2); i++)
    if (!matmul_dtype(et[i])) {
      wp_error(c->diag, loc,
               "wp.tile_matmul() arguments must be tiles of float16, "
               "bfloat16, float32, or float64 entries, not '%s'",
               args[i]->type->name);
      return false;
    }
  const ir_type *T = et[acc ? 2 : 0];
  if (T->scalar == WP_SCALAR_BFLOAT16) {
    wp_error(c->diag, loc,
             "wp.tile_matmul() does not support a bfloat16 'out' tile (as "
             "Warp: its accumulator); 'out' is float16, float32 or float64");
    return false;
  }
  for (int i = 0; i < 2; i++) /* Warp's T(x) of each operand element */
    if (et[i] != T)
      args[i] = lower_tile_emit(c, IR_B_TILE_ASTYPE,
                                ir_t_tile_like(c->T, T, args[i]->type),
                                &args[i], 1, loc);
  return true;
}
