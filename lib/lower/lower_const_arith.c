/* lower_const_arith.c - arithmetic on compile-time values (see
 * lower_const.c): Python numbers, Warp scalars with their own precision and
 * wrapping, vector and matrix constants, typed constructors. */
#include <math.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_cvalue.h"

/* Makes v a typed constant of type t with fresh zero components. */
void lower_cv_new_typed(lower_ctx *c, cvalue *v, const ir_type *t) {
  int n = t->rows * t->cols;
  v->kind = CV_TYPED;
  v->type = t;
  v->comp = WP_NEW_ARRAY(c->A, double, n);
  v->icomp = WP_NEW_ARRAY(c->A, int64_t, n);
}

/* A Warp scalar (wp.float64(x)) in a comparison, a condition or a
 * composite's arithmetic acts as a Python number: float types as floats,
 * integer types as ints. */
void lower_cv_untype(cvalue *v) {
  if (v->kind != CV_TYPED || v->type->kind != IR_T_SCALAR)
    return;
  if (ir_type_is_float(v->type))
    v->kind = CV_FLOAT, v->f = v->comp[0];
  else
    v->kind = CV_INT, v->i = v->icomp[0];
}

/* Rounds the components of a typed constant to its scalar type. */
static void round_comps(cvalue *v) {
  int n = v->type->rows * v->type->cols;
  const ir_type *st = v->type->kind == IR_T_SCALAR ? v->type : v->type->elem;
  for (int k = 0; k < n; k++)
    if (v->type->scalar == WP_SCALAR_FLOAT32)
      v->comp[k] = (double)(float)v->comp[k];
    else if (!ir_type_is_float(st))
      v->comp[k] = (double)v->icomp[k];
}

/* vector/matrix constants: v + w, v - w (same type), v * s, s * v, v / s. */
static bool eval_composite(lower_ctx *c, const ast_expr *e, cvalue *a,
                           cvalue *b, cvalue *out) {
  bool at = a->kind == CV_TYPED, bt = b->kind == CV_TYPED;
  int n = (at ? a->type : b->type)->rows * (at ? a->type : b->type)->cols;
  *out = at ? *a : *b;
  lower_cv_new_typed(c, out, out->type); /* own components, copied below */
  memcpy(out->comp, (at ? a : b)->comp, sizeof *out->comp * (size_t)n);
  memcpy(out->icomp, (at ? a : b)->icomp, sizeof *out->icomp * (size_t)n);
  if (at && bt && a->type == b->type &&
      (e->op == AST_OP_ADD || e->op == AST_OP_SUB)) {
    for (int k = 0; k < n; k++) {
      out->comp[k] = e->op == AST_OP_ADD ? a->comp[k] + b->comp[k]
                                         : a->comp[k] - b->comp[k];
      uint64_t x = (uint64_t)a->icomp[k], y = (uint64_t)b->icomp[k];
      out->icomp[k] = (int64_t)(e->op == AST_OP_ADD ? x + y : x - y);
    }
  } else if (at != bt && (e->op == AST_OP_MUL || (e->op == AST_OP_DIV && at))) {
    const cvalue *sv = at ? b : a;
    double s = cv_num(sv);
    for (int k = 0; k < n; k++) {
      out->comp[k] = e->op == AST_OP_MUL ? out->comp[k] * s : out->comp[k] / s;
      if (e->op == AST_OP_MUL && sv->kind != CV_FLOAT)
        out->icomp[k] =
            (int64_t)((uint64_t)out->icomp[k] * (uint64_t)cv_int(sv));
      else
        out->icomp[k] = (int64_t)out->comp[k];
    }
  } else
    return lower_cv_not_const(c, e);
  round_comps(out);
  return true;
}

/* The scalar type a Warp builtin sees for an operand: a Warp scalar's own,
 * float32 for a Python float, int32 for a Python int; NULL for others. */
static const ir_type *operand_scalar(lower_ctx *c, const cvalue *v) {
  switch (v->kind) {
  case CV_TYPED: return v->type->kind == IR_T_SCALAR ? v->type : NULL;
  case CV_FLOAT: return ir_t_float32(c->T);
  case CV_INT: return v->enum_kind ? NULL : ir_t_int32(c->T);
  default: return NULL;
  }
}

/* out = a scalar of type t holding f (float types) or i (integers): a
 * Python float / int for float32 / int32, as Warp gives them back, else a
 * typed constant. */
