/* lower_query_tiled.c - Warp's block-wide ("tiled") BVH and mesh queries:
 *
 *     query = wp.tile_bvh_query_aabb(bvh, lo, hi)   # or _ray, or
 *                                                   # tile_mesh_query_aabb
 *     while wp.tile_query_valid(query):
 *         t = wp.tile_bvh_query_next(query)         # tile_mesh_query_aabb_next
 *         ...                                       # t[0] >= 0: a result
 *
 * What warp-lang 1.19 does on its CPU backend (where a block is one
 * thread, block_dim 1), and warpc on both targets: the state is an
 * ordinary query (BvhQueryTiled / MeshQueryAABBTiled, builtin_structs.def)
 * plus Warp's `last_query_valid` flag, true when it is made; each _next
 * advances it by one result and gives a tile of shape (1,) of int32
 * holding that result's index (a bound of the BVH, a face of the mesh),
 * or -1 when there is none left, which also clears the flag that
 * tile_query_valid reads.  So the loop above runs once more than there
 * are results, the last time with -1, and an empty query runs it once.
 * Results come in the tree's traversal order, which Warp leaves
 * unspecified (warpc's tree is not warp-lang's).
 *
 * CUDA: warp-lang's GPU form spreads each step over the block (a tile of
 * shape (block_dim,), up to one result per thread).  warpc's tile value
 * is the same in every thread of a block (lib/emit/emit_tile.c), so on
 * CUDA every thread runs the CPU form above on its own copy of the query,
 * and a step's tile has the block width B's shape (B,) (lower_block_width:
 * 1 on the CPU, the module's block_dim in the CUDA lowering) with the
 * result in element 0 and -1 elsewhere: wp.untile(tile), one element per
 * thread, hands each result to one thread of the block, as on the CPU.
 *
 * The _next call passes the query by reference, as Warp does: it must be a
 * local variable, which the call assigns (lowered as lower_query.c lowers
 * X_next):
 *
 *     q2 = _query_next(query)          the state advanced by one result
 *     i  = _query_index(q2, -1)        its index, -1 when there was none
 *     t  = tile_full((1,), i)          the tile (B > 1: tile_full((B,), -1)
 *                                      with element 0 set to i)
 *
 * and q2 is assigned to the variable. */
#include "lower_internal.h"
#include "lower_tile.h"

bool lower_query_tiled_is_next(ir_builtin_id id) {
  return id == IR_B_TILE_BVH_QUERY_NEXT ||
         id == IR_B_TILE_MESH_QUERY_AABB_NEXT ||
         id == IR_B_BVH_QUERY_NEXT_TILED ||
         id == IR_B_MESH_QUERY_AABB_NEXT_TILED;
}

void lower_query_tiled_deprecation(lower_ctx *c, const ast_expr *e,
                                   const ir_builtin *b) {
  static const struct {
    ir_builtin_id id;
    const char *now;
  } alias[] = {
      {IR_B_BVH_QUERY_AABB_TILED, "tile_bvh_query_aabb"},
      {IR_B_BVH_QUERY_RAY_TILED, "tile_bvh_query_ray"},
      {IR_B_BVH_QUERY_NEXT_TILED, "tile_bvh_query_next"},
      {IR_B_MESH_QUERY_AABB_TILED, "tile_mesh_query_aabb"},
      {IR_B_MESH_QUERY_AABB_NEXT_TILED, "tile_mesh_query_aabb_next"},
  };
  for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
    if (alias[i].id == b->id)
      wp_warning(c->diag, WP_W_DEPRECATED_BUILTIN, e->loc,
                 "wp.%s() is deprecated in warp-lang 1.18 (to be removed in "
                 "1.22): use wp.%s()",
                 b->name, alias[i].now);
}

ir_value *lower_query_tiled_next(lower_ctx *c, const ast_expr *e,
                                 const ir_builtin *b) {
  if (e->nitems != 1) {
    wp_error(c->diag, e->loc, "'%s' takes 1 argument, got %d", b->name,
             e->nitems);
    return NULL;
  }
  const ast_expr *qe = e->items[0];
  ir_value *q = lower_expr(c, qe);
  if (!q || !lower_builtin_accepts(c, b, &q, 1, e->loc))
    return NULL;
  int var =
      qe->kind == AST_EXPR_NAME ? lower_var_index(c, qe->name, false) : -1;
  if (var < 0 || !c->fs->var_types[var]) {
    wp_error(c->diag, qe->loc,
             "the query of '%s' must be a local variable: the call advances "
             "it",
             b->name);
    return NULL;
  }
  const ir_type *i32 = ir_t_int32(c->T);
  ir_value *q2 =
      lower_builtin(c, ir_builtin_get(IR_B_I_QUERY_NEXT), &q, 1, e->loc);
  if (!q2)
    return NULL;
  ir_value *ia[2] = {q2, lower_const_int(c, i32, -1)};
  ir_value *idx =
      lower_builtin(c, ir_builtin_get(IR_B_I_QUERY_INDEX), ia, 2, e->loc);
  if (!idx)
    return NULL;
  /* shape (B,): the result in element 0, -1 in the others, so that
     wp.untile gives it to the block's first thread only */
  int w = lower_block_width(c);
  const ir_type *tt = ir_t_tile_nd(c->T, i32, 1, &w);
  ir_value *t = idx;
  if (w > 1) {
    ir_value *none = lower_const_int(c, i32, -1);
    t = lower_tile_emit(c, IR_B_TILE_FULL, tt, &none, 1, e->loc);
    ir_value *set[3] = {t, lower_const_int(c, i32, 0), idx};
    t = t ? lower_tile_emit(c, IR_B_I_TILE_SET, tt, set, 3, e->loc) : NULL;
  } else
    t = lower_tile_emit(c, IR_B_TILE_FULL, tt, &idx, 1, e->loc);
  if (c->fs->cur) {
    q2->name = qe->name;
    lower_write_var(c, var, c->fs->cur, q2);
  }
  return t;
}
