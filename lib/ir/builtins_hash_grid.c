/* builtins_hash_grid.c - the overload rules of Warp's hash-grid queries
 * (hash_grid_query, hash_grid_query_next, hash_grid_point_id).  The query
 * states are the builtin structs HashGridQuery (float32), _HashGridQueryD
 * (float64) and _HashGridQueryH (float16) of builtin_structs.def; the
 * prelude side is lib/emit/prelude/8hashgrid.h, the runtime object
 * runtime/include/warp/hash_grid.h. */
#include <string.h>

#include "builtins.h"

static const char *const query_names[] = {
    [WP_SCALAR_FLOAT32] = "HashGridQuery",
    [WP_SCALAR_FLOAT64] = "_HashGridQueryD",
    [WP_SCALAR_FLOAT16] = "_HashGridQueryH",
};

static bool is_grid_scalar(int s) {
  return s == WP_SCALAR_FLOAT32 || s == WP_SCALAR_FLOAT64 ||
         s == WP_SCALAR_FLOAT16;
}

/* hash_grid_query(id: uint64, point: vec3{f,d,h}, max_dist: the point's
 * scalar[, group: int32]) -> the query state of that precision */
type_t ir_chk_hash_grid_query(ir_types *T, const ir_builtin *b, type_t *a,
                              int n, const char **err) {
  (void)b;
  if (!is_scalar_of(a[0], WP_SCALAR_UINT64))
    return fail(T, err, "the grid id must be a uint64");
  int s = a[1]->scalar;
  if (a[1]->kind != IR_T_VEC || !is_grid_scalar(s) || !is_vec3_of(a[1], s))
    return fail(T, err, "the point must be a vec3f, vec3d or vec3h");
  if (!is_scalar_of(a[2], s))
    return fail(T, err, "max_dist must have the point's scalar type");
  if (n == 4 && !is_scalar_of(a[3], WP_SCALAR_INT32))
    return fail(T, err, "group must be an int32");
  return ir_builtin_struct_find(T, query_names[s]);
}

static bool is_grid_query(type_t t) {
  if (!ir_type_is_builtin_struct(t))
    return false;
  for (size_t i = 0; i < sizeof query_names / sizeof query_names[0]; i++)
    if (query_names[i] && !strcmp(t->name, query_names[i]))
      return true;
  return false;
}

/* hash_grid_query_next(query, index: int32) -> bool, index assigned */
type_t ir_chk_hash_grid_query_next(ir_types *T, const ir_builtin *b, type_t *a,
                                   int n, const char **err) {
  (void)b;
  (void)n;
  if (!is_grid_query(a[0]))
    return fail(T, err, "the query must be a value of hash_grid_query()");
  if (!is_scalar_of(a[1], WP_SCALAR_INT32))
    return fail(T, err, "the index must be an int32 variable");
  return ir_t_bool(T);
}

/* hash_grid_point_id(id: uint64, index: int32) -> int32 */
type_t ir_chk_hash_grid_point_id(ir_types *T, const ir_builtin *b, type_t *a,
                                 int n, const char **err) {
  (void)b;
  (void)n;
  if (!is_scalar_of(a[0], WP_SCALAR_UINT64) ||
      !is_scalar_of(a[1], WP_SCALAR_INT32))
    return fail(T, err, NULL);
  return ir_t_int32(T);
}
