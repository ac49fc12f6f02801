/* builtins_spatial.c - the overload rules of spatial math (6-vectors and
 * 6x6 matrices, which are vectors and matrices of 6: spatial_vector is a
 * type, see lower_types.c), the transform/quat conversions Warp defines as
 * functions (transform_compose, ...), the out-parameter builtins
 * (quat_to_axis_angle, transform_set_*: lower_spatial.c turns them into the
 * internal value builtins of builtins.def) and two geometry queries.  The
 * prelude side is lib/emit/prelude/6spatial.h. */
#include "builtins.h"

static bool is_fvec6(type_t t) {
  return t->kind == IR_T_VEC && !t->flavor && t->rows == 6 && is_f3264(t->elem);
}

static bool is_mat_of(type_t t, int rows, int scalar) {
  return t->kind == IR_T_MAT && t->rows == rows && t->cols == rows &&
         t->scalar == scalar;
}

/* spatial_top/bottom/dot/cross/cross_dual, spatial_adjoint */
type_t ir_chk_spatial(ir_types *T, const ir_builtin *b, type_t *a, int n,
                      const char **err) {
  type_t x = a[0];
  int s = x->scalar;
  if (b->id == IR_B_SPATIAL_ADJOINT) {
    if (x->kind == IR_T_MAT && is_mat_of(x, 3, s) && is_f3264(x->elem) &&
        a[1] == x)
      return ir_t_mat(T, s, 6, 6);
    return fail(T, err, NULL);
  }
  if (!is_fvec6(x))
    return fail(T, err, NULL);
  if (n == 1) /* spatial_top, spatial_bottom */
    return ir_t_vec(T, s, 3);
  if (a[1] != x)
    return fail(T, err, "argument types must be the same");
  return b->id == IR_B_SPATIAL_DOT ? x->elem : x;
}

/* quat_to_axis_angle(q) -> (axis, angle); (q, axis, angle) -> None, with
 * axis and angle assigned (lower_spatial.c); _quat_axis / _quat_angle. */
type_t ir_chk_axis_angle(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  if (!is_fquat(a[0]))
    return fail(T, err, NULL);
  int s = a[0]->scalar;
  type_t v3 = ir_t_vec(T, s, 3);
  if (b->id == IR_B_I_QUAT_AXIS)
    return v3;
  if (b->id == IR_B_I_QUAT_ANGLE)
    return a[0]->elem;
  if (n == 3) {
    if (a[1] != v3 || a[2] != a[0]->elem)
      return fail(T, err, NULL);
    return ir_t_void(T);
  }
  if (n != 1)
    return fail(T, err, NULL);
  type_t m[2] = {v3, a[0]->elem};
  return ir_t_tuple(T, m, 2);
}

/* transform_compose(p, q, s) -> mat44, transform_decompose(m) -> (p, q, s)
 * and its parts, transform_to_matrix(x), transform_from_matrix(m). */
type_t ir_chk_xform_conv(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  type_t x = a[0];
  int s = x->scalar;
  if (b->id == IR_B_TRANSFORM_COMPOSE) {
    if (n == 3 && is_vec3_of(x, s) && is_f3264(x->elem) &&
        a[1] == ir_t_quat(T, s) && a[2] == x)
      return ir_t_mat(T, s, 4, 4);
    return fail(T, err, NULL);
  }
  if (b->id == IR_B_TRANSFORM_TO_MATRIX) {
    if (is_fxform(x))
      return ir_t_mat(T, s, 4, 4);
    return fail(T, err, NULL);
  }
  if (!is_mat_of(x, 4, s) || !is_f3264(x->elem))
    return fail(T, err, NULL);
  if (b->id == IR_B_TRANSFORM_FROM_MATRIX)
    return ir_t_transform(T, s);
  type_t v3 = ir_t_vec(T, s, 3), q = ir_t_quat(T, s);
  if (b->id == IR_B_I_TRANSFORM_DECOMPOSE_Q)
    return q;
  if (b->id == IR_B_I_TRANSFORM_DECOMPOSE_P ||
      b->id == IR_B_I_TRANSFORM_DECOMPOSE_S)
    return v3;
  type_t m[3] = {v3, q, v3};
  return ir_t_tuple(T, m, 3); /* transform_decompose */
}

/* transform_set_translation(x, p) / transform_set_rotation(x, q) -> None
 * (x assigned: lower_spatial.c); the internal _transform_set_* give the new
 * transform. */
type_t ir_chk_xform_set(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)n;
  type_t x = a[0];
  if (!is_fxform(x))
    return fail(T, err, NULL);
  bool rot = b->id == IR_B_TRANSFORM_SET_ROTATION ||
             b->id == IR_B_I_TRANSFORM_SET_ROTATION;
  type_t want = rot ? ir_t_quat(T, x->scalar) : ir_t_vec(T, x->scalar, 3);
  if (a[1] != want)
    return fail(T, err, NULL);
  return b->internal ? x : ir_t_void(T);
}

/* intersect_tri_tri(6 x vec3f | 6 x vec3d) -> int32;
 * closest_point_edge_edge(4 x vec3f, float32) -> vec3f (Warp: float32 only) */
