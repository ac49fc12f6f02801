/* lower_half.c - builtins on float16 values (scalars, vectors, matrices,
 * quaternions).
 *
 * Warp computes float16 arithmetic in float32 and rounds each result back
 * to float16 (round to nearest even).  A builtin on float16 values is
 * therefore lowered to its float32 twin between conversions: the arguments
 * converted to float32, the float32 builtin, its result converted back.
 * That is exact for every one-operation builtin and for component-wise
 * vector and matrix operations.  Builtins that Warp computes as several
 * float16 operations are lowered step by step in Warp's order, each step
 * rounded: x // y (the quotient is rounded before it is floored), lerp,
 * smoothstep, dot, length, length_sq, normalize, cross, the matrix-vector
 * and matrix-matrix products, 2x2 and 3x3 determinants and inverses, the
 * quaternion product, dot, length, normalize, quat_rotate, quat_rotate_inv
 * and quat_to_matrix.  The rest (4x4 determinant and inverse, the other
 * quaternion and transform builtins)
 * compute in float32 and round once, within float16 precision of Warp's
 * result.  Adjoints follow from
 * the lowered form.  bfloat16 (warp-lang 1.19) is lowered the same way,
 * with its own rounding; c->half_scalar says which of the two. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"

static bool has_f32(const ir_type *t) {
  return (t->kind == IR_T_SCALAR || t->kind == IR_T_VEC ||
          t->kind == IR_T_MAT) &&
         t->scalar == WP_SCALAR_FLOAT32;
}

/* The warp.math rotation helpers: float32 only, as in Warp (their rule
 * reports float16 arguments) */
static bool f32_only(ir_builtin_id id) {
  switch (id) {
  case IR_B_QUAT_TWIST:
  case IR_B_QUAT_TWIST_ANGLE:
  case IR_B_QUAT_TWIST_ANGLE_SIGNED:
  case IR_B_QUAT_TO_RPY:
  case IR_B_QUAT_TO_EULER:
  case IR_B_QUAT_FROM_EULER:
  case IR_B_VELOCITY_AT_POINT:
  case IR_B_TRANSFORM_TWIST:
  case IR_B_TRANSFORM_WRENCH: return true;
  default: return false;
  }
}

bool lower_half_args(const ir_builtin *b, const ir_type **types, int n) {
  if (b->id == IR_B_WHERE && n == 3 && ir_type_has_half(types[0]))
    return true; /* reported: no truth value */
  if (f32_only(b->id))
    return false;
  if (b->id == IR_B_HASH_GRID_QUERY)
    return false; /* float16 queries are their own overload */
  int half = 0;
  for (int i = 0; i < n; i++) {
    if (ir_type_has_half(types[i])) {
      if (half && half != types[i]->scalar)
        return false; /* float16 with bfloat16: reported by the builtin */
      half = types[i]->scalar;
    } else if (has_f32(types[i]))
      return false; /* mixed: the builtin's own check reports it */
  }
  return half != 0;
}

/* ---- step-by-step forms -------------------------------------------------
 * Each reads the scalar components of its operands once (one extract per
 * component, so the adjoint stays small), computes with scalar float16
 * builtins (each rounded) and composes the result. */

static ir_value *op2(lower_ctx *c, ir_builtin_id id, ir_value *x, ir_value *y,
                     wp_loc loc) {
  ir_value *a[2] = {x, y};
  return x && y ? lower_builtin(c, ir_builtin_get(id), a, 2, loc) : NULL;
}

static ir_value *op1(lower_ctx *c, ir_builtin_id id, ir_value *x, wp_loc loc) {
  return x ? lower_builtin(c, ir_builtin_get(id), &x, 1, loc) : NULL;
}

static ir_value *hconst(lower_ctx *c, double v) {
  return lower_const_float(c, ir_t_scalar(c->T, c->half_scalar), v);
}

/* Component k of a vector, row k of a matrix. */
static ir_value *ext(lower_ctx *c, ir_value *v, int k, wp_loc loc) {
  const ir_type *t = v->type->kind == IR_T_MAT
                         ? ir_t_vec(c->T, v->type->scalar, v->type->cols)
                         : v->type->elem;
  ir_value *x = lower_emit(c, IR_EXTRACT, t, &v, 1, loc);
  x->aux = k;
  return x;
}

