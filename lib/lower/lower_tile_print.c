/* lower_tile_print.c - print(tile): an IR_PIECE_TILE of IR_PRINT
 * (lib/emit/emit_tile_print.c prints it as warp-lang 1.19's CPU backend
 * does: its values, then " = tile(shape=(...), storage=S)").
 *
 * The storage S Warp names is its tile type's: "shared" for a tile made
 * with storage="shared", for the results of the builtins Warp makes shared
 * (views, transposes, matmul, ...) and for a tile that one of the builtins
 * which retag their argument to shared is applied to, anywhere in the
 * kernel (tile_extract, t[i], tile_transpose, tile_sum(axis=), ...);
 * "register" otherwise.  The lowering knows the first (recorded here:
 * c->tile_shared); lib/emit sees the whole function and decides the rest.
 *
 * Element types: Warp prints an int32 element with %d and passes every
 * other element to printf's %g, which shows float32 and float64 values
 * and is undefined for the other types; warpc prints tiles of int32,
 * float32 and float64 exactly as Warp and refuses the others. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

void lower_tile_note_storage(lower_ctx *c, ir_value *r) {
  if (r && c->tile_shared_kw && r->type->kind == IR_T_TILE)
    wp_ptrvec_push(c->A, &c->tile_shared, r);
}

bool lower_tile_print_storage(lower_ctx *c, ir_value *t, const char **storage,
                              wp_loc loc) {
  const ir_type *e = t->type->elem;
  if (t->type->flavor == IR_TILE_STACK) {
    wp_error(c->diag, loc,
             "a tile stack cannot be printed (Warp has no print "
             "of a tile_stack)");
    return false;
  }
  if (e->kind != IR_T_SCALAR ||
      (e->scalar != WP_SCALAR_INT32 && e->scalar != WP_SCALAR_FLOAT32 &&
       e->scalar != WP_SCALAR_FLOAT64)) {
    wp_error(c->diag, loc,
             "print() of a tile of '%s': warpc prints tiles of int32, "
             "float32 and float64 (warp-lang 1.19 passes the elements of "
             "other tiles to printf's %%g, which prints undefined values)",
             e->name);
    return false;
  }
  *storage = NULL;
  for (int i = 0; i < c->tile_shared.count; i++)
    if (c->tile_shared.items[i] == t)
      *storage = "shared";
  return true;
}
