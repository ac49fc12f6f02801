/* builtins.c - the builtin table (its entries are the lines of builtins.def,
 * indexed by ir_builtin_id) and the overload rules (argument types -> result
 * type) of the operators and the core math; the other areas' rules are in
 * builtins_*.c.  The rules follow Warp's language reference (no implicit
 * conversions: operands of binary operators must have the same type, a
 * vector's scale factor its scalar type). */
#include <stdio.h>
#include <string.h>

#include "builtins.h"

/* A message "no overload of NAME for (T1, T2)" in the builtin's arena. */
static const char *no_overload(const ir_builtin *b, type_t *a, int n, char *buf,
                               size_t cap) {
  size_t len = (size_t)snprintf(
      buf, cap, "no overload of '%s' for argument types (", b->name);
  for (int i = 0; i < n && len < cap; i++)
    len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "",
                            a[i]->name);
  if (len < cap)
    snprintf(buf + len, cap - len, ")");
  return buf;
}

/* Thread-unsafe scratch is not allowed in lib/: messages are static text or
 * built by the caller; checks return short static explanations and the
 * lowering prefixes them with the builtin name and argument types. */
#define NO_OVERLOAD ((const char *)0)

type_t ir_chk_add(ir_types *T, const ir_builtin *b, type_t *a, int n,
                  const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "operand types must be the same");
  if (is_num(a[0]) || is_comp(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_mul(ir_types *T, const ir_builtin *b, type_t *a, int n,
                  const char **err) {
  (void)b;
  (void)n;
  type_t x = a[0], y = a[1];
  if (is_num(x) && is_num(y)) {
    if (x != y)
      return fail(T, err, "operand types must be the same");
    return x;
  }
  if (is_comp(x) && is_num(y)) {
    if (y != x->elem)
      return fail(T, err,
                  "the scale factor must have the same scalar type as the "
                  "vector or matrix");
    return x;
  }
  if (is_num(x) && is_comp(y)) {
    if (x != y->elem)
      return fail(T, err,
                  "the scale factor must have the same scalar type as the "
                  "vector or matrix");
    return y;
  }
  if (x->kind == IR_T_VEC && x->flavor != IR_VEC_PLAIN) {
    if (x == y)
      return x; /* quaternion product, transform composition */
    return fail(T, err, NO_OVERLOAD);
  }
  if (y->kind == IR_T_VEC && y->flavor != IR_VEC_PLAIN)
    return fail(T, err, NO_OVERLOAD);
  if (x->kind == IR_T_MAT && y->kind == IR_T_VEC && x->scalar == y->scalar &&
      x->cols == y->rows)
    return ir_t_vec(T, x->scalar, x->rows);
  if (x->kind == IR_T_VEC && y->kind == IR_T_MAT && x->scalar == y->scalar &&
      x->rows == y->rows)
    return ir_t_vec(T, x->scalar, y->cols);
  if (x->kind == IR_T_MAT && y->kind == IR_T_MAT && x->scalar == y->scalar &&
      x->cols == y->rows)
    return ir_t_mat(T, x->scalar, x->rows, y->cols);
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_div(ir_types *T, const ir_builtin *b, type_t *a, int n,
                  const char **err) {
  (void)b;
  (void)n;
  type_t x = a[0], y = a[1];
  if (is_num(x) && is_num(y)) {
    if (x != y)
      return fail(T, err, "operand types must be the same");
    return x;
  }
  if (is_comp(x) && is_num(y) && y == x->elem)
    return x;
  if (is_num(x) && x->kind == IR_T_SCALAR && is_comp(y) && x == y->elem)
    return y;
  return fail(T, err, NO_OVERLOAD);
}

/* div_approx: div of float operands (scalars, vectors, matrices,
 * quaternions; not two composites, not transforms). */
type_t ir_chk_div_approx(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  for (int i = 0; i < 2; i++) {
    type_t e = a[i]->kind == IR_T_SCALAR ? a[i] : a[i]->elem;
    if (!e || !ir_type_is_float(e) || ir_type_is_transform(a[i]))
      return fail(T, err, NO_OVERLOAD);
  }
  if (is_comp(a[0]) && is_comp(a[1]))
    return fail(T, err, NO_OVERLOAD);
  return ir_chk_div(T, b, a, n, err);
}

/* floordiv: same-type numeric scalars (Warp has no vector //); mod: also
 * vectors (component-wise). */
type_t ir_chk_divmod(ir_types *T, const ir_builtin *b, type_t *a, int n,
                     const char **err) {
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "operand types must be the same");
  if (is_num(a[0]))
    return a[0];
  if (b->id == IR_B_MOD && a[0]->kind == IR_T_VEC &&
      a[0]->flavor == IR_VEC_PLAIN && is_num(a[0]->elem))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_float2(ir_types *T, const ir_builtin *b, type_t *a, int n,
                     const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "operand types must be the same");
  if (ir_type_is_float(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* bit_count(x): an integer scalar -> int32 */
type_t ir_chk_bit_count(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)b;
  (void)n;
  if (ir_type_is_int(a[0]))
    return ir_t_scalar(T, WP_SCALAR_INT32);
  return fail(T, err, NO_OVERLOAD);
}

/* A plain vector of integers (vec3i, ...): the bitwise operators apply
 * component-wise. */
/* A vector or matrix of integers (bitwise operators work per component). */
static bool is_int_vec(type_t t) {
  return ((t->kind == IR_T_VEC && t->flavor == IR_VEC_PLAIN) ||
          t->kind == IR_T_MAT) &&
         ir_type_is_int(t->elem);
}

type_t ir_chk_int2(ir_types *T, const ir_builtin *b, type_t *a, int n,
                   const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "operand types must be the same");
  if (ir_type_is_int(a[0]) || is_int_vec(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_neg(ir_types *T, const ir_builtin *b, type_t *a, int n,
                  const char **err) {
  (void)b;
  (void)n;
  if (is_num(a[0]) || is_comp(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_invert(ir_types *T, const ir_builtin *b, type_t *a, int n,
                     const char **err) {
  (void)b;
  (void)n;
  if (ir_type_is_int(a[0]) || is_int_vec(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* Logical operators take scalars (truth values) and give bool; `not` of a
 * float is an error in Warp (its unot has bool and integer overloads only),
 * while `and` / `or` take floats. */
type_t ir_chk_logic(ir_types *T, const ir_builtin *b, type_t *a, int n,
                    const char **err) {
  for (int i = 0; i < n; i++)
    if (a[i]->kind != IR_T_SCALAR)
      return fail(T, err, "operands must be scalars");
  if (b->id == IR_B_NOT && ir_type_is_float(a[0]))
    return fail(T, err, NO_OVERLOAD);
  return ir_t_bool(T);
}

type_t ir_chk_eq(ir_types *T, const ir_builtin *b, type_t *a, int n,
                 const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "operand types must be the same");
  if (a[0]->kind == IR_T_SCALAR || is_comp(a[0]))
    return ir_t_bool(T);
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_order(ir_types *T, const ir_builtin *b, type_t *a, int n,
                    const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "operand types must be the same");
  if (a[0]->kind == IR_T_SCALAR)
    return ir_t_bool(T);
  return fail(T, err, NO_OVERLOAD);
}

/* f(float) -> float, scalar only. */
type_t ir_chk_float1(ir_types *T, const ir_builtin *b, type_t *a, int n,
                     const char **err) {
  (void)b;
  (void)n;
  if (ir_type_is_float(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* f(x) -> x for numeric scalars and vectors (component-wise). */
type_t ir_chk_num1(ir_types *T, const ir_builtin *b, type_t *a, int n,
                   const char **err) {
  (void)b;
  (void)n;
  if (is_num(a[0]) || a[0]->kind == IR_T_VEC)
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* min/max: (x, x) for scalars and vectors, or (vec) -> its scalar. */
type_t ir_chk_minmax(ir_types *T, const ir_builtin *b, type_t *a, int n,
                     const char **err) {
  (void)b;
  if (n == 1)
    return a[0]->kind == IR_T_VEC ? a[0]->elem : fail(T, err, NO_OVERLOAD);
  if (a[0] != a[1])
    return fail(T, err, "argument types must be the same");
  if (is_num(a[0]) || a[0]->kind == IR_T_VEC)
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_clamp(ir_types *T, const ir_builtin *b, type_t *a, int n,
                    const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1] || a[1] != a[2])
    return fail(T, err, "argument types must be the same");
  if (is_num(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_dot(ir_types *T, const ir_builtin *b, type_t *a, int n,
                  const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "argument types must be the same");
  if (a[0]->kind == IR_T_VEC && a[0]->flavor != IR_VEC_TRANSFORM)
    return a[0]->elem;
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_cross(ir_types *T, const ir_builtin *b, type_t *a, int n,
                    const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "argument types must be the same");
  if (a[0]->kind == IR_T_VEC && a[0]->rows == 3)
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_length(ir_types *T, const ir_builtin *b, type_t *a, int n,
                     const char **err) {
  (void)b;
  (void)n;
  if (is_fvec(a[0]))
    return a[0]->elem;
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_length_sq(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)b;
  (void)n;
  if (a[0]->kind == IR_T_VEC)
    return a[0]->elem;
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_normalize(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)b;
  (void)n;
  if (is_fvec(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_outer(ir_types *T, const ir_builtin *b, type_t *a, int n,
                    const char **err) {
  (void)b;
  (void)n;
  if (a[0]->kind == IR_T_VEC && a[1]->kind == IR_T_VEC &&
      a[0]->scalar == a[1]->scalar && !a[0]->flavor && !a[1]->flavor)
    return ir_t_mat(T, a[0]->scalar, a[0]->rows, a[1]->rows);
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_transpose(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)b;
  (void)n;
  if (a[0]->kind == IR_T_MAT)
    return ir_t_mat(T, a[0]->scalar, a[0]->cols, a[0]->rows);
  return fail(T, err, NO_OVERLOAD);
}

type_t ir_chk_square(ir_types *T, const ir_builtin *b, type_t *a, int n,
                     const char **err) {
  (void)n;
  if (a[0]->kind == IR_T_MAT && a[0]->rows == a[0]->cols && a[0]->rows >= 2 &&
      a[0]->rows <= 4 && ir_type_is_float(a[0]->elem))
    return b->id == IR_B_DETERMINANT ? a[0]->elem : a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* select(cond, value_if_false, value_if_true) / where(cond, if_true,
 * if_false): the condition is any scalar, the values one type. */
type_t ir_chk_select(ir_types *T, const ir_builtin *b, type_t *a, int n,
                     const char **err) {
  (void)b;
  (void)n;
  if (a[0]->kind != IR_T_SCALAR)
    return fail(T, err, "the condition must be a scalar");
  if (a[1] != a[2])
    return fail(T, err, "both values must have the same type");
  if (a[1]->kind == IR_T_ARRAY || a[1]->kind == IR_T_TUPLE)
    return fail(T, err, NO_OVERLOAD);
  return a[1];
}

/* Atomics are checked by the lowering (array element lvalue); the value
 * type must match the element type. */
type_t ir_chk_atomic(ir_types *T, const ir_builtin *b, type_t *a, int n,
                     const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "the value must have the array's element type");
  if (is_num(a[0]) || a[0]->kind == IR_T_VEC || a[0]->kind == IR_T_MAT)
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* ---- more math: lerp, smoothstep, step, nonzero, isnan/isinf/isfinite,
 * cw_mul/cw_div, cbrt, degrees, radians, rint, frac ---------------------- */

/* float32/float64 (float16 scalars have no arithmetic in the prelude yet) */

/* f(float) -> float, float32/float64 scalars only. */
type_t ir_chk_f3264(ir_types *T, const ir_builtin *b, type_t *a, int n,
                    const char **err) {
  (void)b;
  (void)n;
  if (is_f3264(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* step(x), nonzero(x): any numeric scalar, same type. */
type_t ir_chk_scalar1(ir_types *T, const ir_builtin *b, type_t *a, int n,
                      const char **err) {
  (void)b;
  (void)n;
  if (is_num(a[0]) && !ir_type_is_float(a[0]))
    return a[0];
  if (is_f3264(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* lerp(a, b, t): a and b one float type (scalar, vector, matrix), t its
 * scalar type. */
type_t ir_chk_lerp(ir_types *T, const ir_builtin *b, type_t *a, int n,
                   const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "a and b must have the same type");
  type_t s = is_comp(a[0]) ? a[0]->elem : a[0];
  if (!is_f3264(s))
    return fail(T, err, NO_OVERLOAD);
  if (a[2] != s)
    return fail(T, err, "t must have the scalar type of a and b");
  return a[0];
}

/* smoothstep(e0, e1, x): three scalars of one float type. */
type_t ir_chk_smoothstep(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1] || a[1] != a[2])
    return fail(T, err, "argument types must be the same");
  if (is_f3264(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* isnan/isinf/isfinite: float scalars, vectors, matrices (float16 too) ->
 * bool; integers were accepted until warp-lang 1.19. */
type_t ir_chk_isclass(ir_types *T, const ir_builtin *b, type_t *a, int n,
                      const char **err) {
  (void)b;
  (void)n;
  type_t s = is_comp(a[0]) ? a[0]->elem : a[0];
  if (is_num(s) && !ir_type_is_float(s))
    return fail(T, err,
                "takes floating-point values since warp-lang 1.19 (an "
                "integer is never NaN or infinite); convert it, e.g. "
                "float(x), or drop the test");
  if (ir_type_is_float(s))
    return ir_t_bool(T);
  return fail(T, err, NO_OVERLOAD);
}

/* cw_mul/cw_div: two vectors (any numeric) or float matrices of one type. */
type_t ir_chk_cw(ir_types *T, const ir_builtin *b, type_t *a, int n,
                 const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "argument types must be the same");
  if (a[0]->kind == IR_T_VEC &&
      ((is_num(a[0]->elem) && !ir_type_is_float(a[0]->elem)) ||
       is_f3264(a[0]->elem)))
    return a[0];
  if (a[0]->kind == IR_T_MAT && is_f3264(a[0]->elem))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* random numbers: the state is a uint32 (see lower_call.c, which writes the
 * advanced state back to the argument variable) */

/* rand_init(seed[, offset]): int32 -> uint32 */
type_t ir_chk_rand_init(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)b;
  for (int i = 0; i < n; i++)
    if (!is_scalar_of(a[i], WP_SCALAR_INT32))
      return fail(T, err, "the seed and offset must be int32");
  return ir_t_scalar(T, WP_SCALAR_UINT32);
}

/* f(state[, lo, hi]) and the sample_* functions: the first argument is the
 * uint32 state; the range bounds have the result's type. */
type_t ir_chk_rand(ir_types *T, const ir_builtin *b, type_t *a, int n,
                   const char **err) {
  if (!is_scalar_of(a[0], WP_SCALAR_UINT32))
    return fail(T, err, "the state must be a uint32 (from rand_init)");
  type_t r;
  switch (b->id) {
  case IR_B_RANDI: r = ir_t_int32(T); break;
  case IR_B_RANDU:
  case IR_B_POISSON:
  case IR_B_I_RAND_STEPS:
  case IR_B_I_POISSON_STATE: r = ir_t_scalar(T, WP_SCALAR_UINT32); break;
  case IR_B_RANDF:
  case IR_B_RANDN: r = ir_t_float32(T); break;
  case IR_B_SAMPLE_TRIANGLE:
  case IR_B_SAMPLE_UNIT_RING:
  case IR_B_SAMPLE_UNIT_DISK:
  case IR_B_SAMPLE_UNIT_SQUARE: r = ir_t_vec(T, WP_SCALAR_FLOAT32, 2); break;
  default: r = ir_t_vec(T, WP_SCALAR_FLOAT32, 3); break;
  }
  type_t want = r;
  bool counted = true; /* the second argument is a count, not a bound */
  if (b->id == IR_B_POISSON || b->id == IR_B_I_POISSON_STATE)
    want = ir_t_float32(T);
  else if (b->id == IR_B_I_RAND_STEPS)
    want = ir_t_int32(T);
  else
    counted = false;
  if (n == 2 && !counted)
    return fail(T, err, NO_OVERLOAD);
  for (int i = 1; i < n; i++)
    if (a[i] != want)
      return fail(T, err, NO_OVERLOAD);
  return r;
}

/* noise(state, x) / pnoise(state, x, periods...): x a float32 or a vec2f,
 * vec3f or vec4f (not a quatf: Warp has no such overload), one int32
 * period per component */
type_t ir_chk_noise(ir_types *T, const ir_builtin *b, type_t *a, int n,
                    const char **err) {
  if (!is_scalar_of(a[0], WP_SCALAR_UINT32))
    return fail(T, err, "the state must be a uint32 (from rand_init)");
  int dim = is_scalar_of(a[1], WP_SCALAR_FLOAT32) ? 1
            : a[1]->kind == IR_T_VEC && !a[1]->flavor &&
                    a[1]->scalar == WP_SCALAR_FLOAT32 && a[1]->rows >= 2 &&
                    a[1]->rows <= 4
                ? a[1]->rows
                : 0;
  if (!dim)
    return fail(T, err, "the point must be a float32, vec2f, vec3f or vec4f");
  bool periodic = b->id == IR_B_PNOISE;
  if (n != (periodic ? 2 + dim : 2))
    return fail(T, err,
                periodic ? "pnoise takes one int32 period per component"
                         : NO_OVERLOAD);
  for (int i = 2; i < n; i++)
    if (!is_scalar_of(a[i], WP_SCALAR_INT32))
      return fail(T, err, "the periods must be int32");
  return ir_t_float32(T);
}

/* ---- quaternions and transforms (flavored vectors, see ir.h) ---------- */

/* One rule for the whole family, by name: quat_*, transform_*. */
type_t ir_chk_quat(ir_types *T, const ir_builtin *b, type_t *a, int n,
                   const char **err) {
  type_t x = a[0];
  int s = x->scalar;
  switch (b->id) {
  case IR_B_QUAT_FROM_AXIS_ANGLE:
    if (n == 2 && is_vec3_of(x, s) && is_f3264(x->elem) && a[1] == x->elem)
      return ir_t_quat(T, s);
    return fail(T, err, NO_OVERLOAD);
  case IR_B_QUAT_RPY:
    if (is_f3264(x) && a[1] == x && a[2] == x)
      return ir_t_quat(T, s);
    return fail(T, err, NO_OVERLOAD);
  case IR_B_QUAT_FROM_MATRIX:
    if (x->kind == IR_T_MAT && x->rows == x->cols &&
        (x->rows == 3 || x->rows == 4) && is_f3264(x->elem))
      return ir_t_quat(T, s);
    return fail(T, err, NO_OVERLOAD);
  case IR_B_QUAT_INVERSE:
  case IR_B_QUAT_TO_MATRIX:
  case IR_B_QUAT_ROTATE:
  case IR_B_QUAT_ROTATE_INV:
  case IR_B_QUAT_SLERP:
    if (!is_fquat(x))
      return fail(T, err, NO_OVERLOAD);
    if (b->id == IR_B_QUAT_INVERSE && n == 1)
      return x;
    if (b->id == IR_B_QUAT_TO_MATRIX && n == 1)
      return ir_t_mat(T, s, 3, 3);
    if ((b->id == IR_B_QUAT_ROTATE || b->id == IR_B_QUAT_ROTATE_INV) &&
        n == 2 && is_vec3_of(a[1], s))
      return a[1];
    if (b->id == IR_B_QUAT_SLERP && n == 3 && a[1] == x && a[2] == x->elem)
      return x;
    return fail(T, err, NO_OVERLOAD);
  default: break;
  }
  /* transform_* */
  bool xform_vec =
      b->id == IR_B_TRANSFORM_POINT || b->id == IR_B_TRANSFORM_VECTOR;
  if (xform_vec && n == 2 && x->kind == IR_T_MAT && x->rows == 4 &&
      x->cols == 4 && is_f3264(x->elem) && is_vec3_of(a[1], s))
    return a[1]; /* homogeneous 4x4 matrix */
  if (!is_fxform(x))
    return fail(T, err, NO_OVERLOAD);
  if (b->id == IR_B_TRANSFORM_GET_TRANSLATION && n == 1)
    return ir_t_vec(T, s, 3);
  if (b->id == IR_B_TRANSFORM_GET_ROTATION && n == 1)
    return ir_t_quat(T, s);
  if (b->id == IR_B_TRANSFORM_INVERSE && n == 1)
    return x;
  if (b->id == IR_B_TRANSFORM_MULTIPLY && n == 2 && a[1] == x)
    return x;
  if (xform_vec && n == 2 && is_vec3_of(a[1], s))
    return a[1];
  return fail(T, err, NO_OVERLOAD);
}

/* The table: builtins.def, entry i the builtin with id i. */
#define PURE 1
#define GRAD 2
#define INTERNAL 4
#define ATOMIC 8
#define QNEXT 16
static const ir_builtin table[IR_B_COUNT] = {
#define B(id_, name_, lo, hi, check_, flags)                                   \
  [IR_B_##id_] = {.id = IR_B_##id_,                                            \
                  .name = name_,                                               \
                  .min_args = lo,                                              \
                  .max_args = hi,                                              \
                  .check = ir_chk_##check_,                                    \
                  .pure = ((flags)&PURE) != 0,                                 \
                  .adjoint = ((flags)&GRAD) != 0,                              \
                  .internal = ((flags)&INTERNAL) != 0,                         \
                  .atomic = ((flags)&ATOMIC) != 0,                             \
                  .query_next = ((flags)&QNEXT) != 0},
#include "builtins.def"
#undef B
};
#undef PURE
#undef GRAD
#undef INTERNAL
#undef ATOMIC
#undef QNEXT

const ir_builtin *ir_builtin_get(ir_builtin_id id) {
  return &table[id];
}

bool ir_builtin_is_tile_block(ir_builtin_id id) {
  switch (id) {
  case IR_B_TILE:
  case IR_B_UNTILE:
  case IR_B_TILE_FROM_THREAD:
  case IR_B_TILE_SCATTER_ADD:
  case IR_B_TILE_SCATTER_MASKED:
  case IR_B_TILE_STACK:
  case IR_B_TILE_STACK_PUSH:
  case IR_B_TILE_STACK_POP:
  case IR_B_TILE_STACK_CLEAR:
  case IR_B_TILE_STACK_COUNT:
  case IR_B_TILE_RANDI:
  case IR_B_TILE_RANDF: return true;
  default: return false;
  }
}

const ir_builtin *ir_builtin_at(int i) {
  return i >= 0 && i < IR_B_COUNT ? &table[i] : NULL;
}

const ir_builtin *ir_builtin_find(const char *name) {
  for (int i = 0; i < IR_B_COUNT; i++)
    if (strcmp(table[i].name, name) == 0)
      return &table[i];
  return NULL;
}

/* Message helper for lowering: see ir_builtin_describe in lower. */
const char *ir_builtin_no_overload(const ir_builtin *b, const ir_type **a,
                                   int n, char *buf, size_t cap) {
  return no_overload(b, a, n, buf, cap);
}
