/* fold.c - constant folding of scalar builtins and casts, computed in the
 * precision of their type (float32 rounds every step, integers wrap at their
 * width) so folded code gives the same bits as unfolded code. */
#include <math.h>

#include "../../runtime/include/warp/abi.h"
#include "ir.h"

int64_t ir_wrap_int(const ir_type *t, int64_t x) {
  switch (t->scalar) {
  case WP_SCALAR_BOOL: return x != 0;
  case WP_SCALAR_INT8: return (int8_t)x;
  case WP_SCALAR_UINT8: return (uint8_t)x;
  case WP_SCALAR_INT16: return (int16_t)x;
  case WP_SCALAR_UINT16: return (uint16_t)x;
  case WP_SCALAR_INT32: return (int32_t)x;
  case WP_SCALAR_UINT32: return (uint32_t)x;
  default: return x;
  }
}

double ir_round_float(const ir_type *t, double x) {
  return t->scalar == WP_SCALAR_FLOAT32    ? (double)(float)x
         : t->scalar == WP_SCALAR_FLOAT16  ? ir_round_half(x)
         : t->scalar == WP_SCALAR_BFLOAT16 ? ir_round_bf16(x)
                                           : x;
}

static bool is_const(const ir_value *v) {
  return v->op == IR_CONST &&
         (ir_type_is_float(v->type) || ir_type_is_int(v->type) ||
          ir_type_is_bool(v->type)) &&
         v->type->scalar != WP_SCALAR_BFLOAT16;
}

static double num(const ir_value *v) {
  if (ir_type_is_float(v->type))
    return v->fval;
  if (v->type->scalar == WP_SCALAR_UINT64)
    return (double)(uint64_t)v->ival;
  return (double)v->ival;
}

static bool truth(const ir_value *v) {
  return ir_type_is_float(v->type) ? v->fval != 0 : v->ival != 0;
}

/* Integer /, // and % of p and q at type t, as the generated code computes
 * them (0 for a zero divisor, signed // floors). */
static int64_t int_divmod(const ir_type *t, ir_builtin_id id, int64_t p,
                          int64_t q) {
  p = ir_wrap_int(t, p), q = ir_wrap_int(t, q);
  if (q == 0)
    return 0;
  if (!ir_type_is_signed(t)) {
    uint64_t a = (uint64_t)p, b = (uint64_t)q;
    return (int64_t)(id == IR_B_MOD ? a % b : a / b);
  }
  int64_t d = q == -1 ? (int64_t)(0 - (uint64_t)p) : p / q;
  int64_t r = q == -1 ? 0 : p % q;
  if (id == IR_B_MOD)
    return r;
  return id == IR_B_FLOORDIV && r != 0 && (r < 0) != (q < 0) ? d - 1 : d;
}

/* Folds a builtin whose operands are constants; false when not handled. */
static bool fold_builtin(ir_value *v) {
  if (!v->nargs) /* block_dim(), breakpoint() */
    return false;
  const ir_type *t = v->type;
  ir_value *a = v->args[0], *b = v->nargs > 1 ? v->args[1] : NULL;
  for (int i = 0; i < v->nargs; i++)
    if (!is_const(v->args[i]))
      return false;
  bool fl = ir_type_is_float(a->type);
  bool uns = !ir_type_is_signed(a->type);
  double x = num(a), y = b ? num(b) : 0;
  int64_t p = a->ival, q = b ? b->ival : 0;
  double fr = 0;
  int64_t ir = 0;
  switch (v->builtin->id) {
  case IR_B_ADD:
    fl ? (fr = x + y) : (ir = (int64_t)((uint64_t)p + (uint64_t)q));
    break;
  case IR_B_SUB:
    fl ? (fr = x - y) : (ir = (int64_t)((uint64_t)p - (uint64_t)q));
    break;
  case IR_B_MUL:
    fl ? (fr = x * y) : (ir = (int64_t)((uint64_t)p * (uint64_t)q));
    break;
  case IR_B_DIV:
  case IR_B_FLOORDIV:
  case IR_B_MOD:
    if (!fl)
      ir = int_divmod(a->type, v->builtin->id, p, q);
    else if (v->builtin->id == IR_B_MOD)
      fr = fmod(x, y); /* exact in every precision */
    else if (v->builtin->id == IR_B_FLOORDIV)
      fr = floor(ir_round_float(t, x / y)); /* the quotient rounds first */
    else
      fr = x / y;
    break;
  case IR_B_NEG: fl ? (fr = -x) : (ir = (int64_t)(0 - (uint64_t)p)); break;
  case IR_B_POS: fl ? (fr = x) : (ir = p); break;
  case IR_B_EQ: ir = fl ? x == y : p == q; break;
  case IR_B_NE: ir = fl ? x != y : p != q; break;
  case IR_B_LT: ir = fl || uns ? x < y : p < q; break;
  case IR_B_LE: ir = fl || uns ? x <= y : p <= q; break;
  case IR_B_GT: ir = fl || uns ? x > y : p > q; break;
  case IR_B_GE: ir = fl || uns ? x >= y : p >= q; break;
  case IR_B_AND: ir = truth(a) && truth(b); break;
  case IR_B_OR: ir = truth(a) || truth(b); break;
  case IR_B_NOT: ir = !truth(a); break;
  default: return false;
  }
  if (ir_type_is_float(t))
    v->fval = ir_round_float(t, fr);
  else
    v->ival = ir_wrap_int(t, ir);
  return true;
}

static bool fold_cast(ir_value *v) {
  ir_value *a = v->args[0];
  const ir_type *t = v->type;
  if (!is_const(a) || t->kind != IR_T_SCALAR || t->scalar == WP_SCALAR_BFLOAT16)
    return false;
  if (ir_type_is_float(t))
    v->fval = ir_round_float(t, num(a));
  else if (ir_type_is_bool(t))
    v->ival = truth(a);
  else if (ir_type_is_float(a->type)) {
    double x = trunc(a->fval);
    if (!(x > -9.2e18 && x < 9.2e18)) /* C leaves this undefined: keep it */
      return false;
    v->ival = ir_wrap_int(t, (int64_t)x);
  } else
    v->ival = ir_wrap_int(t, a->ival);
  return true;
}

int ir_fold(ir_module *m) {
  int folded = 0;
  for (ir_func *f = m->funcs; f; f = f->next)
    for (ir_block *b = f->entry; b; b = b->next)
      for (ir_value *v = b->first; v; v = v->next) {
        bool ok = v->op == IR_BUILTIN ? fold_builtin(v)
                  : v->op == IR_CAST  ? fold_cast(v)
                                      : false;
        if (!ok)
          continue;
        /* the value becomes a constant in place: its uses stay valid */
        v->op = IR_CONST;
        v->nargs = 0;
        v->args = NULL;
        v->builtin = NULL;
        folded++;
      }
  return folded;
}
