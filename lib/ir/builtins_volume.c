/* builtins_volume.c - the overload rules of the volume builtins (wp.Volume:
 * NanoVDB grids, <warp/volume.h>).  The id is a uint64, voxel coordinates
 * int32, sample points vec3f in index space; the value types are those
 * warp-lang reads from a grid: float32, float64, int32, int64, uint32,
 * vec3f, vec3d, vec4f, vec4d.  The dtype= and out-parameter forms are
 * lowered (lower_volume.c) to the internal builtins; the prelude side is
 * lib/emit/prelude/8volume.h. */
#include "builtins.h"

static bool is_id(type_t t) {
  return is_scalar_of(t, WP_SCALAR_UINT64);
}
static bool is_i32(type_t t) {
  return is_scalar_of(t, WP_SCALAR_INT32);
}
static bool is_uvw(type_t t) {
  return is_vec3_of(t, WP_SCALAR_FLOAT32);
}

/* A value type of grids warp-lang samples. */
static bool is_value(type_t t) {
  if (t->kind == IR_T_SCALAR)
    return t->scalar == WP_SCALAR_FLOAT32 || t->scalar == WP_SCALAR_FLOAT64 ||
           t->scalar == WP_SCALAR_INT32 || t->scalar == WP_SCALAR_INT64 ||
           t->scalar == WP_SCALAR_UINT32;
  return t->kind == IR_T_VEC && !t->flavor && (t->rows == 3 || t->rows == 4) &&
         (t->scalar == WP_SCALAR_FLOAT32 || t->scalar == WP_SCALAR_FLOAT64);
}

/* The gradient of a sample of T with respect to uvw: a vec3 of T for
 * scalars, a (length x 3) matrix for vectors (Warp's val_traits::grad_t);
 * NULL for types without one (integers). */
static type_t grad_of(ir_types *T, type_t v) {
  if (is_f3264(v))
    return ir_t_vec(T, v->scalar, 3);
  if (v->kind == IR_T_VEC && is_value(v))
    return ir_t_mat(T, v->scalar, v->rows, 3);
  return NULL;
}

static bool ijk(type_t *a) {
  return is_i32(a[0]) && is_i32(a[1]) && is_i32(a[2]);
}

/* volume_sample_f/_v(id, uvw, sampling_mode), volume_sample_i(id, uvw) */
type_t ir_chk_volume_sample(ir_types *T, const ir_builtin *b, type_t *a, int n,
                            const char **err) {
  if (!is_id(a[0]) || !is_uvw(a[1]) || (n == 3 && !is_i32(a[2])))
    return fail(T, err, "takes (uint64 id, vec3f uvw[, int32 sampling_mode])");
  if (b->id == IR_B_VOLUME_SAMPLE_V)
    return ir_t_vec(T, WP_SCALAR_FLOAT32, 3);
  return b->id == IR_B_VOLUME_SAMPLE_I ? ir_t_int32(T) : ir_t_float32(T);
}

/* volume_lookup_f/_v/_i/_index(id, i, j, k), volume_voxel_count(id) */
type_t ir_chk_volume_lookup(ir_types *T, const ir_builtin *b, type_t *a, int n,
                            const char **err) {
  if (!is_id(a[0]) || (n == 4 && !ijk(a + 1)))
    return fail(T, err,
                n == 1 ? "takes (uint64 id)"
                       : "takes (uint64 id, int32 i, int32 j, int32 k)");
  switch (b->id) {
  case IR_B_VOLUME_LOOKUP_F: return ir_t_float32(T);
  case IR_B_VOLUME_LOOKUP_V: return ir_t_vec(T, WP_SCALAR_FLOAT32, 3);
  default: return ir_t_int32(T);
  }
}

/* volume_store_f/_v/_i(id, i, j, k, value) */
type_t ir_chk_volume_store(ir_types *T, const ir_builtin *b, type_t *a, int n,
                           const char **err) {
  (void)n;
  type_t want = b->id == IR_B_VOLUME_STORE_F ? ir_t_float32(T)
                : b->id == IR_B_VOLUME_STORE_I
                    ? ir_t_int32(T)
                    : ir_t_vec(T, WP_SCALAR_FLOAT32, 3);
  if (!is_id(a[0]) || !ijk(a + 1) || a[4] != want)
    return fail(T, err,
                b->id == IR_B_VOLUME_STORE_F
                    ? "takes (uint64 id, int32 i, int32 j, int32 k, "
                      "float32 value)"
                : b->id == IR_B_VOLUME_STORE_I
                    ? "takes (uint64 id, int32 i, int32 j, int32 k, "
                      "int32 value)"
                    : "takes (uint64 id, int32 i, int32 j, int32 k, "
                      "vec3f value)");
  return ir_t_void(T);
}