/* The scalar components of a vector, or of a matrix row by row. */
static void comps(lower_ctx *c, ir_value *v, ir_value **out, wp_loc loc) {
  if (v->type->kind != IR_T_MAT) {
    for (int i = 0; i < v->type->rows; i++)
      out[i] = ext(c, v, i, loc);
    return;
  }
  for (int i = 0; i < v->type->rows; i++) {
    ir_value *row = ext(c, v, i, loc);
    for (int j = 0; j < v->type->cols; j++)
      out[i * v->type->cols + j] = ext(c, row, j, loc);
  }
}

static ir_value *compose(lower_ctx *c, const ir_type *t, ir_value **v, int n,
                         wp_loc loc) {
  for (int i = 0; i < n; i++)
    if (!v[i])
      return NULL;
  return lower_emit(c, IR_COMPOSE, t, v, n, loc);
}

static ir_value *where(lower_ctx *c, ir_value *cond, ir_value *x, ir_value *y,
                       wp_loc loc) {
  ir_value *w[3] = {cond, x, y};
  if (!cond || !x || !y)
    return NULL;
  return lower_builtin(c, ir_builtin_get(IR_B_WHERE), w, 3, loc);
}

/* p0 q0 +- p1 q1 +- ... (sign[i] < 0: subtract term i), left to right */
static ir_value *hsum(lower_ctx *c, ir_value **p, ir_value **q, int n,
                      const int *sign, wp_loc loc) {
  ir_value *s = op2(c, IR_B_MUL, p[0], q[0], loc);
  for (int i = 1; i < n; i++)
    s = op2(c, sign && sign[i] < 0 ? IR_B_SUB : IR_B_ADD, s,
            op2(c, IR_B_MUL, p[i], q[i], loc), loc);
  return s;
}

/* Warp's vector dot: a0 b0 + a1 b1 (+ a2 b2) for 2 and 3 components, else
 * 0 + a0 b0 + a1 b1 + ...; the quaternion dot has no leading 0. */
static ir_value *hdot(lower_ctx *c, ir_value **a, ir_value **b, int n,
                      bool zero_first, wp_loc loc) {
  if (!zero_first)
    return hsum(c, a, b, n, NULL, loc);
  ir_value *s = hconst(c, 0.0);
  for (int i = 0; i < n; i++)
    s = op2(c, IR_B_ADD, s, op2(c, IR_B_MUL, a[i], b[i], loc), loc);
  return s;
}

static void hcross(lower_ctx *c, ir_value **a, ir_value **b, ir_value **r,
                   wp_loc loc) {
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    r[i] = op2(c, IR_B_SUB, op2(c, IR_B_MUL, a[j], b[k], loc),
               op2(c, IR_B_MUL, a[k], b[j], loc), loc);
  }
}

/* normalize: l = length; a_i / l when l > 0, else zero */
static ir_value *hnormalize(lower_ctx *c, ir_value *v, wp_loc loc) {
  ir_value *a[255], *q[255];
  int n = v->type->rows;
  comps(c, v, a, loc);
  ir_value *l = op1(c, IR_B_SQRT, hdot(c, a, a, n, n > 3, loc), loc);
  for (int i = 0; i < n; i++)
    q[i] = op2(c, IR_B_DIV, a[i], l, loc);
  return where(c, op2(c, IR_B_GT, l, hconst(c, 0.0), loc),
               compose(c, v->type, q, n, loc), lower_zero(c, v->type), loc);
}

