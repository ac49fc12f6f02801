/* lower_literal.c - constants that stand for Python numbers.  A literal
 * (0.1, 3), a negated one, a module-level number and Warp's own constants
 * (wp.PI) lower to float32 / int32 constants (int64 past int32) marked with
 * the number they came from; Warp's typed constructors (wp.float64(x),
 * wp.vec3d(x, y, z), wp.mat22d(...), ...) take such a constant at their own
 * precision, from that number (warp-lang >= 1.11). */
#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"

ir_value *lower_mark_py(ir_value *k, int py, double x) {
  k->py = (signed char)py;
  k->pyf = x;
  return k;
}

ir_value *lower_py_to(lower_ctx *c, ir_value *v, const ir_type *st,
                      wp_loc loc) {
  if (v->op != IR_CONST || !v->py || v->type == st || st->kind != IR_T_SCALAR ||
      ir_type_is_bool(st))
    return v;
  ir_value *k;
  if (!ir_type_is_float(st)) /* C's conversion, from the exact value */
    k = lower_cast(
        c,
        v->py == 1
            ? lower_const_int(c, ir_t_scalar(c->T, WP_SCALAR_INT64), v->ival)
            : lower_const_float(c, ir_t_scalar(c->T, WP_SCALAR_FLOAT64),
                                v->pyf),
        st, loc);
  else if (st->scalar == WP_SCALAR_FLOAT64)
    k = lower_const_float(c, st, v->pyf);
  else if (st->scalar == WP_SCALAR_FLOAT32)
    k = lower_const_float(c, st, (double)(float)v->pyf);
  else if (st->scalar == WP_SCALAR_FLOAT16) /* Warp's half(float) */
    k = lower_const_float(c, st, ir_round_half((double)(float)v->pyf));
  else if (st->scalar == WP_SCALAR_BFLOAT16) /* Warp's bfloat16(float) */
    k = lower_const_float(c, st, ir_round_bf16((double)(float)v->pyf));
  else
    k = lower_cast(
        c, lower_const_float(c, ir_t_float32(c->T), (double)(float)v->pyf), st,
        loc);
  return k->op == IR_CONST ? lower_mark_py(k, v->py, v->pyf) : k;
}

ir_value *lower_py_int(lower_ctx *c, int64_t v) {
  const ir_type *t = v >= INT32_MIN && v <= INT32_MAX
                         ? ir_t_int32(c->T)
                         : ir_t_scalar(c->T, WP_SCALAR_INT64);
  return lower_mark_py(lower_const_int(c, t, v), 1, (double)v);
}

ir_value *lower_py_float(lower_ctx *c, double x) {
  return lower_mark_py(lower_const_float(c, ir_t_float32(c->T), (float)x), 2,
                       x);
}