type_t ir_chk_geom(ir_types *T, const ir_builtin *b, type_t *a, int n,
                   const char **err) {
  type_t x = a[0];
  if (!is_vec3_of(x, WP_SCALAR_FLOAT32) &&
      !(is_vec3_of(x, WP_SCALAR_FLOAT64) && b->id == IR_B_INTERSECT_TRI_TRI))
    return fail(T, err, NULL);
  int nv = b->id == IR_B_INTERSECT_TRI_TRI ? 6 : 4;
  for (int i = 1; i < nv; i++)
    if (a[i] != x)
      return fail(T, err, NULL);
  if (nv == 6)
    return ir_t_int32(T);
  if (n != 5 || a[4] != x->elem)
    return fail(T, err, NULL);
  return x;
}

static bool is_array1_of(type_t t, bool (*elem)(type_t)) {
  return ir_type_is_plain_array(t) && t->ndim == 1 && elem(t->elem);
}

static bool is_int32(type_t t) {
  return is_scalar_of(t, WP_SCALAR_INT32);
}

static bool is_fmat66(type_t t) {
  return t->kind == IR_T_MAT && t->rows == 6 && t->cols == 6 &&
         is_f3264(t->elem);
}

/* spatial_jacobian(S: array(vec6), joint_parents: array(int32),
 * joint_qd_start: array(int32), joint_start, joint_count, J_start: int32,
 * J_out: array(float)) and spatial_mass(I_s: array(mat66), joint_start,
 * joint_count, M_start: int32, M: array(float)): 1-d arrays, the float of
 * the output that of the input; they write the output, no result. */
type_t ir_chk_spatial_arrays(ir_types *T, const ir_builtin *b, type_t *a, int n,
                             const char **err) {
  bool jac = b->id == IR_B_SPATIAL_JACOBIAN;
  if (!is_array1_of(a[0], jac ? is_fvec6 : is_fmat66))
    return fail(T, err, NULL);
  int narr = jac ? 3 : 1;
  for (int i = 1; i < narr; i++)
    if (!is_array1_of(a[i], is_int32))
      return fail(T, err, NULL);
  for (int i = narr; i < n - 1; i++)
    if (!is_int32(a[i]))
      return fail(T, err, NULL);
  type_t out = a[n - 1];
  if (!ir_type_is_plain_array(out) || out->ndim != 1 ||
      out->elem != a[0]->elem->elem)
    return fail(T, err, NULL);
  return ir_t_void(T);
}

/* The warp.math rotation helpers (float32 only, as Warp's @wp.func
 * signatures): quat_twist(vec3f, quatf) -> quatf, quat_twist_angle(_signed)
 * (vec3f, quatf) -> float32, quat_to_rpy(quatf) -> vec3f,
 * quat_to_euler(quatf, int32 x 3) -> vec3f, quat_from_euler(vec3f, int32 x 3)
 * -> quatf, quat_between_vectors(vec3f, vec3f) -> quatf,
 * velocity_at_point(spatial_vectorf, vec3f) -> vec3f,
 * transform_twist/transform_wrench(transformf, spatial_vectorf) ->
 * spatial_vectorf. */
type_t ir_chk_rot(ir_types *T, const ir_builtin *b, type_t *a, int n,
                  const char **err) {
  int f = WP_SCALAR_FLOAT32;
  type_t v3 = ir_t_vec(T, f, 3), q = ir_t_quat(T, f), v6 = ir_t_vec(T, f, 6);
  type_t x = ir_t_transform(T, f);
  switch (b->id) {
  case IR_B_QUAT_TWIST:
  case IR_B_QUAT_TWIST_ANGLE:
  case IR_B_QUAT_TWIST_ANGLE_SIGNED:
    if (a[0] != v3 || a[1] != q)
      break;
    return b->id == IR_B_QUAT_TWIST ? q : ir_t_scalar(T, f);
  case IR_B_QUAT_TO_RPY:
    if (a[0] != q)
      break;
    return v3;
  case IR_B_QUAT_TO_EULER:
  case IR_B_QUAT_FROM_EULER:
    if (a[0] != (b->id == IR_B_QUAT_TO_EULER ? q : v3))
      break;
    for (int i = 1; i < n; i++)
      if (!is_scalar_of(a[i], WP_SCALAR_INT32))
        return fail(T, err, "the axes i, j, k must be int32");
    return b->id == IR_B_QUAT_TO_EULER ? v3 : q;
  case IR_B_QUAT_BETWEEN_VECTORS:
    if (a[0] != v3 || a[1] != v3)
      break;
    return q;
  case IR_B_VELOCITY_AT_POINT:
    if (a[0] != v6 || a[1] != v3)
      break;
    return v3;
  default: /* transform_twist, transform_wrench */
    if (a[0] != x || a[1] != v6)
      break;
    return v6;
  }
  for (int i = 0; i < n; i++)
    if (a[i]->scalar == WP_SCALAR_FLOAT64 || a[i]->scalar == WP_SCALAR_FLOAT16)
      return fail(T, err, "Warp defines it for float32 arguments only");
  return fail(T, err, NULL);
}