/* m v: r = col0 v0; r += col_i v_i (Warp's order); v m: row by row. */
static ir_value *hmatvec(lower_ctx *c, ir_value *mv, ir_value *vv, bool left,
                         const ir_type *rt, wp_loc loc) {
  int rows = mv->type->rows, cols = mv->type->cols;
  int n = left ? cols : rows, terms = left ? rows : cols;
  ir_value **m = WP_NEW_ARRAY(c->A, ir_value *, rows * cols);
  ir_value **v = WP_NEW_ARRAY(c->A, ir_value *, terms);
  ir_value **r = WP_NEW_ARRAY(c->A, ir_value *, n);
  ir_value **p = WP_NEW_ARRAY(c->A, ir_value *, terms);
  ir_value **q = WP_NEW_ARRAY(c->A, ir_value *, terms);
  comps(c, mv, m, loc);
  comps(c, vv, v, loc);
  for (int j = 0; j < n; j++) {
    for (int i = 0; i < terms; i++)
      p[i] = left ? m[i * cols + j] : m[j * cols + i], q[i] = v[i];
    r[j] = hsum(c, p, q, terms, NULL, loc);
  }
  return compose(c, rt, r, n, loc);
}

/* a b: each entry 0 + a_i0 b_0j + a_i1 b_1j + ... (Warp's muladd). */
static ir_value *hmatmul(lower_ctx *c, ir_value *av, ir_value *bv,
                         const ir_type *rt, wp_loc loc) {
  int K = av->type->cols, C = bv->type->cols;
  ir_value **a = WP_NEW_ARRAY(c->A, ir_value *, av->type->rows * K);
  ir_value **b = WP_NEW_ARRAY(c->A, ir_value *, K * C);
  ir_value **r = WP_NEW_ARRAY(c->A, ir_value *, rt->rows * C);
  ir_value **p = WP_NEW_ARRAY(c->A, ir_value *, K);
  ir_value **q = WP_NEW_ARRAY(c->A, ir_value *, K);
  comps(c, av, a, loc);
  comps(c, bv, b, loc);
  for (int i = 0; i < rt->rows; i++)
    for (int j = 0; j < C; j++) {
      for (int k = 0; k < K; k++)
        p[k] = a[i * K + k], q[k] = b[k * C + j];
      r[i * C + j] = hdot(c, p, q, K, true, loc);
    }
  return compose(c, rt, r, rt->rows * C, loc);
}

/* determinant: 2x2 m00 m11 - m10 m01; 3x3 dot(row0, cross(row1, row2)) */
static ir_value *hdet(lower_ctx *c, ir_value **m, int n, wp_loc loc) {
  if (n == 2)
    return op2(c, IR_B_SUB, op2(c, IR_B_MUL, m[0], m[3], loc),
               op2(c, IR_B_MUL, m[2], m[1], loc), loc);
  ir_value *x[3];
  hcross(c, m + 3, m + 6, x, loc);
  return hdot(c, m, x, 3, false, loc);
}

/* 2x2 inverse: adjugate times 1/det when det > 0 or det < 0, else zero;
 * 3x3: cofactors b[j][i] = m[i1][j1] m[i2][j2] - m[i1][j2] m[i2][j1]
 * (indices + 1, + 2 mod 3) times 1/det when det != 0, else zero */
static ir_value *hinverse(lower_ctx *c, ir_value *mv, wp_loc loc) {
  ir_value *m[9], *e[9], *cond;
  int n = mv->type->rows;
  comps(c, mv, m, loc);
  ir_value *det = hdet(c, m, n, loc);
  ir_value *inv = op2(c, IR_B_DIV, hconst(c, 1.0), det, loc);
  if (n == 2) {
    e[0] = m[3], e[1] = op1(c, IR_B_NEG, m[1], loc);
    e[2] = op1(c, IR_B_NEG, m[2], loc), e[3] = m[0];
    cond = op2(c, IR_B_OR, op2(c, IR_B_GT, det, hconst(c, 0.0), loc),
               op2(c, IR_B_LT, det, hconst(c, 0.0), loc), loc);
  } else {
    for (int j = 0; j < 3; j++)
      for (int i = 0; i < 3; i++) {
        int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3,
            j2 = (j + 2) % 3;
        e[j * 3 + i] = op2(
            c, IR_B_SUB, op2(c, IR_B_MUL, m[i1 * 3 + j1], m[i2 * 3 + j2], loc),
            op2(c, IR_B_MUL, m[i1 * 3 + j2], m[i2 * 3 + j1], loc), loc);
      }
    cond = op2(c, IR_B_NE, det, hconst(c, 0.0), loc);
  }
  for (int i = 0; i < n * n; i++)
    e[i] = op2(c, IR_B_MUL, e[i], inv, loc);
  return where(c, cond, compose(c, mv->type, e, n * n, loc),
               lower_zero(c, mv->type), loc);
}

