/* builtins.c - the builtin registry: every operator and builtin function of
 * the language, its overload rule (argument types -> result type) and how it
 * is printed.  One entry per Warp builtin name; the rules follow Warp's
 * language reference (no implicit conversions: operands of binary operators
 * must have the same type, a vector's scale factor its scalar type). */
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

static type_t chk_add(ir_types *T, const ir_builtin *b, type_t *a, int n,
                      const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "operand types must be the same");
  if (is_num(a[0]) || is_comp(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

static type_t chk_mul(ir_types *T, const ir_builtin *b, type_t *a, int n,
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

static type_t chk_div(ir_types *T, const ir_builtin *b, type_t *a, int n,
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

/* floordiv and mod: same-type numeric scalars or vectors (component-wise). */
static type_t chk_divmod(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "operand types must be the same");
  if (is_num(a[0]) || a[0]->kind == IR_T_VEC)
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

static type_t chk_float2(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "operand types must be the same");
  if (ir_type_is_float(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* A plain vector of integers (vec3i, ...): the bitwise operators apply
 * component-wise. */
static bool is_int_vec(type_t t) {
  return t->kind == IR_T_VEC && t->flavor == IR_VEC_PLAIN &&
         ir_type_is_int(t->elem);
}

static type_t chk_int2(ir_types *T, const ir_builtin *b, type_t *a, int n,
                       const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "operand types must be the same");
  if (ir_type_is_int(a[0]) || is_int_vec(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

static type_t chk_neg(ir_types *T, const ir_builtin *b, type_t *a, int n,
                      const char **err) {
  (void)b;
  (void)n;
  if (is_num(a[0]) || is_comp(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

static type_t chk_invert(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  (void)b;
  (void)n;
  if (ir_type_is_int(a[0]) || is_int_vec(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* Logical operators take any scalars (truth values) and give bool. */
static type_t chk_logic(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)b;
  for (int i = 0; i < n; i++)
    if (a[i]->kind != IR_T_SCALAR)
      return fail(T, err, "operands must be scalars");
  return ir_t_bool(T);
}

static type_t chk_eq(ir_types *T, const ir_builtin *b, type_t *a, int n,
                     const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "operand types must be the same");
  if (a[0]->kind == IR_T_SCALAR || is_comp(a[0]))
    return ir_t_bool(T);
  return fail(T, err, NO_OVERLOAD);
}

static type_t chk_order(ir_types *T, const ir_builtin *b, type_t *a, int n,
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
static type_t chk_float1(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  (void)b;
  (void)n;
  if (ir_type_is_float(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* f(x) -> x for numeric scalars and vectors (component-wise). */
static type_t chk_num1(ir_types *T, const ir_builtin *b, type_t *a, int n,
                       const char **err) {
  (void)b;
  (void)n;
  if (is_num(a[0]) || a[0]->kind == IR_T_VEC)
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* min/max: (x, x) for scalars and vectors, or (vec) -> its scalar. */
static type_t chk_minmax(ir_types *T, const ir_builtin *b, type_t *a, int n,
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

static type_t chk_clamp(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1] || a[1] != a[2])
    return fail(T, err, "argument types must be the same");
  if (is_num(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

static type_t chk_dot(ir_types *T, const ir_builtin *b, type_t *a, int n,
                      const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "argument types must be the same");
  if (a[0]->kind == IR_T_VEC && a[0]->flavor != IR_VEC_TRANSFORM)
    return a[0]->elem;
  return fail(T, err, NO_OVERLOAD);
}

static type_t chk_cross(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1])
    return fail(T, err, "argument types must be the same");
  if (a[0]->kind == IR_T_VEC && a[0]->rows == 3)
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

static type_t chk_length(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  (void)b;
  (void)n;
  if (is_fvec(a[0]))
    return a[0]->elem;
  return fail(T, err, NO_OVERLOAD);
}

static type_t chk_length_sq(ir_types *T, const ir_builtin *b, type_t *a, int n,
                            const char **err) {
  (void)b;
  (void)n;
  if (a[0]->kind == IR_T_VEC)
    return a[0]->elem;
  return fail(T, err, NO_OVERLOAD);
}

static type_t chk_normalize(ir_types *T, const ir_builtin *b, type_t *a, int n,
                            const char **err) {
  (void)b;
  (void)n;
  if (is_fvec(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

static type_t chk_outer(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)b;
  (void)n;
  if (a[0]->kind == IR_T_VEC && a[1]->kind == IR_T_VEC &&
      a[0]->scalar == a[1]->scalar && !a[0]->flavor && !a[1]->flavor)
    return ir_t_mat(T, a[0]->scalar, a[0]->rows, a[1]->rows);
  return fail(T, err, NO_OVERLOAD);
}

static type_t chk_transpose(ir_types *T, const ir_builtin *b, type_t *a, int n,
                            const char **err) {
  (void)b;
  (void)n;
  if (a[0]->kind == IR_T_MAT)
    return ir_t_mat(T, a[0]->scalar, a[0]->cols, a[0]->rows);
  return fail(T, err, NO_OVERLOAD);
}

static type_t chk_square(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  (void)n;
  if (a[0]->kind == IR_T_MAT && a[0]->rows == a[0]->cols && a[0]->rows >= 2 &&
      a[0]->rows <= 4 && ir_type_is_float(a[0]->elem))
    return strcmp(b->name, "determinant") == 0 ? a[0]->elem : a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* select(cond, value_if_false, value_if_true) / where(cond, if_true,
 * if_false): the condition is any scalar, the values one type. */
static type_t chk_select(ir_types *T, const ir_builtin *b, type_t *a, int n,
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
static type_t chk_atomic(ir_types *T, const ir_builtin *b, type_t *a, int n,
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
static type_t chk_f3264(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)b;
  (void)n;
  if (is_f3264(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* step(x), nonzero(x): any numeric scalar, same type. */
static type_t chk_scalar1(ir_types *T, const ir_builtin *b, type_t *a, int n,
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
static type_t chk_lerp(ir_types *T, const ir_builtin *b, type_t *a, int n,
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
static type_t chk_smoothstep(ir_types *T, const ir_builtin *b, type_t *a, int n,
                             const char **err) {
  (void)b;
  (void)n;
  if (a[0] != a[1] || a[1] != a[2])
    return fail(T, err, "argument types must be the same");
  if (is_f3264(a[0]))
    return a[0];
  return fail(T, err, NO_OVERLOAD);
}

/* isnan/isinf/isfinite: numeric scalars, vectors, float matrices -> bool. */
static type_t chk_isclass(ir_types *T, const ir_builtin *b, type_t *a, int n,
                          const char **err) {
  (void)b;
  (void)n;
  type_t s = is_comp(a[0]) ? a[0]->elem : a[0];
  if (a[0]->kind == IR_T_MAT && !is_f3264(s))
    return fail(T, err, NO_OVERLOAD);
  if ((is_num(s) && !ir_type_is_float(s)) || is_f3264(s))
    return ir_t_bool(T);
  return fail(T, err, NO_OVERLOAD);
}

/* cw_mul/cw_div: two vectors (any numeric) or float matrices of one type. */
static type_t chk_cw(ir_types *T, const ir_builtin *b, type_t *a, int n,
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
static type_t chk_rand_init(ir_types *T, const ir_builtin *b, type_t *a, int n,
                            const char **err) {
  (void)b;
  for (int i = 0; i < n; i++)
    if (!is_scalar_of(a[i], WP_SCALAR_INT32))
      return fail(T, err, "the seed and offset must be int32");
  return ir_t_scalar(T, WP_SCALAR_UINT32);
}

/* f(state[, lo, hi]) and the sample_* functions: the first argument is the
 * uint32 state; the range bounds have the result's type. */
static type_t chk_rand(ir_types *T, const ir_builtin *b, type_t *a, int n,
                       const char **err) {
  if (!is_scalar_of(a[0], WP_SCALAR_UINT32))
    return fail(T, err, "the state must be a uint32 (from rand_init)");
  const char *nm = b->name;
  type_t r;
  if (!strcmp(nm, "randi"))
    r = ir_t_int32(T);
  else if (!strcmp(nm, "randu") || !strcmp(nm, "poisson") ||
           !strcmp(nm, "_rand_steps") || !strcmp(nm, "_poisson_state"))
    r = ir_t_scalar(T, WP_SCALAR_UINT32);
  else if (!strcmp(nm, "randf") || !strcmp(nm, "randn"))
    r = ir_t_float32(T);
  else if (!strcmp(nm, "sample_triangle") || !strcmp(nm, "sample_unit_ring") ||
           !strcmp(nm, "sample_unit_disk") || !strcmp(nm, "sample_unit_square"))
    r = ir_t_vec(T, WP_SCALAR_FLOAT32, 2);
  else
    r = ir_t_vec(T, WP_SCALAR_FLOAT32, 3);
  type_t want = r;
  if (!strcmp(nm, "poisson") || !strcmp(nm, "_poisson_state"))
    want = ir_t_float32(T);
  else if (!strcmp(nm, "_rand_steps"))
    want = ir_t_int32(T);
  if (n == 2 && strcmp(nm, "poisson") && strcmp(nm, "_poisson_state") &&
      strcmp(nm, "_rand_steps"))
    return fail(T, err, NO_OVERLOAD);
  for (int i = 1; i < n; i++)
    if (a[i] != want)
      return fail(T, err, NO_OVERLOAD);
  return r;
}

/* noise(state, x) / pnoise(state, x, periods...): x a float32 or a vec2f,
 * vec3f or vec4f, one int32 period per component */
static type_t chk_noise(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  if (!is_scalar_of(a[0], WP_SCALAR_UINT32))
    return fail(T, err, "the state must be a uint32 (from rand_init)");
  int dim = is_scalar_of(a[1], WP_SCALAR_FLOAT32) ? 1
            : a[1]->kind == IR_T_VEC && a[1]->scalar == WP_SCALAR_FLOAT32 &&
                    a[1]->rows >= 2 && a[1]->rows <= 4
                ? a[1]->rows
                : 0;
  if (!dim)
    return fail(T, err, "the point must be a float32, vec2f, vec3f or vec4f");
  bool periodic = b->name[0] == 'p';
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
static type_t chk_quat(ir_types *T, const ir_builtin *b, type_t *a, int n,
                       const char **err) {
  const char *nm = b->name;
  type_t x = a[0];
  int s = x->scalar;
  if (!strcmp(nm, "quat_from_axis_angle")) {
    if (n == 2 && is_vec3_of(x, s) && is_f3264(x->elem) && a[1] == x->elem)
      return ir_t_quat(T, s);
    return fail(T, err, NO_OVERLOAD);
  }
  if (!strcmp(nm, "quat_rpy")) {
    if (is_f3264(x) && a[1] == x && a[2] == x)
      return ir_t_quat(T, s);
    return fail(T, err, NO_OVERLOAD);
  }
  if (!strcmp(nm, "quat_from_matrix")) {
    if (x->kind == IR_T_MAT && x->rows == x->cols &&
        (x->rows == 3 || x->rows == 4) && is_f3264(x->elem))
      return ir_t_quat(T, s);
    return fail(T, err, NO_OVERLOAD);
  }
  if (!strncmp(nm, "quat_", 5)) {
    if (!is_fquat(x))
      return fail(T, err, NO_OVERLOAD);
    if (!strcmp(nm, "quat_inverse") && n == 1)
      return x;
    if (!strcmp(nm, "quat_to_matrix") && n == 1)
      return ir_t_mat(T, s, 3, 3);
    if (!strncmp(nm, "quat_rotate", 11) && n == 2 && is_vec3_of(a[1], s))
      return a[1];
    if (!strcmp(nm, "quat_slerp") && n == 3 && a[1] == x && a[2] == x->elem)
      return x;
    return fail(T, err, NO_OVERLOAD);
  }
  /* transform_* */
  if ((!strcmp(nm, "transform_point") || !strcmp(nm, "transform_vector")) &&
      n == 2 && x->kind == IR_T_MAT && x->rows == 4 && x->cols == 4 &&
      is_f3264(x->elem) && is_vec3_of(a[1], s))
    return a[1]; /* homogeneous 4x4 matrix */
  /* transform_* */
  if (!is_fxform(x))
    return fail(T, err, NO_OVERLOAD);
  if (!strcmp(nm, "transform_get_translation") && n == 1)
    return ir_t_vec(T, s, 3);
  if (!strcmp(nm, "transform_get_rotation") && n == 1)
    return ir_t_quat(T, s);
  if (!strcmp(nm, "transform_inverse") && n == 1)
    return x;
  if (!strcmp(nm, "transform_multiply") && n == 2 && a[1] == x)
    return x;
  if ((!strcmp(nm, "transform_point") || !strcmp(nm, "transform_vector")) &&
      n == 2 && is_vec3_of(a[1], s))
    return a[1];
  return fail(T, err, NO_OVERLOAD);
}

const ir_builtin ir_builtins_core[] = {
    /* arithmetic operators */
    OPD("add", 2, chk_add, "+", I | F),
    OPD("sub", 2, chk_add, "-", I | F),
    OPD("mul", 2, chk_mul, "*", I | F),
    OPD("div", 2, chk_div, "/", F), /* ints: Warp gives 0 for x / 0 */
    OP("floordiv", 2, chk_divmod, NULL, 0),
    OPD("mod", 2, chk_divmod, NULL, 0),
    OPD("pow", 2, chk_float2, NULL, 0),
    OPD("neg", 1, chk_neg, "-", I | F),
    OPD("pos", 1, chk_neg, "+", I | F),
    OP("bit_and", 2, chk_int2, "&", I),
    OP("bit_or", 2, chk_int2, "|", I),
    OP("bit_xor", 2, chk_int2, "^", I),
    OP("lshift", 2, chk_int2, "<<", I),
    OP("rshift", 2, chk_int2, ">>", I),
    OP("invert", 1, chk_invert, "~", I),
    /* logic and comparison */
    OP("not", 1, chk_logic, "!", I | F | B),
    OP("and", 2, chk_logic, "&&", I | F | B),
    OP("or", 2, chk_logic, "||", I | F | B),
    OP("eq", 2, chk_eq, "==", I | F | B),
    OP("ne", 2, chk_eq, "!=", I | F | B),
    OP("lt", 2, chk_order, "<", I | F | B),
    OP("le", 2, chk_order, "<=", I | F | B),
    OP("gt", 2, chk_order, ">", I | F | B),
    OP("ge", 2, chk_order, ">=", I | F | B),
    /* scalar math */
    FND("min", 1, 2, chk_minmax),
    FND("max", 1, 2, chk_minmax),
    FND("abs", 1, 1, chk_num1),
    FN("sign", 1, 1, chk_num1),
    FND("clamp", 3, 3, chk_clamp),
    FND("sqrt", 1, 1, chk_float1),
    FND("sin", 1, 1, chk_float1),
    FND("cos", 1, 1, chk_float1),
    FND("tan", 1, 1, chk_float1),
    FND("asin", 1, 1, chk_float1),
    FND("acos", 1, 1, chk_float1),
    FND("atan", 1, 1, chk_float1),
    FND("atan2", 2, 2, chk_float2),
    FND("sinh", 1, 1, chk_float1),
    FND("cosh", 1, 1, chk_float1),
    FND("tanh", 1, 1, chk_float1),
    FND("exp", 1, 1, chk_float1),
    FND("log", 1, 1, chk_float1),
    FND("log2", 1, 1, chk_float1),
    FND("log10", 1, 1, chk_float1),
    FN("floor", 1, 1, chk_float1),
    FN("ceil", 1, 1, chk_float1),
    FN("round", 1, 1, chk_float1),
    FN("trunc", 1, 1, chk_float1),
    /* vectors and matrices */
    FND("dot", 2, 2, chk_dot),
    FND("cross", 2, 2, chk_cross),
    FND("length", 1, 1, chk_length),
    FND("length_sq", 1, 1, chk_length_sq),
    FND("normalize", 1, 1, chk_normalize),
    FND("outer", 2, 2, chk_outer),
    FND("transpose", 1, 1, chk_transpose),
    FND("determinant", 1, 1, chk_square),
    FND("inverse", 1, 1, chk_square),
    FN("select", 3, 3, chk_select),
    FN("where", 3, 3, chk_select),
    /* more math */
    FND("lerp", 3, 3, chk_lerp),
    FND("smoothstep", 3, 3, chk_smoothstep),
    FN("step", 1, 1, chk_scalar1),
    FN("nonzero", 1, 1, chk_scalar1),
    FN("isnan", 1, 1, chk_isclass),
    FN("isinf", 1, 1, chk_isclass),
    FN("isfinite", 1, 1, chk_isclass),
    FND("cw_mul", 2, 2, chk_cw),
    FND("cw_div", 2, 2, chk_cw),
    FND("cbrt", 1, 1, chk_f3264),
    FND("degrees", 1, 1, chk_f3264),
    FND("radians", 1, 1, chk_f3264),
    FN("rint", 1, 1, chk_f3264),
    FN("frac", 1, 1, chk_f3264), /* Warp: no gradient (adj_frac is empty) */
    /* quaternions and transforms */
    FND("quat_from_axis_angle", 2, 2, chk_quat),
    FND("quat_rpy", 3, 3, chk_quat),
    FND("quat_inverse", 1, 1, chk_quat),
    FND("quat_rotate", 2, 2, chk_quat),
    FND("quat_rotate_inv", 2, 2, chk_quat),
    FND("quat_to_matrix", 1, 1, chk_quat),
    FND("quat_from_matrix", 1, 1, chk_quat),
    FND("quat_slerp", 3, 3, chk_quat),
    FND("transform_get_translation", 1, 1, chk_quat),
    FND("transform_get_rotation", 1, 1, chk_quat),
    FND("transform_point", 2, 2, chk_quat),
    FND("transform_vector", 2, 2, chk_quat),
    FND("transform_inverse", 1, 1, chk_quat),
    FND("transform_multiply", 2, 2, chk_quat),
    /* atomics (IR_ATOMIC; not pure) */
    {"atomic_add", 2, 2, chk_atomic, NULL, 0, false, false, NULL},
    {"atomic_sub", 2, 2, chk_atomic, NULL, 0, false, false, NULL},
    {"atomic_min", 2, 2, chk_atomic, NULL, 0, false, false, NULL},
    {"atomic_max", 2, 2, chk_atomic, NULL, 0, false, false, NULL},
    /* random numbers (the state argument is advanced in place: see
       lower_call.c); zero gradient as in Warp */
    FN("rand_init", 1, 2, chk_rand_init),
    FN("randi", 1, 3, chk_rand),
    FN("randu", 1, 3, chk_rand),
    FN("randf", 1, 3, chk_rand),
    FN("randn", 1, 1, chk_rand),
    FN("sample_triangle", 1, 1, chk_rand),
    FN("sample_unit_ring", 1, 1, chk_rand),
    FN("sample_unit_disk", 1, 1, chk_rand),
    FN("sample_unit_sphere_surface", 1, 1, chk_rand),
    FN("sample_unit_sphere", 1, 1, chk_rand),
    FN("sample_unit_hemisphere_surface", 1, 1, chk_rand),
    FN("sample_unit_hemisphere", 1, 1, chk_rand),
    FN("sample_unit_square", 1, 1, chk_rand),
    FN("sample_unit_cube", 1, 1, chk_rand),
    FN("poisson", 2, 2, chk_rand),
    FN("noise", 2, 2, chk_noise),
    FN("pnoise", 3, 6, chk_noise),
    /* internal (not callable from Python: names start with '_'): the state
       after n draws / after poisson(state, lam) */
    FN("_rand_steps", 2, 2, chk_rand),
    FN("_poisson_state", 2, 2, chk_rand),
};

const int ir_builtins_core_count =
    (int)(sizeof ir_builtins_core / sizeof ir_builtins_core[0]);

/* The registry is the concatenation of the per-area tables (builtins.h). */
static const struct {
  const ir_builtin *table;
  const int *count;
} tables[] = {
    {ir_builtins_core, &ir_builtins_core_count},
    {ir_builtins_linalg, &ir_builtins_linalg_count},
    {ir_builtins_util, &ir_builtins_util_count},
    {ir_builtins_spatial, &ir_builtins_spatial_count},
};

const ir_builtin *ir_builtin_at(int i) {
  for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
    if (i < *tables[t].count)
      return &tables[t].table[i];
    i -= *tables[t].count;
  }
  return NULL;
}

const ir_builtin *ir_builtin_find(const char *name) {
  const ir_builtin *b;
  for (int i = 0; (b = ir_builtin_at(i)); i++)
    if (strcmp(b->name, name) == 0)
      return b;
  return NULL;
}

ir_emit_kind ir_builtin_emit_kind(const ir_builtin *b, const ir_type **args,
                                  int nargs) {
  if (!b->c_op)
    return IR_EMIT_CALL;
  for (int i = 0; i < nargs; i++) {
    const ir_type *t = args[i];
    int cls = ir_type_is_bool(t)    ? IR_INFIX_BOOL
              : ir_type_is_float(t) ? IR_INFIX_FLOAT
              : ir_type_is_int(t)   ? IR_INFIX_INT
                                    : 0;
    /* float16 has no C arithmetic of its own: the prelude converts */
    if (t->kind == IR_T_SCALAR &&
        (t->scalar == WP_SCALAR_FLOAT16 || t->scalar == WP_SCALAR_BFLOAT16))
      cls = 0;
    if (!(cls & b->infix_mask))
      return IR_EMIT_CALL;
  }
  return nargs == 1 ? IR_EMIT_PREFIX : IR_EMIT_INFIX;
}

/* Message helper for lowering: see ir_builtin_describe in lower. */
const char *ir_builtin_no_overload(const ir_builtin *b, const ir_type **a,
                                   int n, char *buf, size_t cap) {
  return no_overload(b, a, n, buf, cap);
}
