/* builtins_mesh.c - the overload rules of Warp's BVH and mesh builtins
 * (bvh_query_*, mesh_query_*, mesh_eval_*, mesh_get_*).  The query states
 * and results are the builtin structs of builtin_structs.def (its "bvh and
 * mesh" block); the prelude side is lib/emit/prelude/8bvh.h and 8mesh.h,
 * the runtime objects runtime/include/warp/bvh.h and mesh.h.  Warp's
 * signatures, all float32: an id (uint64), points and directions vec3f,
 * distances float32, faces and roots int32. */
#include <string.h>

#include "builtins.h"

static bool is_f32(type_t t) {
  return is_scalar_of(t, WP_SCALAR_FLOAT32);
}
static bool is_i32(type_t t) {
  return is_scalar_of(t, WP_SCALAR_INT32);
}
static bool is_v3(type_t t) {
  return is_vec3_of(t, WP_SCALAR_FLOAT32);
}
static bool is_id(type_t t) {
  return is_scalar_of(t, WP_SCALAR_UINT64);
}

static bool is_struct_named(type_t t, const char *const *names) {
  if (!ir_type_is_builtin_struct(t))
    return false;
  for (; *names; names++)
    if (!strcmp(t->name, *names))
      return true;
  return false;
}

/* bvh_query_aabb(id, low: vec3f, high: vec3f[, root: int32])
 * bvh_query_ray(id, start: vec3f, dir: vec3f[, root])
 * bvh_query_sphere(id, center: vec3f, radius: float32[, root])
 * bvh_query_capsule(id, start: vec3f, dir: vec3f, radius: float32[, root])
 * -> BvhQuery (one state type for every shape: it keeps its kind) */
type_t ir_chk_bvh_query(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  int shape; /* arguments before the root */
  if (!strcmp(b->name, "bvh_query_aabb") || !strcmp(b->name, "bvh_query_ray")) {
    shape = 3;
    if (!is_v3(a[1]) || !is_v3(a[2]))
      return fail(T, err, "the two points must be vec3f");
  } else if (!strcmp(b->name, "bvh_query_sphere")) {
    shape = 3;
    if (!is_v3(a[1]) || !is_f32(a[2]))
      return fail(T, err, "the center must be a vec3f, the radius a float32");
  } else {
    shape = 4;
    if (!is_v3(a[1]) || !is_v3(a[2]) || !is_f32(a[3]))
      return fail(T, err, "start and dir must be vec3f, the radius a float32");
  }
  if (!is_id(a[0]))
    return fail(T, err, "the BVH id must be a uint64");
  if (n > shape && !is_i32(a[shape]))
    return fail(T, err, "root must be an int32");
  return ir_builtin_struct_find(T, "BvhQuery");
}

/* bvh_query_next(query, index: int32[, max_dist: float32]) -> bool */
type_t ir_chk_bvh_query_next(ir_types *T, const ir_builtin *b, type_t *a, int n,
                             const char **err) {
  (void)b;
  static const char *const states[] = {"BvhQuery", NULL};
  if (!is_struct_named(a[0], states))
    return fail(T, err, "the query must be a value of a bvh_query_*() call");
  if (!is_i32(a[1]))
    return fail(T, err, "the index must be an int32 variable");
  if (n == 3 && !is_f32(a[2]))
    return fail(T, err, "max_dist must be a float32");
  return ir_t_bool(T);
}

/* mesh_query_point*(id, point: vec3f, max_dist: float32) -> MeshQueryPoint
 * (mesh_query_furthest_point_no_sign: min_dist; mesh_query_point_sign_normal
 * also [epsilon: float32], mesh_query_point_sign_winding_number
 * [accuracy, threshold: float32], mesh_query_point_sign_parity [n_sample:
 * int32, perturbation_scale: float32]) */
type_t ir_chk_mesh_point(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  if (!is_id(a[0]) || !is_v3(a[1]) || !is_f32(a[2]))
    return fail(T, err, "takes a uint64 id, a vec3f point and a float32");
  bool parity = b->id == IR_B_MESH_QUERY_POINT_SIGN_PARITY;
  for (int i = 3; i < n; i++) /* epsilon; accuracy, threshold */
    if (parity && i == 3 ? !is_i32(a[i]) : !is_f32(a[i]))
      return fail(T, err,
                  parity ? "n_sample must be an int32, perturbation_scale a "
                           "float32"
                         : "the optional arguments must be float32");
  return ir_builtin_struct_find(T, "MeshQueryPoint");
}