void lower_cv_scalar_result(lower_ctx *c, const ir_type *t, double f, int64_t i,
                            cvalue *out) {
  memset(out, 0, sizeof *out);
  bool fl = ir_type_is_float(t);
  if (t->scalar == WP_SCALAR_FLOAT32 || t->scalar == WP_SCALAR_INT32) {
    out->kind = fl ? CV_FLOAT : CV_INT;
    out->f = fl ? ir_round_float(t, f) : 0;
    out->i = fl ? 0 : ir_wrap_int(t, i);
    return;
  }
  lower_cv_new_typed(c, out, t);
  if (fl)
    out->comp[0] = ir_round_float(t, f);
  else {
    out->icomp[0] = ir_wrap_int(t, i);
    out->comp[0] = t->scalar == WP_SCALAR_UINT64
                       ? (double)(uint64_t)out->icomp[0]
                       : (double)out->icomp[0];
  }
  out->py = fl ? 2 : 1, out->pyf = out->comp[0]; /* constructors convert it */
}

/* Arithmetic with a Warp scalar at module level, as warp-lang 1.19.0 runs
 * it: the operator is Warp's builtin (wp.add, wp.div, ...), so both sides
 * have one type, the result is computed in it (float16 and float32 round,
 * integers wrap, integer `/` truncates, `%` takes the dividend's sign) and
 * keeps it: wp.float64(1.0) / wp.float64(3.0) is a float64.  (1.10.1 gave
 * a Python number, which kernels read as float32.) */
static bool eval_scalar_binary(lower_ctx *c, const ast_expr *e, const cvalue *a,
                               const cvalue *b, cvalue *out) {
  const ir_type *ta = operand_scalar(c, a), *tb = operand_scalar(c, b);
  if (!ta || !tb)
    return lower_cv_not_const(c, e);
  if (ta != tb) {
    wp_error(c->diag, e->loc,
             "Warp's arithmetic on scalars needs one type on both sides, got "
             "%s and %s (a Python float counts as float32, an int as int32); "
             "convert one side, e.g. wp.%s(...)",
             ir_scalar_name(ta->scalar), ir_scalar_name(tb->scalar),
             ir_scalar_name(a->kind == CV_TYPED ? ta->scalar : tb->scalar));
    return false;
  }
  bool fl = ir_type_is_float(ta), uns = !ir_type_is_signed(ta);
  double x = a->kind == CV_TYPED ? a->comp[0] : cv_num(a);
  double y = b->kind == CV_TYPED ? b->comp[0] : cv_num(b);
  int64_t p = a->kind == CV_TYPED ? a->icomp[0] : cv_int(a);
  int64_t q = b->kind == CV_TYPED ? b->icomp[0] : cv_int(b);
  uint64_t up = (uint64_t)p, uq = (uint64_t)q;
  double f = 0;
  int64_t i = 0;
  switch (e->op) {
  case AST_OP_ADD: fl ? (f = x + y) : (i = (int64_t)(up + uq)); break;
  case AST_OP_SUB: fl ? (f = x - y) : (i = (int64_t)(up - uq)); break;
  case AST_OP_MUL: fl ? (f = x * y) : (i = (int64_t)(up * uq)); break;
  case AST_OP_DIV:
    if (fl)
      f = x / y;
    else if (q == 0 || (!uns && p == INT64_MIN && q == -1))
      return lower_cv_not_const(c, e);
    else
      i = uns ? (int64_t)(up / uq) : p / q;
    break;
  case AST_OP_MOD:
    if (fl)
      f = fmod(x, y);
    else if (q == 0 || (!uns && p == INT64_MIN && q == -1))
      return lower_cv_not_const(c, e);
    else
      i = uns ? (int64_t)(up % uq) : p % q;
    break;
  default:
    return lower_cv_not_const(c, e); /* Warp scalars define no other operator */
  }
  lower_cv_scalar_result(c, ta, f, i, out);
  return true;
}

