/* lower_tile_stack.c - Warp's tile stacks (lower_tile.h): wp.tile_stack,
 * tile_stack_push, tile_stack_pop, tile_stack_clear, tile_stack_count.
 *
 * A stack is a value of a TILE type of flavor IR_TILE_STACK (ir.h: its
 * elements and a count) held by a variable; each operation that changes
 * it makes the new stack, which the lowering assigns to that variable (so
 * `s` must be a name), as the in-place tile builtins do.  Warp's stack
 * lives in the block's shared memory; on the CPU a block is one thread
 * (push: the thread's value on top when has_value and there is room; pop:
 * the top, slot -1 and a zero value when empty), and on CUDA the block's
 * threads meet in __shared__ memory (lib/emit/emit_tile_stack.c).
 *
 * Instructions (IR_BUILTIN of the entry):
 *   TILE_STACK        no args: the empty stack (the result type)
 *   TILE_STACK_PUSH   args: stack, value, has_value -> tuple(stack, slot)
 *   TILE_STACK_POP    args: stack -> tuple(stack, value, slot)
 *   TILE_STACK_CLEAR  args: stack -> the stack, empty
 *   TILE_STACK_COUNT  args: stack -> int32 */
#include <string.h>

#include "lower_tile.h"

/* The stack argument `s` (a variable); NULL when reported. */
static ir_value *stack_arg(lower_ctx *c, const ast_expr *x, const char *fn) {
  if (!x) {
    return NULL;
  }
  ir_value *s = lower_expr(c, x);
  if (!s)
    return NULL;
  if (s->type->kind != IR_T_TILE || s->type->flavor != IR_TILE_STACK) {
    wp_error(c->diag, x->loc, "wp.%s() needs a tile stack, not '%s'", fn,
             s->type->name);
    return NULL;
  }
  return s;
}

/* Assigns the stack part `k` of tuple r to the variable x names. */
static bool reassign(lower_ctx *c, const ast_expr *x, ir_value *r, int k,
                     wp_loc loc) {
  ir_value *s = r;
  if (r->type->kind == IR_T_TUPLE) {
    s = lower_emit(c, IR_EXTRACT, r->type->members[k], &r, 1, loc);
    s->aux = k;
  }
  return lower_assign_var(c, x->name, s, loc);
}

const ir_type *lower_tile_stack_type(lower_ctx *c, const ast_expr *e) {
  static const char *const k[] = {"capacity", "dtype"};
  const ast_expr *x[2];
  if (!lower_tile_bind(c, e, "tile_stack", k, 2, x))
    return NULL;
  if (!x[0] || !x[1]) {
    wp_error(c->diag, e->loc, "wp.tile_stack() needs capacity and dtype");
    return NULL;
  }
  int64_t cap;
  if (!lower_tile_const_int(c, x[0], "the capacity of wp.tile_stack()", &cap))
    return NULL;
  if (cap < 1 || cap > IR_TILE_MAX_ELEMS) {
    wp_error(c->diag, x[0]->loc,
             "wp.tile_stack(): the capacity must be from 1 to %d (warpc's "
             "limit), not %lld",
             IR_TILE_MAX_ELEMS, (long long)cap);
    return NULL;
  }
  const ir_type *t = lower_type_expr(c, x[1]);
  if (!t)
    return NULL;
  if (t->kind != IR_T_SCALAR && t->kind != IR_T_VEC && t->kind != IR_T_MAT &&
      t->kind != IR_T_STRUCT) {
    wp_error(c->diag, x[1]->loc,
             "wp.tile_stack(): the dtype is a scalar, vector, matrix or "
             "struct type, not '%s'",
             t->name);
    return NULL;
  }
  int dims[1] = {(int)cap};
  const ir_type *st =
      ir_t_tile_view(c->T, ir_t_tile_nd(c->T, t, 1, dims), IR_TILE_STACK);
  if (ir_type_size(st) > IR_TILE_MAX_SHARED_BYTES) {
    wp_error(c->diag, e->loc,
             "wp.tile_stack() of %d bytes: warpc takes at most %d (its "
             "limit: CUDA's static shared memory, where the block's threads "
             "meet)",
             ir_type_size(st), IR_TILE_MAX_SHARED_BYTES);
    return NULL;
  }
  return st;
}

/* wp.tile_stack(capacity, dtype). */
static ir_value *make(lower_ctx *c, const ast_expr *e) {
  const ir_type *st = lower_tile_stack_type(c, e);
  return st ? lower_tile_emit(c, IR_B_TILE_STACK, st, NULL, 0, e->loc) : NULL;
}