/* mesh_query_ray(id, start, dir, max_t[, root]) -> MeshQueryRay
 * mesh_query_ray_anyhit(id, start, dir, max_t[, root]) -> bool
 * mesh_query_ray_count_intersections(id, start, dir[, root]) -> int32 */
type_t ir_chk_mesh_ray(ir_types *T, const ir_builtin *b, type_t *a, int n,
                       const char **err) {
  int count = strstr(b->name, "count") != NULL;
  int shape = count ? 3 : 4;
  if (!is_id(a[0]) || !is_v3(a[1]) || !is_v3(a[2]) || (!count && !is_f32(a[3])))
    return fail(T, err,
                count ? "takes a uint64 id and vec3f start and dir"
                      : "takes a uint64 id, vec3f start and dir and a "
                        "float32 max_t");
  if (n > shape && !is_i32(a[shape]))
    return fail(T, err, "root must be an int32");
  if (count)
    return ir_t_int32(T);
  if (strstr(b->name, "anyhit"))
    return ir_t_bool(T);
  return ir_builtin_struct_find(T, "MeshQueryRay");
}

/* mesh_query_aabb(id, low: vec3f, high: vec3f)
 * mesh_query_sphere(id, center: vec3f, radius: float32)
 * -> MeshQuery (one state type for both: it keeps its kind) */
type_t ir_chk_mesh_query(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  (void)n;
  int sphere = !strcmp(b->name, "mesh_query_sphere");
  if (!is_id(a[0]) || !is_v3(a[1]) || (sphere ? !is_f32(a[2]) : !is_v3(a[2])))
    return fail(T, err,
                sphere ? "takes a uint64 id, a vec3f center and a float32"
                       : "takes a uint64 id and two vec3f corners");
  return ir_builtin_struct_find(T, "MeshQuery");
}

/* mesh_query_aabb_next / mesh_query_next(query, index: int32) -> bool */
type_t ir_chk_mesh_query_next(ir_types *T, const ir_builtin *b, type_t *a,
                              int n, const char **err) {
  (void)b;
  (void)n;
  static const char *const states[] = {"MeshQuery", NULL};
  if (!is_struct_named(a[0], states))
    return fail(T, err,
                "the query must be a value of mesh_query_aabb() or "
                "mesh_query_sphere()");
  if (!is_i32(a[1]))
    return fail(T, err, "the index must be an int32 variable");
  return ir_t_bool(T);
}

/* mesh_eval_position / mesh_eval_velocity(id, face: int32, u, v: float32)
 * -> vec3f */
type_t ir_chk_mesh_eval(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)b;
  (void)n;
  if (!is_id(a[0]) || !is_i32(a[1]) || !is_f32(a[2]) || !is_f32(a[3]))
    return fail(T, err, "takes a uint64 id, an int32 face and float32 u and v");
  return ir_t_vec(T, WP_SCALAR_FLOAT32, 3);
}

/* mesh_eval_face_normal(id, face), mesh_get_point / mesh_get_velocity(id,
 * index) -> vec3f; mesh_get_index(id, index) -> int32 */
type_t ir_chk_mesh_get(ir_types *T, const ir_builtin *b, type_t *a, int n,
                       const char **err) {
  (void)n;
  if (!is_id(a[0]) || !is_i32(a[1]))
    return fail(T, err, "takes a uint64 id and an int32");
  if (!strcmp(b->name, "mesh_get_index"))
    return ir_t_int32(T);
  return ir_t_vec(T, WP_SCALAR_FLOAT32, 3);
}

/* mesh_get_bvh(id) -> uint64: the id of the mesh's BVH;
 * mesh_get(id) -> Mesh: its points, velocities and indices arrays */
type_t ir_chk_mesh_get_bvh(ir_types *T, const ir_builtin *b, type_t *a, int n,
                           const char **err) {
  (void)n;
  if (!is_id(a[0]))
    return fail(T, err, "the mesh id must be a uint64");
  if (b->id == IR_B_MESH_GET)
    return ir_builtin_struct_find(T, "Mesh");
  return ir_t_scalar(T, WP_SCALAR_UINT64);
}

/* bvh_get_group_root / mesh_get_group_root(id, group: int32) -> int32: the
 * root of the group's subtree, a query's `root` */
type_t ir_chk_mesh_group_root(ir_types *T, const ir_builtin *b, type_t *a,
                              int n, const char **err) {
  (void)b;
  (void)n;
  if (!is_id(a[0]) || !is_i32(a[1]))
    return fail(T, err, "takes a uint64 id and an int32 group");
  return ir_t_int32(T);
}
