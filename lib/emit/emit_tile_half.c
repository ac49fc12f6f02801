/* emit_tile_half.c - what the tile emitters need of float16/bfloat16: the
 * conversion to float of the reductions' comparisons and folds (the
 * float16 tile_matmul is emit_tile.c's matmul_half). */
#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

const char *emit_tile_half_to_float(const ir_type *t) {
  if (t->kind != IR_T_SCALAR)
    return NULL;
  switch (t->scalar) {
  case WP_SCALAR_FLOAT16: return "wp_h2f";
  case WP_SCALAR_BFLOAT16: return "wp_bf2f";
  default: return NULL;
  }
}