/* quat_rotate(q, x) / quat_rotate_inv (q: x y z w): c = 2 w w - 1,
 * d = 2 (qx x0 + qy x1 + qz x2),
 * r_i = x_i c + q_i d +- (q_j x_k - q_k x_j) w 2 */
static void hrotate(lower_ctx *c, ir_value **q, ir_value **x, bool inv,
                    ir_value **r, wp_loc loc) {
  ir_value *two = hconst(c, 2.0);
  ir_value *cc =
      op2(c, IR_B_SUB,
          op2(c, IR_B_MUL, op2(c, IR_B_MUL, two, q[3], loc), q[3], loc),
          hconst(c, 1.0), loc);
  ir_value *d = op2(c, IR_B_MUL, two, hsum(c, q, x, 3, NULL, loc), loc);
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    ir_value *t = op2(c, IR_B_SUB, op2(c, IR_B_MUL, q[j], x[k], loc),
                      op2(c, IR_B_MUL, q[k], x[j], loc), loc);
    t = op2(c, IR_B_MUL, op2(c, IR_B_MUL, t, q[3], loc), two, loc);
    r[i] = op2(c, inv ? IR_B_SUB : IR_B_ADD,
               op2(c, IR_B_ADD, op2(c, IR_B_MUL, x[i], cc, loc),
                   op2(c, IR_B_MUL, q[i], d, loc), loc),
               t, loc);
  }
}

/* Quaternion builtins in Warp's order. */
static ir_value *hquat(lower_ctx *c, ir_builtin_id id, ir_value **a,
                       const ir_type *rt, wp_loc loc) {
  ir_value *q[4], *b[4], *r[9];
  const ir_type *qt = a[0]->type;
  comps(c, a[0], q, loc);
  if (id == IR_B_MUL) { /* a.w b.x + b.w a.x + a.y b.z - b.y a.z, ... */
    static const int plus[4] = {1, 1, 1, -1}, minus[4] = {1, -1, -1, -1};
    comps(c, a[1], b, loc);
    for (int i = 0; i < 3; i++) {
      int j = (i + 1) % 3, k = (i + 2) % 3;
      ir_value *p[4] = {q[3], b[3], q[j], b[j]};
      ir_value *o[4] = {b[i], q[i], b[k], q[k]};
      r[i] = hsum(c, p, o, 4, plus, loc);
    }
    ir_value *p[4] = {q[3], q[0], q[1], q[2]};
    ir_value *o[4] = {b[3], b[0], b[1], b[2]};
    r[3] = hsum(c, p, o, 4, minus, loc);
    return compose(c, qt, r, 4, loc);
  }
  if (id == IR_B_DOT || id == IR_B_LENGTH || id == IR_B_LENGTH_SQ) {
    if (id == IR_B_DOT)
      comps(c, a[1], b, loc);
    ir_value *d = hsum(c, q, id == IR_B_DOT ? b : q, 4, NULL, loc);
    return id == IR_B_LENGTH ? op1(c, IR_B_SQRT, d, loc) : d;
  }
  if (id == IR_B_NORMALIZE) { /* q (1 / l) when l > 0, else identity */
    ir_value *l = op1(c, IR_B_SQRT, hsum(c, q, q, 4, NULL, loc), loc);
    ir_value *inv = op2(c, IR_B_DIV, hconst(c, 1.0), l, loc);
    for (int i = 0; i < 4; i++)
      r[i] = op2(c, IR_B_MUL, q[i], inv, loc);
    ir_value *id[4] = {hconst(c, 0.0), hconst(c, 0.0), hconst(c, 0.0),
                       hconst(c, 1.0)};
    return where(c, op2(c, IR_B_GT, l, hconst(c, 0.0), loc),
                 compose(c, qt, r, 4, loc), compose(c, qt, id, 4, loc), loc);
  }
  if (id == IR_B_QUAT_TO_MATRIX) { /* columns quat_rotate(q, e_j) */
    ir_value *col[3][3];
    for (int j = 0; j < 3; j++) {
      ir_value *u[3];
      for (int i = 0; i < 3; i++)
        u[i] = hconst(c, i == j ? 1.0 : 0.0);
      hrotate(c, q, u, false, col[j], loc);
    }
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++)
        r[i * 3 + j] = col[j][i];
    return compose(c, rt, r, 9, loc);
  }
  ir_value *x[3]; /* quat_rotate, quat_rotate_inv */
  comps(c, a[1], x, loc);
  hrotate(c, q, x, id == IR_B_QUAT_ROTATE_INV, r, loc);
  return compose(c, rt, r, 3, loc);
}

