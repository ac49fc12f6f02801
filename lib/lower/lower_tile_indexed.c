/* lower_tile_indexed.c - tile_load_indexed, tile_store_indexed and
 * tile_atomic_add_indexed: a tile loaded, stored or added along one axis
 * through a 1-d int32 tile of indices (Warp's: element c is at offset[d] +
 * c[d] along the other dimensions, offset[axis] + indices[c[axis]] along
 * axis; every coordinate checked against both bounds, so -1 pads).
 *
 * They are TILE_LOAD / TILE_STORE / TILE_ATOMIC_ADD instructions (the
 * bounds always checked) with the indices tile as the last argument and
 * ival = axis + 1 (lib/emit/emit_tile.c reads the coordinate there). */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

ir_value *lower_tile_indexed(lower_ctx *c, const ast_expr *e,
                             const ir_builtin *b) {
  static const char *const lk[] = {"a",      "indices", "shape",
                                   "offset", "axis",    "storage"};
  static const char *const sk[] = {"a", "indices", "t", "offset", "axis"};
  bool load = b->id == IR_B_TILE_LOAD_INDEXED;
  const ast_expr *x[6];
  if (!lower_tile_bind(c, e, b->name, load ? lk : sk, load ? 6 : 5, x))
    return NULL;
  if (!x[0] || !x[1] || !x[2]) {
    wp_error(c->diag, e->loc, "wp.%s() needs a, indices and %s", b->name,
             load ? "shape" : "t");
    return NULL;
  }
  if (load && x[5] &&
      (x[5]->kind != AST_EXPR_STRING ||
       (strcmp(x[5]->string, "register") && strcmp(x[5]->string, "shared")))) {
    wp_error(c->diag, x[5]->loc, "storage= is \"register\" or \"shared\"");
    return NULL;
  }
  c->tile_shared_kw |= load && x[5] && !strcmp(x[5]->string, "shared");
  ir_value *a = lower_tile_array_arg(c, x[0], b->name);
  ir_value *idx = a ? lower_tile_arg(c, x[1], b->name) : NULL;
  if (!idx)
    return NULL;
  const ir_type *at = a->type;
  int nd = at->ndim, dims[IR_TILE_MAX_NDIM];
  ir_value *t = NULL;
  if (load) {
    if (!lower_tile_shape(c, x[2], b->name, &nd, dims))
      return NULL;
  } else {
    if (!(t = lower_tile_arg(c, x[2], b->name)))
      return NULL;
    nd = t->type->ndim;
    memcpy(dims, t->type->tdims, sizeof dims);
    if (t->type->elem != at->elem) {
      wp_error(c->diag, x[2]->loc, "wp.%s(): the tile is '%s', the array '%s'",
               b->name, t->type->name, at->name);
      return NULL;
    }
  }
  int64_t axis = 0;
  if (x[4] && !lower_tile_const_int(c, x[4], "axis", &axis))
    return NULL;
  if (nd != at->ndim || axis < 0 || axis >= nd) {
    wp_error(c->diag, e->loc,
             "wp.%s(): the tile needs the array's %d dimensions and an axis "
             "among them",
             b->name, at->ndim);
    return NULL;
  }
  const ir_type *it = idx->type;
  if (it->ndim != 1 || it->elem != ir_t_int32(c->T) || it->rows != dims[axis]) {
    wp_error(c->diag, x[1]->loc,
             "wp.%s(): the indices must be a 1-d int32 tile of %d elements "
             "(the tile's extent along axis %d), not '%s'",
             b->name, dims[axis], (int)axis, it->name);
    return NULL;
  }
  if (ir_type_has_half(at->elem)) {
    wp_error(c->diag, e->loc,
             "wp.%s(): tiles of float16/bfloat16 are not supported by warpc "
             "yet",
             b->name);
    return NULL;
  }
  ir_value *args[3 + IR_TILE_MAX_NDIM];
  int n = 0;
  args[n++] = a;
  if (t)
    args[n++] = t;
  if (!lower_tile_offsets(c, x[3], nd, args + n))
    return NULL;
  n += nd;
  args[n++] = idx;
  ir_builtin_id id = load                               ? IR_B_TILE_LOAD
                     : b->id == IR_B_TILE_STORE_INDEXED ? IR_B_TILE_STORE
                                                        : IR_B_TILE_ATOMIC_ADD;
  if (!load)
    lower_note_store(c, a);
  const ir_type *rt = load ? ir_t_tile_nd(c->T, at->elem, nd, dims)
                      : id == IR_B_TILE_STORE ? ir_t_void(c->T)
                                              : t->type;
  ir_value *v = lower_tile_emit(c, id, rt, args, n, e->loc);
  v->aux = 1; /* the bounds are checked */
  v->ival = axis + 1;
  return v;
}
