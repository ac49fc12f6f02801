/* lower_logic.c - the expressions that evaluate only some of their
 * operands: `a if cond else b` and the short-circuit `and` / `or`. */
#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"

/* `a if cond else b`: only the chosen branch is evaluated, as in Warp and
 * Python, so the value flows through a block argument of the merge block. */
ir_value *lower_ifexp(lower_ctx *c, const ast_expr *e) {
  ir_value *cond = lower_cond(c, e->items[0]);
  if (!cond)
    return NULL;
  ir_block *then_b = ir_block_new(c->fs->f), *else_b = ir_block_new(c->fs->f);
  ir_block *merge = ir_block_new(c->fs->f);
  lower_cbr(c, cond, then_b, else_b, e->loc);
  lower_seal(c, then_b);
  lower_seal(c, else_b);
  c->fs->cur = then_b;
  ir_value *a = lower_expr(c, e->items[1]);
  ir_block *then_end = c->fs->cur;
  c->fs->cur = else_b;
  ir_value *b = lower_expr(c, e->items[2]);
  ir_block *else_end = c->fs->cur;
  if (!a || !b) {
    c->fs->cur = NULL;
    return NULL;
  }
  if (a->type != b->type) {
    wp_error(c->diag, e->loc,
             "both branches of a conditional expression must have the same "
             "type, got '%s' and '%s'",
             a->type->name, b->type->name);
    c->fs->cur = NULL;
    return NULL;
  }
  ir_value *result = ir_block_add_param(merge, a->type);
  c->fs->cur = then_end;
  lower_br_args(c, merge, &a, 1, e->loc);
  c->fs->cur = else_end;
  lower_br_args(c, merge, &b, 1, e->loc);
  lower_seal(c, merge);
  c->fs->cur = merge;
  return result;
}

/* The truth value of an operand of `and` / `or`, as Warp converts it to
 * bool: an array is true when not null, a scalar when not zero. */
static ir_value *truth_value(lower_ctx *c, const ast_expr *e) {
  ir_value *v = lower_expr(c, e);
  if (!v || ir_type_is_bool(v->type))
    return v;
  if (v->type->kind == IR_T_ARRAY)
    return lower_emit(c, IR_ARRAY_VALID, ir_t_bool(c->T), &v, 1, e->loc);
  if (v->type->kind != IR_T_SCALAR) {
    wp_error(c->diag, e->loc,
             "an operand of 'and' / 'or' must be a scalar, a bool or an "
             "array, not '%s'",
             v->type->name);
    return NULL;
  }
  if (v->type->scalar == WP_SCALAR_FLOAT16 ||
      v->type->scalar == WP_SCALAR_BFLOAT16)
    v = lower_cast(c, v, ir_t_float32(c->T), e->loc);
  ir_value *args[2] = {v, lower_emit(c, IR_ZERO, v->type, NULL, 0, e->loc)};
  return lower_builtin(c, ir_builtin_get(IR_B_NE), args, 2, e->loc);
}

/* `a and b` / `a or b` short-circuit as in Warp (>= 1.11) and Python: the
 * right operand is evaluated only when the left one does not decide, so it
 * sits in its own block; the bool result is a parameter of the merge block.
 * A chain is left-nested, so `a and b and c` skips both b and c. */
ir_value *lower_boolop(lower_ctx *c, const ast_expr *e) {
  bool is_and = e->op == AST_OP_AND;
  ir_value *a = truth_value(c, e->items[0]);
  if (!a)
    return NULL;
  ir_block *rhs = ir_block_new(c->fs->f), *skip = ir_block_new(c->fs->f);
  ir_block *merge = ir_block_new(c->fs->f);
  lower_cbr(c, a, is_and ? rhs : skip, is_and ? skip : rhs, e->loc);
  lower_seal(c, rhs);
  lower_seal(c, skip);
  c->fs->cur = rhs;
  ir_value *b = truth_value(c, e->items[1]);
  if (!b) {
    c->fs->cur = NULL;
    return NULL;
  }
  ir_value *result = ir_block_add_param(merge, ir_t_bool(c->T));
  lower_br_args(c, merge, &b, 1, e->loc);
  c->fs->cur = skip;
  ir_value *decided = lower_const_int(c, ir_t_bool(c->T), !is_and);
  lower_br_args(c, merge, &decided, 1, e->loc);
  lower_seal(c, merge);
  c->fs->cur = merge;
  return result;
}
