/* 8query_tiled.h - the block-wide ("tiled") BVH and mesh queries of
 * generated code: tile_bvh_query_aabb / _ray, tile_mesh_query_aabb,
 * tile_query_valid, the deprecated *_tiled aliases, and the _query_next /
 * _found / _index functions that lib/lower/lower_query_tiled.c lowers
 * their _next to (it says what a step gives: one result per step, as
 * warp-lang's CPU backend; on CUDA every thread of the block runs the same
 * steps on its own copy).  The queries themselves are 8bvh.h's and
 * 8mesh.h's. */

/* BvhQueryTiled: a BVH query (either shape) and Warp's last_query_valid:
 * true when made, then whether the last step found a result. */
typedef struct wp_bvh_query_tiled_t {
  wp_bvh_query_t q;
  wp_bool valid;
} wp_bvh_query_tiled_t;

/* MeshQueryAABBTiled: a mesh box query and the same flag. */
typedef struct wp_mesh_query_aabb_tiled_t {
  wp_mesh_query_aabb_t q;
  wp_bool valid;
} wp_mesh_query_aabb_tiled_t;

WP_FN wp_bvh_query_tiled_t wp__bvh_query_tiled(wp_bvh_query_t q) {
  wp_bvh_query_tiled_t r;
  r.q = q;
  r.valid = 1;
  return r;
}

WP_FN wp_bvh_query_tiled_t wp_tile_bvh_query_aabb_uint64_vec3f_vec3f(
    wp_uint64 id, wp_vec3f lo, wp_vec3f hi) {
  return wp__bvh_query_tiled(wp__bvh_query_aabb(id, lo, hi, -1));
}
WP_FN wp_bvh_query_tiled_t wp_tile_bvh_query_ray_uint64_vec3f_vec3f(
    wp_uint64 id, wp_vec3f start, wp_vec3f dir) {
  return wp__bvh_query_tiled(wp__bvh_query_ray(id, start, dir, -1));
}
WP_FN wp_bvh_query_tiled_t wp_bvh_query_aabb_tiled_uint64_vec3f_vec3f(
    wp_uint64 id, wp_vec3f lo, wp_vec3f hi) {
  return wp_tile_bvh_query_aabb_uint64_vec3f_vec3f(id, lo, hi);
}
WP_FN wp_bvh_query_tiled_t wp_bvh_query_ray_tiled_uint64_vec3f_vec3f(
    wp_uint64 id, wp_vec3f start, wp_vec3f dir) {
  return wp_tile_bvh_query_ray_uint64_vec3f_vec3f(id, start, dir);
}

WP_FN wp_mesh_query_aabb_tiled_t wp_tile_mesh_query_aabb_uint64_vec3f_vec3f(
    wp_uint64 id, wp_vec3f lo, wp_vec3f hi) {
  wp_mesh_query_aabb_tiled_t r;
  r.q = wp__mesh_query_aabb(id, lo, hi);
  r.valid = 1;
  return r;
}
WP_FN wp_mesh_query_aabb_tiled_t wp_mesh_query_aabb_tiled_uint64_vec3f_vec3f(
    wp_uint64 id, wp_vec3f lo, wp_vec3f hi) {
  return wp_tile_mesh_query_aabb_uint64_vec3f_vec3f(id, lo, hi);
}

WP_FN wp_bool wp_tile_query_valid_BvhQueryTiled(wp_bvh_query_tiled_t q) {
  return q.valid;
}
WP_FN wp_bool
wp_tile_query_valid_MeshQueryAABBTiled(wp_mesh_query_aabb_tiled_t q) {
  return q.valid;
}

/* One step: the next result (its index in q.q.bounds_nr / q.q.face), and
 * the flag. */
WP_FN wp_bvh_query_tiled_t
wp__query_next_BvhQueryTiled(wp_bvh_query_tiled_t q) {
  q.q = wp__bvh_query_step(q.q, WP__FLT_MAX);
  q.valid = q.q.found;
  return q;
}
WP_FN wp_bool wp__query_found_BvhQueryTiled(wp_bvh_query_tiled_t q) {
  return q.q.found;
}
WP_FN wp_int32 wp__query_index_BvhQueryTiled_int32(wp_bvh_query_tiled_t q,
                                                   wp_int32 old) {
  return q.q.found ? q.q.bounds_nr : old;
}

WP_FN wp_mesh_query_aabb_tiled_t
wp__query_next_MeshQueryAABBTiled(wp_mesh_query_aabb_tiled_t q) {
  wp_int32 i;
  q.q.found = wp__mesh_query_aabb_next(&q.q, &i);
  q.valid = q.q.found;
  return q;
}
WP_FN wp_bool wp__query_found_MeshQueryAABBTiled(wp_mesh_query_aabb_tiled_t q) {
  return q.q.found;
}
WP_FN wp_int32 wp__query_index_MeshQueryAABBTiled_int32(
    wp_mesh_query_aabb_tiled_t q, wp_int32 old) {
  return q.q.found ? q.q.face : old;
}