/* The stack variable: the argument must be a name. */
static bool stack_name(lower_ctx *c, const ast_expr *x, const char *fn) {
  if (x && x->kind == AST_EXPR_NAME)
    return true;
  wp_error(c->diag, x ? x->loc : (wp_loc){0},
           "wp.%s(): warpc takes a tile stack variable (a name) here", fn);
  return false;
}

static ir_value *push(lower_ctx *c, const ast_expr *e) {
  static const char *const k[] = {"s", "value", "has_value"};
  const ast_expr *x[3];
  if (!lower_tile_bind(c, e, "tile_stack_push", k, 3, x))
    return NULL;
  if (!x[0] || !x[1] || !x[2]) {
    wp_error(c->diag, e->loc,
             "wp.tile_stack_push() needs s, value and has_value");
    return NULL;
  }
  ir_value *a[3];
  if (!stack_name(c, x[0], "tile_stack_push") ||
      !(a[0] = stack_arg(c, x[0], "tile_stack_push")) ||
      !(a[1] = lower_expr(c, x[1])) || !(a[2] = lower_expr(c, x[2])))
    return NULL;
  const ir_type *el = a[0]->type->elem;
  a[1] = lower_tile_literal_as(c, a[1], el);
  if (a[1]->type != el) {
    wp_error(c->diag, x[1]->loc,
             "wp.tile_stack_push(): the value must be of the stack's dtype "
             "'%s', not '%s'",
             el->name, a[1]->type->name);
    return NULL;
  }
  if (!ir_type_is_bool(a[2]->type)) {
    wp_error(c->diag, x[2]->loc,
             "wp.tile_stack_push(): has_value must be a bool");
    return NULL;
  }
  const ir_type *m[2] = {a[0]->type, ir_t_int32(c->T)};
  ir_value *r = lower_tile_emit(c, IR_B_TILE_STACK_PUSH, ir_t_tuple(c->T, m, 2),
                                a, 3, e->loc);
  if (!reassign(c, x[0], r, 0, e->loc))
    return NULL;
  ir_value *slot = lower_emit(c, IR_EXTRACT, m[1], &r, 1, e->loc);
  slot->aux = 1;
  return slot;
}

/* pop, clear and count: one argument, the stack. */
static ir_value *unary(lower_ctx *c, const ast_expr *e, const ir_builtin *b) {
  static const char *const k[] = {"s"};
  const ast_expr *x[1];
  if (!lower_tile_bind(c, e, b->name, k, 1, x))
    return NULL;
  if (!x[0]) {
    wp_error(c->diag, e->loc, "wp.%s() needs the tile stack s", b->name);
    return NULL;
  }
  if (b->id != IR_B_TILE_STACK_COUNT && !stack_name(c, x[0], b->name))
    return NULL;
  ir_value *s = stack_arg(c, x[0], b->name);
  if (!s)
    return NULL;
  const ir_type *st = s->type, *el = st->elem;
  switch (b->id) {
  case IR_B_TILE_STACK_COUNT:
    return lower_tile_emit(c, b->id, ir_t_int32(c->T), &s, 1, e->loc);
  case IR_B_TILE_STACK_CLEAR: {
    ir_value *r = lower_tile_emit(c, b->id, st, &s, 1, e->loc);
    return reassign(c, x[0], r, 0, e->loc) ? r : NULL;
  }
  default: { /* pop: (value, slot) */
    const ir_type *m[3] = {st, el, ir_t_int32(c->T)};
    ir_value *r =
        lower_tile_emit(c, b->id, ir_t_tuple(c->T, m, 3), &s, 1, e->loc);
    if (!reassign(c, x[0], r, 0, e->loc))
      return NULL;
    ir_value *parts[2];
    for (int i = 0; i < 2; i++) {
      parts[i] = lower_emit(c, IR_EXTRACT, m[1 + i], &r, 1, e->loc);
      parts[i]->aux = 1 + i;
    }
    return lower_emit(c, IR_COMPOSE, ir_t_tuple(c->T, m + 1, 2), parts, 2,
                      e->loc);
  }
  }
}

ir_value *lower_tile_stack(lower_ctx *c, const ast_expr *e,
                           const ir_builtin *b) {
  switch (b->id) {
  case IR_B_TILE_STACK: return make(c, e);
  case IR_B_TILE_STACK_PUSH: return push(c, e);
  default: return unary(c, e, b);
  }
}