/*   lerp(a, b, t) = a (1 - t) + b t
 *   smoothstep(e0, e1, x): t = clamp((x - e0) / (e1 - e0), 0, 1),
 *                          t t (3 - 2 t) */
static ir_value *hlerp_smooth(lower_ctx *c, ir_builtin_id id, ir_value **a,
                              wp_loc loc) {
  ir_value *one = hconst(c, 1.0);
  if (id == IR_B_LERP)
    return op2(c, IR_B_ADD,
               op2(c, IR_B_MUL, a[0], op2(c, IR_B_SUB, one, a[2], loc), loc),
               op2(c, IR_B_MUL, a[1], a[2], loc), loc);
  ir_value *t = op2(c, IR_B_DIV, op2(c, IR_B_SUB, a[2], a[0], loc),
                    op2(c, IR_B_SUB, a[1], a[0], loc), loc);
  if (!t)
    return NULL;
  ir_value *cl[3] = {t, hconst(c, 0.0), one};
  t = lower_builtin(c, ir_builtin_get(IR_B_CLAMP), cl, 3, loc);
  ir_value *k = op2(c, IR_B_SUB, hconst(c, 3.0),
                    op2(c, IR_B_MUL, hconst(c, 2.0), t, loc), loc);
  return op2(c, IR_B_MUL, op2(c, IR_B_MUL, t, t, loc), k, loc);
}

/* The step-by-step form of b(args) when Warp computes it in several float16
 * operations; NULL with *done false when there is none. */
static ir_value *stepwise(lower_ctx *c, const ir_builtin *b, ir_value **a,
                          int n, const ir_type *rt, wp_loc loc, bool *done) {
  ir_builtin_id id = b->id;
  const ir_type *t0 = a[0]->type, *t1 = n > 1 ? a[1]->type : NULL;
  bool plain = t0->kind == IR_T_VEC && !t0->flavor;
  bool quat = ir_type_is_quat(t0);
  *done = true;
  if (id == IR_B_NEG && t0->kind == IR_T_SCALAR) /* Warp's 0 - x: -0 -> +0 */
    return op2(c, IR_B_SUB, hconst(c, 0.0), a[0], loc);
  if (id == IR_B_FLOORDIV && t0->kind == IR_T_SCALAR)
    return op1(c, IR_B_FLOOR, op2(c, IR_B_DIV, a[0], a[1], loc), loc);
  if ((id == IR_B_LERP || id == IR_B_SMOOTHSTEP) && t0->kind == IR_T_SCALAR)
    return hlerp_smooth(c, id, a, loc);
  if (plain && (id == IR_B_DOT || id == IR_B_LENGTH || id == IR_B_LENGTH_SQ ||
                id == IR_B_CROSS)) {
    ir_value *x[255], *y[255], *r[3];
    comps(c, a[0], x, loc);
    if (n > 1)
      comps(c, a[1], y, loc);
    if (id == IR_B_CROSS) {
      hcross(c, x, y, r, loc);
      return compose(c, rt, r, 3, loc);
    }
    ir_value *d = hdot(c, x, n > 1 ? y : x, t0->rows, t0->rows > 3, loc);
    return id == IR_B_LENGTH ? op1(c, IR_B_SQRT, d, loc) : d;
  }
  if (id == IR_B_NORMALIZE && plain)
    return hnormalize(c, a[0], loc);
  if (id == IR_B_MUL && t0->kind == IR_T_MAT && t1->kind == IR_T_VEC &&
      !t1->flavor)
    return hmatvec(c, a[0], a[1], false, rt, loc);
  if (id == IR_B_MUL && plain && t1->kind == IR_T_MAT)
    return hmatvec(c, a[1], a[0], true, rt, loc);
  if (id == IR_B_MUL && t0->kind == IR_T_MAT && t1->kind == IR_T_MAT)
    return hmatmul(c, a[0], a[1], rt, loc);
  if (id == IR_B_DETERMINANT && t0->rows <= 3) {
    ir_value *m[9];
    comps(c, a[0], m, loc);
    return hdet(c, m, t0->rows, loc);
  }
  if (id == IR_B_INVERSE && t0->rows <= 3)
    return hinverse(c, a[0], loc);
  if (quat && ((id == IR_B_MUL && t1 == t0) || id == IR_B_DOT ||
               id == IR_B_LENGTH || id == IR_B_LENGTH_SQ ||
               id == IR_B_NORMALIZE || id == IR_B_QUAT_TO_MATRIX ||
               id == IR_B_QUAT_ROTATE || id == IR_B_QUAT_ROTATE_INV))
    return hquat(c, id, a, rt, loc);
  *done = false;
  return NULL;
}