/* volume_index_to_world(id, uvw) and the other transforms: vec3f or vec3d */
type_t ir_chk_volume_xform(ir_types *T, const ir_builtin *b, type_t *a, int n,
                           const char **err) {
  (void)b;
  (void)n;
  if (!is_id(a[0]) || !(is_vec3_of(a[1], WP_SCALAR_FLOAT32) ||
                        is_vec3_of(a[1], WP_SCALAR_FLOAT64)))
    return fail(T, err, "takes (uint64 id, vec3f or vec3d)");
  return a[1];
}

/* volume_sample_index(id, uvw, sampling_mode, voxel_data: array(dtype=T),
 * background: T) -> T; volume_sample_grad_index(..., grad) -> T (float T,
 * grad a vec3 of it); _volume_sample_grad_index(id, uvw, mode, voxel_data,
 * background) -> the gradient. */
type_t ir_chk_volume_sample_index(ir_types *T, const ir_builtin *b, type_t *a,
                                  int n, const char **err) {
  bool grad = b->id != IR_B_VOLUME_SAMPLE_INDEX;
  if (!is_id(a[0]) || !is_uvw(a[1]) || !is_i32(a[2]) ||
      a[3]->kind != IR_T_ARRAY || a[3]->flavor != IR_ARR_PLAIN ||
      a[3]->ndim != 1 || a[4] != a[3]->elem || !is_value(a[4]) ||
      (grad && !grad_of(T, a[4])))
    return fail(T, err,
                "takes (uint64 id, vec3f uvw, int32 sampling_mode, "
                "array(dtype=T) voxel_data, T background) with T a float, "
                "int or float vector type (a float type for the gradient)");
  type_t g = grad ? grad_of(T, a[4]) : NULL;
  if (b->id == IR_B_I_VOLUME_SAMPLE_GRAD_INDEX)
    return g;
  if (n == 6 && a[5] != g)
    return fail(T, err,
                "grad must be the gradient of the values' type (a "
                "vec3 for scalars, a (length x 3) matrix for "
                "vectors)");
  return a[4];
}

/* The generic forms, with the dtype seen as a value of it:
 * volume_sample(id, uvw, mode, T), volume_lookup(id, i, j, k, T),
 * volume_store(id, i, j, k, value: T), volume_sample_grad(id, uvw, mode,
 * grad, T), volume_sample_grad_f(id, uvw, mode, grad: vec3f); and the
 * internal ones the lowering makes of them: _volume_sample(zero, id, uvw,
 * mode), _volume_lookup(zero, id, i, j, k), _volume_store(value, id, i, j,
 * k), _volume_sample_grad(zero, id, uvw, mode) -> the gradient. */
type_t ir_chk_volume_generic(ir_types *T, const ir_builtin *b, type_t *a, int n,
                             const char **err) {
  const char *bad_value = "the value type must be float32, float64, int32, "
                          "int64, uint32, vec3f, vec3d, vec4f or vec4d";
  switch (b->id) {
  case IR_B_VOLUME_SAMPLE:
    if (!is_id(a[0]) || !is_uvw(a[1]) || !is_i32(a[2]))
      return fail(T, err, NULL);
    return is_value(a[3]) ? a[3] : fail(T, err, bad_value);
  case IR_B_VOLUME_LOOKUP:
  case IR_B_VOLUME_STORE:
    if (!is_id(a[0]) || !ijk(a + 1))
      return fail(T, err, NULL);
    if (!is_value(a[4]))
      return fail(T, err, bad_value);
    return b->id == IR_B_VOLUME_STORE ? ir_t_void(T) : a[4];
  case IR_B_VOLUME_SAMPLE_GRAD:
  case IR_B_VOLUME_SAMPLE_GRAD_F: {
    type_t v = n == 5 ? a[4] : ir_t_float32(T);
    if (!is_id(a[0]) || !is_uvw(a[1]) || !is_i32(a[2]))
      return fail(T, err, NULL);
    if (!grad_of(T, v))
      return fail(T, err,
                  "the gradient form takes float grids (scalars or "
                  "vectors)");
    if (a[3] != grad_of(T, v))
      return fail(T, err,
                  "grad must be the gradient of the values' type (a "
                  "vec3 for scalars, a (length x 3) matrix for "
                  "vectors)");
    return v;
  }
  default: break;
  }
  if (!is_value(a[0]) || !is_id(a[1]))
    return fail(T, err, bad_value);
  switch (b->id) {
  case IR_B_I_VOLUME_SAMPLE:
    return is_uvw(a[2]) && is_i32(a[3]) ? a[0] : fail(T, err, NULL);
  case IR_B_I_VOLUME_SAMPLE_GRAD:
    if (!grad_of(T, a[0]))
      return fail(T, err,
                  "the gradient form takes float grids (scalars or "
                  "vectors)");
    return is_uvw(a[2]) && is_i32(a[3]) ? grad_of(T, a[0]) : fail(T, err, NULL);
  case IR_B_I_VOLUME_LOOKUP: return ijk(a + 2) ? a[0] : fail(T, err, NULL);
  default: /* _volume_store */
    return ijk(a + 2) ? ir_t_void(T) : fail(T, err, NULL);
  }
}
