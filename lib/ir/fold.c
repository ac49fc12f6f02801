/* fold.c - constant folding of scalar builtins and casts, computed in the
 * precision of their type (float32 rounds every step, integers wrap at their
 * width) so folded code gives the same bits as unfolded code. */
#include <math.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "ir.h"

static int64_t wrap_int(const ir_type *t, int64_t x) {
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

/* float16 rounds through float32, as the runtime conversion does */
static double round_float(const ir_type *t, double x) {
  return t->scalar == WP_SCALAR_FLOAT32   ? (double)(float)x
         : t->scalar == WP_SCALAR_FLOAT16 ? ir_round_half(x)
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

/* Folds a builtin whose operands are constants; false when not handled. */
static bool fold_builtin(ir_value *v) {
  if (!v->nargs) /* block_dim(), breakpoint() */
    return false;
  const char *n = v->builtin->name;
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
  if (!strcmp(n, "add"))
    fl ? (fr = x + y) : (ir = (int64_t)((uint64_t)p + (uint64_t)q));
  else if (!strcmp(n, "sub"))
    fl ? (fr = x - y) : (ir = (int64_t)((uint64_t)p - (uint64_t)q));
  else if (!strcmp(n, "mul"))
    fl ? (fr = x * y) : (ir = (int64_t)((uint64_t)p * (uint64_t)q));
  else if (!strcmp(n, "div") && fl)
    fr = x / y;
  else if (!strcmp(n, "neg"))
    fl ? (fr = -x) : (ir = (int64_t)(0 - (uint64_t)p));
  else if (!strcmp(n, "pos"))
    fl ? (fr = x) : (ir = p);
  else if (!strcmp(n, "eq"))
    ir = fl ? x == y : p == q;
  else if (!strcmp(n, "ne"))
    ir = fl ? x != y : p != q;
  else if (!strcmp(n, "lt"))
    ir = fl || uns ? x < y : p < q;
  else if (!strcmp(n, "le"))
    ir = fl || uns ? x <= y : p <= q;
  else if (!strcmp(n, "gt"))
    ir = fl || uns ? x > y : p > q;
  else if (!strcmp(n, "ge"))
    ir = fl || uns ? x >= y : p >= q;
  else if (!strcmp(n, "and"))
    ir = truth(a) && truth(b);
  else if (!strcmp(n, "or"))
    ir = truth(a) || truth(b);
  else if (!strcmp(n, "not"))
    ir = !truth(a);
  else
    return false;
  if (ir_type_is_float(t))
    v->fval = round_float(t, fr);
  else
    v->ival = wrap_int(t, ir);
  return true;
}

static bool fold_cast(ir_value *v) {
  ir_value *a = v->args[0];
  const ir_type *t = v->type;
  if (!is_const(a) || t->kind != IR_T_SCALAR || t->scalar == WP_SCALAR_BFLOAT16)
    return false;
  if (ir_type_is_float(t))
    v->fval = round_float(t, num(a));
  else if (ir_type_is_bool(t))
    v->ival = truth(a);
  else if (ir_type_is_float(a->type)) {
    double x = trunc(a->fval);
    if (!(x > -9.2e18 && x < 9.2e18)) /* C leaves this undefined: keep it */
      return false;
    v->ival = wrap_int(t, (int64_t)x);
  } else
    v->ival = wrap_int(t, a->ival);
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