static ir_value *half_builtin(lower_ctx *c, const ir_builtin *b,
                              ir_value **args, int n, wp_loc loc);

ir_value *lower_half_builtin(lower_ctx *c, const ir_builtin *b, ir_value **args,
                             int n, wp_loc loc) {
  int saved = c->half_scalar;
  c->half_scalar = WP_SCALAR_FLOAT16;
  for (int i = 0; i < n; i++)
    if (ir_type_has_half(args[i]->type))
      c->half_scalar = args[i]->type->scalar;
  ir_value *v = half_builtin(c, b, args, n, loc);
  c->half_scalar = saved;
  return v;
}

static ir_value *half_builtin(lower_ctx *c, const ir_builtin *b,
                              ir_value **args, int n, wp_loc loc) {
  ir_types *T = c->T;
  const char *hn = ir_scalar_name(c->half_scalar);
  ir_value **wide = WP_NEW_ARRAY(c->A, ir_value *, n + 1);
  const ir_type **types = WP_NEW_ARRAY(c->A, const ir_type *, n + 1);
  bool where = b->id == IR_B_WHERE;
  if ((where && ir_type_has_half(args[0]->type)) || b->id == IR_B_NOT ||
      b->id == IR_B_AND || b->id == IR_B_OR) {
    wp_error(c->diag, loc,
             "a %s value has no truth value in Warp; compare it, e.g. "
             "x != wp.%s(0.0)",
             hn, hn);
    return NULL;
  }
  for (int i = 0; i < n; i++) {
    wide[i] = args[i];
    if (ir_type_has_half(args[i]->type) && !where)
      wide[i] = lower_cast(
          c, args[i], ir_t_rescalar(T, args[i]->type, WP_SCALAR_FLOAT32), loc);
    types[i] = wide[i]->type;
  }
  const char *why = NULL;
  const ir_type *rt = b->check(T, b, types, n, &why);
  if (!rt) {
    for (int i = 0; i < n; i++)
      types[i] = args[i]->type;
    char buf[256];
    ir_builtin_no_overload(b, types, n, buf, sizeof buf);
    wp_error(c->diag, loc, "%s%s%s", buf, why ? ": " : "", why ? why : "");
    return NULL;
  }
  const ir_type *hrt =
      !where && has_f32(rt) ? ir_t_rescalar(T, rt, c->half_scalar) : rt;
  bool done;
  ir_value *s = where ? NULL : stepwise(c, b, args, n, hrt, loc, &done);
  if (!where && done)
    return s; /* the unused conversions are removed as dead code */
  ir_value *v = lower_emit(c, IR_BUILTIN, rt, wide, n, loc);
  v->builtin = b;
  return hrt != rt ? lower_cast(c, v, hrt, loc) : v;
}
