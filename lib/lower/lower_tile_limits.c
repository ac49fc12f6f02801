/* lower_tile_limits.c - the size of a tile: at most IR_TILE_MAX_BYTES
 * (lib/ir/ir.h), checked where each tile builtin's result is made
 * (lower_tile_emit); the element count is checked with the shape
 * (lower_tile_shape). */
#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

/* Whether t is a tile past the size limit. */
static bool too_big(const ir_type *t) {
  return t && t->kind == IR_T_TILE && ir_type_size(t) > IR_TILE_MAX_BYTES;
}

void lower_tile_check_bytes(lower_ctx *c, const ir_type *t, ir_value **args,
                            int n, wp_loc loc) {
  if (!too_big(t))
    return;
  for (int i = 0; i < n; i++)
    if (args[i] && too_big(args[i]->type))
      return;
  wp_error(c->diag, loc,
           "a '%s' is %lld bytes: a tile holds at most %d KiB in warpc (as "
           "warp-lang's CPU backend, whose block stops with \"Warp CPU tile "
           "shared-memory allocation exceeds the 256 KiB arena\")",
           t->name, (long long)ir_type_size(t), IR_TILE_MAX_BYTES / 1024);
}
