/* lower_tile_half.c - the float16/bfloat16 rules of tile_matmul and the
 * tile reductions (lower_tile.h), as warp-lang 1.19's CPU backend has them
 * (warp/native/tile_matmul.h scalar_matmul, tile_reduce.h).
 *
 * tile_matmul: the product accumulates in the element type T of the
 * result (out's dtype, else a's): each operand element converted to T
 * (T(x)), then per output element s = s + a[i,k] * b[k,j] for k = 0..K-1
 * in T arithmetic (float16: each product and sum rounded to float16), and
 * the result alpha * s (+ beta * out when beta != 0) in T.  Warp refuses a
 * bfloat16 accumulator (its message), so bfloat16 tiles are operands into
 * a float16/float32/float64 out only.
 *
 * tile_map of a builtin on float16/bfloat16 scalar elements: each element
 * through float32, the float32 builtin, its float32 result rounded back
 * (Warp's half overloads compute in float32 and round once), the other
 * results kept (a comparison's bool); -x as Warp's 0 - x (-0 gives +0);
 * x // y, lerp and smoothstep, which Warp computes in rounded steps, are
 * reported. */
#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

static bool matmul_dtype(const ir_type *t) {
  return ir_type_is_float(t); /* float16, bfloat16, float32, float64 */
}

bool lower_tile_matmul_half(lower_ctx *c, ir_value **args, bool acc,
                            wp_loc loc) {
  const ir_type *et[3];
  bool half = false;
  for (int i = 0; i < (acc ? 3 : 2); i++) {
    et[i] = args[i]->type->elem;
    half |= ir_type_has_half(et[i]);
  }
  if (!half)
    return true;
  for (int i = 0; i < (acc ? 3 : 2); i++)
    if (!matmul_dtype(et[i])) {
      wp_error(c->diag, loc,
               "wp.tile_matmul() arguments must be tiles of float16, "
               "bfloat16, float32, or float64 entries, not '%s'",
               args[i]->type->name);
      return false;
    }
  const ir_type *T = et[acc ? 2 : 0];
  if (T->scalar == WP_SCALAR_BFLOAT16) {
    wp_error(c->diag, loc,
             "wp.tile_matmul() does not support a bfloat16 'out' tile (as "
             "Warp: its accumulator); 'out' is float16, float32 or float64");
    return false;
  }
  for (int i = 0; i < 2; i++) /* Warp's T(x) of each operand element */
    if (et[i] != T)
      args[i] = lower_tile_emit(c, IR_B_TILE_ASTYPE,
                                ir_t_tile_like(c->T, T, args[i]->type),
                                &args[i], 1, loc);
  return true;
}

ir_value *lower_tile_map_half(lower_ctx *c, const ir_builtin *op,
                              ir_value **args, int n, const ir_type *shape,
                              wp_loc loc) {
  const ir_type **et = WP_NEW_ARRAY(c->A, const ir_type *, n);
  const ir_type *half = NULL, *f32 = ir_t_float32(c->T);
  for (int i = 0; i < n; i++) {
    const ir_type *t = args[i]->type;
    et[i] = t->kind == IR_T_TILE ? t->elem : t;
    if (ir_type_has_half(et[i])) {
      if (et[i]->kind != IR_T_SCALAR) {
        wp_error(c->diag, loc,
                 "wp.tile_map(): '%s' of tiles of float16/bfloat16 vectors "
                 "or matrices is not supported by warpc yet (map a "
                 "@wp.func)",
                 op->name);
        return NULL;
      }
      half = et[i];
    }
  }
  switch (op->id) {
  case IR_B_FLOORDIV:
  case IR_B_LERP:
  case IR_B_SMOOTHSTEP:
    wp_error(c->diag, loc,
             "wp.tile_map(): '%s' of float16/bfloat16 elements is not "
             "supported by warpc yet (map a @wp.func)",
             op->name);
    return NULL;
  default: break;
  }
  if (!lower_half_args(op, et, n)) {
    char buf[256];
    ir_builtin_no_overload(op, et, n, buf, sizeof buf);
    wp_error(c->diag, loc, "wp.tile_map(): %s", buf);
    return NULL;
  }
  ir_value **w = WP_NEW_ARRAY(c->A, ir_value *, n);
  for (int i = 0; i < n; i++) {
    const ir_type *t = args[i]->type;
    w[i] = args[i];
    if (!ir_type_has_half(et[i]))
      continue;
    if (t->kind == IR_T_TILE)
      w[i] = lower_tile_emit(c, IR_B_TILE_ASTYPE, ir_t_tile_like(c->T, f32, t),
                             &args[i], 1, loc);
    else
      w[i] = lower_cast(c, args[i], f32, loc);
    et[i] = f32;
  }
  if (op->id == IR_B_NEG) { /* 0 - x */
    ir_value **w2 = WP_NEW_ARRAY(c->A, ir_value *, 2);
    const ir_type **et2 = WP_NEW_ARRAY(c->A, const ir_type *, 2);
    w2[0] = lower_const_float(c, f32, 0.0), w2[1] = w[0];
    et2[0] = et2[1] = f32;
    w = w2, et = et2;
    op = ir_builtin_get(IR_B_SUB);
    n = 2;
  }
  const char *why = NULL;
  const ir_type *rt = op->check(c->T, op, et, n, &why);
  if (!rt || rt->kind != IR_T_SCALAR) {
    wp_error(c->diag, loc,
             "wp.tile_map(): '%s' of float16/bfloat16 elements gives no "
             "scalar here%s%s",
             op->name, why ? ": " : "", why ? why : "");
    return NULL;
  }
  ir_value *v = lower_tile_emit(c, IR_B_TILE_MAP,
                                ir_t_tile_like(c->T, rt, shape), w, n, loc);
  v->aux = op->id;
  if (rt != f32)
    return v;
  return lower_tile_emit(c, IR_B_TILE_ASTYPE,
                         ir_t_tile_like(c->T, half, v->type), &v, 1, loc);
}
