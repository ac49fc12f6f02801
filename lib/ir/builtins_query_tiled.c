/* builtins_query_tiled.c - the overload rules of Warp's block-wide
 * ("tiled") BVH and mesh queries: tile_bvh_query_aabb / _ray,
 * tile_mesh_query_aabb, their _next, tile_query_valid, and the deprecated
 * *_tiled aliases of warp-lang 1.18.  The states are the builtin structs
 * BvhQueryTiled and MeshQueryAABBTiled (builtin_structs.def); the _next
 * calls are lowered by lib/lower/lower_query_tiled.c (it says what a step
 * gives), the C is lib/emit/prelude/8query_tiled.h.  Warp's signatures,
 * all float32: an id (uint64) and two vec3f. */
#include <string.h>

#include "builtins.h"

/* The state type a query entry makes, or the one a _next entry takes. */
static const char *state_of(const ir_builtin *b) {
  return strstr(b->name, "mesh") ? "MeshQueryAABBTiled" : "BvhQueryTiled";
}

/* tile_bvh_query_aabb(id, low, high), tile_bvh_query_ray(id, start, dir),
 * tile_mesh_query_aabb(id, low, high) and their *_tiled aliases: uint64,
 * vec3f, vec3f -> the family's state */
type_t ir_chk_query_tiled(ir_types *T, const ir_builtin *b, type_t *a, int n,
                          const char **err) {
  (void)n;
  if (!is_scalar_of(a[0], WP_SCALAR_UINT64) ||
      !is_vec3_of(a[1], WP_SCALAR_FLOAT32) ||
      !is_vec3_of(a[2], WP_SCALAR_FLOAT32))
    return fail(T, err, "takes a uint64 id and two vec3f");
  return ir_builtin_struct_find(T, state_of(b));
}

/* tile_bvh_query_next(query) / tile_mesh_query_aabb_next(query) and the
 * aliases: the family's state -> a tile of one int32 (Warp's CPU shape:
 * lower_query_tiled.c) */
type_t ir_chk_query_tiled_next(ir_types *T, const ir_builtin *b, type_t *a,
                               int n, const char **err) {
  (void)n;
  if (!ir_type_is_builtin_struct(a[0]) || strcmp(a[0]->name, state_of(b)))
    return fail(T, err,
                strstr(b->name, "mesh")
                    ? "the query must be a value of tile_mesh_query_aabb()"
                    : "the query must be a value of tile_bvh_query_aabb() or "
                      "tile_bvh_query_ray()");
  int one = 1;
  return ir_t_tile_nd(T, ir_t_int32(T), 1, &one);
}

/* tile_query_valid(query): BvhQueryTiled or MeshQueryAABBTiled -> bool */
type_t ir_chk_query_tiled_valid(ir_types *T, const ir_builtin *b, type_t *a,
                                int n, const char **err) {
  (void)b;
  (void)n;
  if (!ir_type_is_builtin_struct(a[0]) ||
      (strcmp(a[0]->name, "BvhQueryTiled") &&
       strcmp(a[0]->name, "MeshQueryAABBTiled")))
    return fail(T, err,
                "the query must be a value of tile_bvh_query_aabb(), "
                "tile_bvh_query_ray() or tile_mesh_query_aabb()");
  return ir_t_bool(T);
}