bool lower_cv_binary(lower_ctx *c, const ast_expr *e, cvalue *a, cvalue *b,
                     cvalue *out) {
  if ((a->kind == CV_TYPED && a->type->kind == IR_T_SCALAR) ||
      (b->kind == CV_TYPED && b->type->kind == IR_T_SCALAR)) {
    bool composite = (a->kind == CV_TYPED && a->type->kind != IR_T_SCALAR) ||
                     (b->kind == CV_TYPED && b->type->kind != IR_T_SCALAR);
    if (!composite)
      return eval_scalar_binary(c, e, a, b, out);
  }
  /* Python: IntFlag | & ^ IntFlag-or-int is an IntFlag; other arithmetic
     on enum members gives plain ints */
  int flag = (a->enum_kind == 2 || b->enum_kind == 2) && a->kind == CV_INT &&
                     b->kind == CV_INT &&
                     (e->op == AST_OP_BITOR || e->op == AST_OP_BITAND ||
                      e->op == AST_OP_BITXOR)
                 ? 2
                 : 0;
  out->enum_kind = flag;
  out->enum_mask = a->enum_kind == 2 ? a->enum_mask : b->enum_mask;
  lower_cv_untype(a);
  lower_cv_untype(b);
  if (a->kind == CV_TYPED || b->kind == CV_TYPED)
    return eval_composite(c, e, a, b, out);
  bool ints = a->kind != CV_FLOAT && b->kind != CV_FLOAT;
  double x = cv_num(a), y = cv_num(b);
  int64_t p = a->i, q = b->i;
  out->kind = ints ? CV_INT : CV_FLOAT;
  switch (e->op) {
  case AST_OP_ADD: ints ? (out->i = p + q) : (out->f = x + y); return true;
  case AST_OP_SUB: ints ? (out->i = p - q) : (out->f = x - y); return true;
  case AST_OP_MUL: ints ? (out->i = p * q) : (out->f = x * y); return true;
  case AST_OP_DIV:
    if (y == 0)
      break;
    out->kind = CV_FLOAT;
    out->f = x / y;
    return true;
  case AST_OP_FLOORDIV:
    if (y == 0)
      break;
    if (ints) { /* Python floors */
      out->i = p / q - ((p % q != 0) && ((p < 0) != (q < 0)));
    } else
      out->f = floor(x / y);
    return true;
  case AST_OP_MOD:
    if (y == 0)
      break;
    if (ints) {
      int64_t r = p % q;
      out->i = (r != 0 && ((r < 0) != (q < 0))) ? r + q : r;
    } else {
      double r = fmod(x, y);
      out->f = (r != 0 && ((r < 0) != (y < 0))) ? r + y : r;
    }
    return true;
  case AST_OP_POW:
    if (ints && q >= 0) {
      int64_t r = 1;
      for (int64_t k = 0; k < q; k++)
        r *= p;
      out->i = r;
    } else {
      out->kind = CV_FLOAT;
      out->f = pow(x, y);
    }
    return true;
  case AST_OP_LSHIFT:
    if (!ints)
      break;
    out->i = p << q;
    return true;
  case AST_OP_RSHIFT:
    if (!ints)
      break;
    out->i = p >> q;
    return true;
  case AST_OP_BITAND:
    if (!ints)
      break;
    out->i = p & q;
    return true;
  case AST_OP_BITOR:
    if (!ints)
      break;
    out->i = p | q;
    return true;
  case AST_OP_BITXOR:
    if (!ints)
      break;
    out->i = p ^ q;
    return true;
  default: break;
  }
  return lower_cv_not_const(c, e);
}

/* wp.float64(x), wp.vec3(a, b, c), wp.mat22(...): typed constants. */
bool lower_cv_typed(lower_ctx *c, const ast_expr *e, const ir_type *t,
                    int limit, cvalue *out) {
  int n = t->rows * t->cols;
  lower_cv_new_typed(c, out, t);
  ast_expr *const *items = e->items;
  int ni = e->nitems, lim = limit;
  if (ni == 0)
    return true;
  if (ni == 1 && t->kind != IR_T_SCALAR) { /* vec3bool([True, False, True]) */
    const ast_expr *seq = lower_cv_follow(c, e->items[0], &lim);
    if (lower_cv_is_seq(seq))
      items = seq->items, ni = seq->nitems;
    else
      lim = limit;
  }
  /* the components the arguments give, in order: a scalar gives one; a
     vector as the whole of a conversion (wp.vec3d(v)), or as a part of
     wp.transform(p, q), gives its own */
  double *comp = WP_NEW_ARRAY(c->A, double, n + 1);
  int64_t *icomp = WP_NEW_ARRAY(c->A, int64_t, n + 1);
  int nc = 0;
  cvalue first = {0};
  for (int i = 0; i < ni; i++) {
    cvalue a;
    if (!lower_cv_eval(c, items[i], lim, &a))
      return false;
    lower_cv_untype(&a);
    a.npy = NULL; /* wp.float32(np.finfo(np.float32).eps) */
    if (i == 0)
      first = a;
    if (a.kind == CV_TYPED) {
      int m = a.type->rows * a.type->cols;
      bool part =
          ir_type_is_transform(t) && ni == 2 && a.type->kind == IR_T_VEC;
      if ((!part && (ni != 1 || a.type->kind != t->kind)) || nc + m > n)
        return lower_cv_not_const(c, items[i]);
      for (int k = 0; k < m; k++, nc++)
        comp[nc] = a.comp[k], icomp[nc] = a.icomp[k];
      continue;
    }
    if (nc + 1 > n && ni != 1)
      return lower_cv_not_const(c, e);
    comp[nc] = cv_num(&a), icomp[nc] = cv_int(&a), nc++;
  }
  if (nc != 1 && nc != n)
    return lower_cv_not_const(c, e);
  for (int k = 0; k < n; k++) {
    out->comp[k] = comp[nc == 1 ? 0 : k];
    out->icomp[k] = icomp[nc == 1 ? 0 : k];
  }
  if (t->kind == IR_T_SCALAR && first.kind != CV_BOOL && first.kind != CV_TYPED)
    out->py = first.kind == CV_INT ? 1 : 2, out->pyf = cv_num(&first);
  round_comps(out);
  return true;
}
