/* lower_tile_arange.c - wp.tile_arange: the element count as Warp's
 * value function computes it (lower_tile.h), the instruction TILE_ARANGE
 * (args: start, step of the dtype -> 1-d tile; lower_tile.c). */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

/* The value a float bound of tile_arange was written with: a literal's
 * double (the IR constant of 0.1 is a float32), else the constant's. */
static double written_float(const ast_expr *x, const ir_value *v) {
  bool neg = false;
  if (x->kind == AST_EXPR_UNARY && x->op == AST_OP_NEG && x->nitems == 1)
    neg = true, x = x->items[0];
  if (x->kind == AST_EXPR_FLOAT)
    return neg ? -x->float_value : x->float_value;
  return v->fval;
}

/* A double as the scalar type t holds it (float32 rounds). */
static double at_type(const ir_type *t, double x) {
  return t->scalar == WP_SCALAR_FLOAT32 ? (double)(float)x : x;
}

/* tile_arange(stop), (start, stop), (start, stop, step); dtype=, storage=:
 * the bounds must be compile-time numbers (they make the shape).  The
 * element count is Warp's: the bounds are taken at the dtype (integral
 * ones exactly), then an exact ceiling division for an integer dtype, or
 * the ceiling of the quotient rounded to the dtype for a float one; at
 * least 1 for a range that goes the step's way. */
ir_value *lower_tile_arange(lower_ctx *c, const ast_expr *e) {
  const ast_expr *dt = NULL, *st = NULL;
  for (int k = 0; k < e->nkeywords; k++) {
    if (!strcmp(e->keywords[k].name, "dtype"))
      dt = e->keywords[k].value;
    else if (!strcmp(e->keywords[k].name, "storage"))
      st = e->keywords[k].value;
    else {
      wp_error(c->diag, e->keywords[k].loc,
               "wp.tile_arange() has no argument '%s'", e->keywords[k].name);
      return NULL;
    }
  }
  if (e->nitems < 1 || e->nitems > 3) {
    wp_error(c->diag, e->loc,
             "wp.tile_arange() takes 1 to 3 positional arguments");
    return NULL;
  }
  const ir_type *t = lower_tile_dtype_arg(c, dt, ir_t_float32(c->T));
  if (!t || !lower_tile_storage_arg(c, st))
    return NULL;
  if (t->kind != IR_T_SCALAR ||
      !lower_tile_no_half(c, t, "tile_arange", e->loc)) {
    if (t->kind != IR_T_SCALAR)
      wp_error(c->diag, dt->loc, "wp.tile_arange() makes tiles of scalars");
    return NULL;
  }
  bool is_int = ir_type_is_int(t);
  /* start, stop, step: as doubles (float dtype) or int64 (integer dtype) */
  double num[3] = {0, 0, 1};
  int64_t inum[3] = {0, 0, 1};
  int slot[3] = {1, -1, -1}; /* the slot of each positional argument */
  if (e->nitems >= 2)
    slot[0] = 0, slot[1] = 1, slot[2] = 2;
  for (int i = 0; i < e->nitems; i++) {
    ir_value *v = lower_expr(c, e->items[i]);
    if (!v)
      return NULL;
    if (v->op != IR_CONST || v->type->kind != IR_T_SCALAR) {
      wp_error(c->diag, e->items[i]->loc,
               "the bounds of wp.tile_arange() must be compile-time numbers "
               "(they make the tile's shape)");
      return NULL;
    }
    bool f = ir_type_is_float(v->type);
    double d = f ? written_float(e->items[i], v) : (double)v->ival;
    if (is_int) {
      if (f && (d != __builtin_floor(d) || d < -0x1p63 || d >= 0x1p63)) {
        wp_error(c->diag, e->items[i]->loc,
                 "wp.tile_arange(): a bound of an integer range must be an "
                 "integer");
        return NULL;
      }
      inum[slot[i]] = f ? (int64_t)d : v->ival;
    } else if (f)
      num[slot[i]] = at_type(t, d);
    else /* an integer rounded once, straight to the dtype */
      num[slot[i]] = t->scalar == WP_SCALAR_FLOAT32 ? (double)(float)v->ival
                                                    : (double)v->ival;
  }
  int64_t n;
  if (is_int) {
    int64_t a = inum[0], b = inum[1], s = inum[2], span;
    if (s == 0) {
      wp_error(c->diag, e->loc, "wp.tile_arange(): the step is zero");
      return NULL;
    }
    if ((s > 0 && a >= b) || (s < 0 && a <= b)) {
      wp_error(c->diag, e->loc, "wp.tile_arange(): the range is empty");
      return NULL;
    }
    if (__builtin_sub_overflow(b, a, &span) || s == INT64_MIN) {
      wp_error(c->diag, e->loc,
               "wp.tile_arange(): the range is too wide to count");
      return NULL;
    }
    uint64_t us = (uint64_t)(s < 0 ? -s : s),
             usp = span < 0 ? 0 - (uint64_t)span : (uint64_t)span;
    uint64_t un = usp / us + (usp % us != 0);
    n = un > (uint64_t)IR_TILE_MAX_ELEMS ? IR_TILE_MAX_ELEMS + 1 : (int64_t)un;
  } else {
    if (num[2] == 0) {
      wp_error(c->diag, e->loc, "wp.tile_arange(): the step is zero");
      return NULL;
    }
    if ((num[2] > 0 && num[0] >= num[1]) || (num[2] < 0 && num[0] <= num[1])) {
      wp_error(c->diag, e->loc, "wp.tile_arange(): the range is empty");
      return NULL;
    }
    double q = at_type(t, (num[1] - num[0]) / num[2]);
    double cq = __builtin_ceil(q);
    n = !(cq <= IR_TILE_MAX_ELEMS) ? IR_TILE_MAX_ELEMS + 1 : (int64_t)cq;
  }
  if (n < 1)
    n = 1;
  if (n > IR_TILE_MAX_ELEMS) {
    wp_error(c->diag, e->loc,
             "wp.tile_arange(): the tile would have more than %d elements "
             "(warpc's limit)",
             IR_TILE_MAX_ELEMS);
    return NULL;
  }
  ir_value *args[2];
  for (int i = 0; i < 2; i++) {
    int k = i == 0 ? 0 : 2;
    args[i] = is_int ? lower_const_int(c, t, inum[k])
                     : lower_const_float(c, t, num[k]);
  }
  return lower_tile_emit(c, IR_B_TILE_ARANGE, ir_t_tile(c->T, t, 1, (int)n, 1),
                         args, 2, e->loc);
}
