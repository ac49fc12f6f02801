/* lower_loop.c - loops: `while`, `for ... in query` (lower_query.c), and
 * `for ... in range(...)` (or reversed(range(...))) with constant
 * or dynamic bounds and steps (a hidden counter carried by the loop header's
 * block argument, the loop variable assigned at the top of each iteration,
 * as Python does). */
#include <string.h>

#include "lower_internal.h"

/* The body of loop s; `dynamic`: a loop Warp does not unroll; `iterates`:
 * it runs at least once (known where Warp unrolls it). */
static void body_of(lower_ctx *c, const ast_stmt *s, ir_block *brk,
                    ir_block *cont, bool dynamic, bool iterates) {
  loop_ctx lc = {.brk = brk,
                 .cont = cont,
                 .outer = c->fs->loop,
                 .dynamic = dynamic,
                 .bind_seq = c->fs->bind_seq};
  c->fs->loop = &lc;
  if (!dynamic && iterates && s->kind == AST_STMT_FOR && s->ntargets == 1 &&
      s->targets[0]->kind == AST_EXPR_NAME)
    /* warp-lang's loop_const_iter_symbols: the name may be bound to a
       literal and changed by a dynamic loop for the rest of the function
       (not by an empty loop's, which binds nothing) */
    wp_strmap_put(c->A, &c->fs->iter_names, s->targets[0]->name, (void *)1);
  lower_block(c, &s->body);
  c->fs->loop = lc.outer;
  if (dynamic) {
    lower_loop_constants_end(c, &lc);
    lower_forget_literals(c, lc.bind_seq, c->fs->bind_seq);
  }
}

static void loop_body(lower_ctx *c, const ast_stmt *s, ir_block *brk,
                      ir_block *cont) {
  body_of(c, s, brk, cont, true, false);
}

static void unrolled_body(lower_ctx *c, const ast_stmt *s, ir_block *brk,
                          ir_block *cont) {
  body_of(c, s, brk, cont, false, true);
}

void lower_while(lower_ctx *c, const ast_stmt *s) {
  ir_block *header = ir_block_new(c->fs->f);
  lower_br(c, header, s->loc);
  c->fs->cur = header;
  ir_value *cond = lower_cond(c, s->cond);
  ir_block *body = ir_block_new(c->fs->f), *exit = ir_block_new(c->fs->f);
  if (cond && cond->op == IR_CONST && cond->ival)
    lower_br(c, body, s->loc); /* while True: left only by break/return */
  else if (cond)
    lower_cbr(c, cond, body, exit, s->loc);
  lower_seal(c, body);
  c->fs->cur = body;
  loop_body(c, s, exit, header);
  lower_br(c, header, s->loc);
  lower_seal(c, header);
  lower_seal(c, exit);
  c->fs->cur = exit;
}

static bool range_args(lower_ctx *c, const ast_expr *it, ir_value **start,
                       ir_value **end, ir_value **step) {
  if (it->nkeywords || it->nitems < 1 || it->nitems > 3) {
    wp_error(c->diag, it->loc, "range() takes 1 to 3 integer arguments");
    return false;
  }
  ir_value *a[3];
  for (int i = 0; i < it->nitems; i++) {
    if (!(a[i] = lower_expr(c, it->items[i])))
      return false;
    const ast_expr *x = it->items[i];
    const char *p =
        x->kind == AST_EXPR_CALL ? lower_warp_path(c, x->value) : NULL;
    bool bool_constant = /* range(True), range(wp.static(True)): as Python */
        ir_type_is_bool(a[i]->type) && a[i]->op == IR_CONST &&
        (x->kind == AST_EXPR_BOOL || (p && strcmp(p, "static") == 0));
    if (!ir_type_is_int(a[i]->type) && !bool_constant) {
      wp_error(c->diag, it->items[i]->loc,
               "range() arguments must be integers, not '%s'",
               a[i]->type->name);
      return false;
    }
    a[i] = bool_constant /* a constant still: Warp unrolls range(True) */
               ? lower_const_int(c, ir_t_int32(c->T), a[i]->ival != 0)
               : lower_cast(c, a[i], ir_t_int32(c->T), it->items[i]->loc);
  }
  const ir_type *i32 = ir_t_int32(c->T);
  *start = it->nitems == 1 ? lower_const_int(c, i32, 0) : a[0];
  *end = it->nitems == 1 ? a[0] : a[1];
  *step = it->nitems == 3 ? a[2] : lower_const_int(c, i32, 1);
  if ((*step)->op == IR_CONST && (*step)->ival == 0) {
    wp_error(c->diag, it->items[2]->loc, "range() step must not be zero");
    return false;
  }
  return true;
}

/* (step > 0 and i < end) or (step < 0 and i > end); folded when the step is
 * a constant. */
static ir_value *range_cond(lower_ctx *c, ir_value *i, ir_value *end,
                            ir_value *step, wp_loc loc) {
  ir_value *lt[2] = {i, end};
  if (step->op == IR_CONST)
    return lower_builtin(c, ir_builtin_get(step->ival > 0 ? IR_B_LT : IR_B_GT),
                         lt, 2, loc);
  ir_value *zero = lower_const_int(c, step->type, 0);
  ir_value *sp[2] = {step, zero};
  ir_value *up[2] = {lower_builtin(c, ir_builtin_get(IR_B_GT), sp, 2, loc),
                     lower_builtin(c, ir_builtin_get(IR_B_LT), lt, 2, loc)};
  ir_value *down[2] = {lower_builtin(c, ir_builtin_get(IR_B_LT), sp, 2, loc),
                       lower_builtin(c, ir_builtin_get(IR_B_GT), lt, 2, loc)};
  ir_value *either[2] = {
      lower_builtin(c, ir_builtin_get(IR_B_AND), up, 2, loc),
      lower_builtin(c, ir_builtin_get(IR_B_AND), down, 2, loc)};
  return lower_builtin(c, ir_builtin_get(IR_B_OR), either, 2, loc);
}

/* `it` is a call of the Python builtin or Warp function `name`. */
static bool is_call_of(lower_ctx *c, const ast_expr *it, const char *name) {
  if (it->kind != AST_EXPR_CALL)
    return false;
  const char *p = lower_warp_path(c, it->value);
  return (it->value->kind == AST_EXPR_NAME &&
          strcmp(it->value->name, name) == 0) ||
         (p && strcmp(p, name) == 0);
}

static ir_value *int_op(lower_ctx *c, ir_builtin_id op, ir_value *a,
                        ir_value *b, wp_loc loc) {
  ir_value *args[2] = {a, b};
  return lower_builtin(c, ir_builtin_get(op), args, b ? 2 : 1, loc);
}

/* reversed(range(start, end, step)) as Warp computes it: the last value
 * start + ((end - start -+ 1) / step) * step (C division), down to
 * start - step exclusive, by -step; a zero step stays an empty loop. */
static void reverse_range(lower_ctx *c, ir_value **start, ir_value **end,
                          ir_value **step, wp_loc loc) {
  const ir_type *i32 = ir_t_int32(c->T);
  ir_value *adj;
  if ((*step)->op == IR_CONST)
    adj = lower_const_int(c, i32, (*step)->ival > 0 ? -1 : 1);
  else {
    ir_value *pos = int_op(c, IR_B_GT, *step, lower_const_int(c, i32, 0), loc);
    ir_value *w[3] = {pos, lower_const_int(c, i32, -1),
                      lower_const_int(c, i32, 1)};
    adj = lower_builtin(c, ir_builtin_get(IR_B_WHERE), w, 3, loc);
  }
  ir_value *n = int_op(
      c, IR_B_DIV,
      int_op(c, IR_B_ADD, int_op(c, IR_B_SUB, *end, *start, loc), adj, loc),
      *step, loc);
  ir_value *first =
      int_op(c, IR_B_ADD, *start, int_op(c, IR_B_MUL, n, *step, loc), loc);
  *end = int_op(c, IR_B_SUB, *start, *step, loc);
  *step = (*step)->op == IR_CONST ? lower_const_int(c, i32, -(*step)->ival)
                                  : int_op(c, IR_B_NEG, *step, NULL, loc);
  *start = first;
}

/* Whether `e` indexes a tuple variable with the name `var` (t[k]). */
static bool expr_tuple_index(lower_ctx *c, const ast_expr *e, const char *var) {
  if (!e)
    return false;
  if (e->kind == AST_EXPR_SUBSCRIPT && e->value->kind == AST_EXPR_NAME) {
    int tv = lower_var_index(c, e->value->name, false);
    if (tv >= 0 && c->fs->var_types[tv] &&
        c->fs->var_types[tv]->kind == IR_T_TUPLE)
      for (int i = 0; i < e->nitems; i++)
        if (e->items[i]->kind == AST_EXPR_NAME &&
            !strcmp(e->items[i]->name, var))
          return true;
  }
  if (expr_tuple_index(c, e->value, var))
    return true;
  for (int i = 0; i < e->nitems; i++)
    if (expr_tuple_index(c, e->items[i], var))
      return true;
  for (int i = 0; i < e->nkeywords; i++)
    if (expr_tuple_index(c, e->keywords[i].value, var))
      return true;
  return false;
}

static bool block_tuple_index(lower_ctx *c, const ast_block *b,
                              const char *var) {
  for (int i = 0; i < b->count; i++) {
    const ast_stmt *st = b->stmts[i];
    for (int k = 0; k < st->ntargets; k++)
      if (expr_tuple_index(c, st->targets[k], var))
        return true;
    if (expr_tuple_index(c, st->value, var) ||
        expr_tuple_index(c, st->cond, var) ||
        block_tuple_index(c, &st->body, var) ||
        block_tuple_index(c, &st->orelse, var))
      return true;
  }
  return false;
}

/* A range loop with constant bounds whose variable indexes a tuple
 * (`for k in range(len(t)): s += t[k]`) is unrolled, as warp-lang unrolls
 * constant ranges of at most max_unroll iterations: each iteration's body
 * sees its k as a constant.  Returns false (nothing emitted) otherwise. */
static bool unroll_tuple_loop(lower_ctx *c, const ast_stmt *s, ir_value *start,
                              ir_value *end, ir_value *step) {
  if (start->op != IR_CONST || end->op != IR_CONST || step->op != IR_CONST ||
      step->ival == 0 || !block_tuple_index(c, &s->body, s->targets[0]->name))
    return false;
  int64_t n = 0;
  for (int64_t k = start->ival; step->ival > 0 ? k < end->ival : k > end->ival;
       k += step->ival)
    if (++n > c->fs->f->options.max_unroll)
      return false;
  ir_block *exit = ir_block_new(c->fs->f);
  for (int64_t k = start->ival; step->ival > 0 ? k < end->ival : k > end->ival;
       k += step->ival) {
    ir_block *next = ir_block_new(c->fs->f);
    lower_assign_var(c, s->targets[0]->name, lower_const_int(c, start->type, k),
                     s->targets[0]->loc);
    unrolled_body(c, s, exit, next);
    lower_br(c, next, s->loc);
    lower_seal(c, next);
    c->fs->cur = next;
  }
  lower_br(c, exit, s->loc);
  lower_seal(c, exit);
  c->fs->cur = exit;
  return true;
}

static void for_loop(lower_ctx *c, const ast_stmt *s) {
  const ast_expr *it = s->cond;
  bool reversed = is_call_of(c, it, "reversed") && it->nitems == 1 &&
                  !it->nkeywords && is_call_of(c, it->items[0], "range");
  if (reversed)
    it = it->items[0];
  bool is_range = is_call_of(c, it, "range");
  if (!is_range) {
    ir_value *v = lower_expr(c, it);
    if (v && ir_type_is_builtin_struct(v->type) &&
        lower_query_for(c, s, v, loop_body))
      return;
    if (v && (v->type->kind == IR_T_VEC || v->type->kind == IR_T_MAT))
      wp_error(c->diag, it->loc,
               "Warp cannot iterate over a '%s': loop over its indices, "
               "'for i in range(%d)'",
               v->type->name, v->type->rows);
    else if (v)
      wp_error(c->diag, it->loc,
               "only 'for ... in range(...)' loops are supported in kernels");
    return;
  }
  if (s->targets[0]->kind != AST_EXPR_NAME) {
    wp_error(c->diag, s->targets[0]->loc, "the loop variable must be a name");
    return;
  }
  ir_value *start, *end, *step;
  if (!range_args(c, it, &start, &end, &step))
    return;
  if (reversed)
    reverse_range(c, &start, &end, &step, s->cond->loc);
  else {
    int r = lower_static_unroll(c, s, it, start, end, step, unrolled_body);
    if (r)
      return;
  }
  if (unroll_tuple_loop(c, s, start, end, step))
    return;
  const char *hidden = wp_arena_printf(c->A, "$iter%d", c->fs->hidden++);
  int hv = lower_var_index(c, hidden, true);
  c->fs->var_types[hv] = start->type;
  lower_write_var(c, hv, lower_cur_block(c), start);
  ir_block *header = ir_block_new(c->fs->f);
  lower_br(c, header, s->loc);
  c->fs->cur = header;
  ir_value *i = lower_read_var(c, hv, header);
  ir_value *cond = range_cond(c, i, end, step, it->loc);
  ir_block *body = ir_block_new(c->fs->f), *latch = ir_block_new(c->fs->f);
  ir_block *exit = ir_block_new(c->fs->f);
  lower_cbr(c, cond, body, exit, s->loc);
  lower_seal(c, body);
  c->fs->cur = body;
  bool dynamic = reversed || !lower_warp_unrolls(c, s, it, start, end, step);
  if (dynamic) /* Warp binds the target to the loop's variable */
    lower_note_changed(c, s->targets[0]);
  lower_assign_var(c, s->targets[0]->name, i, s->targets[0]->loc);
  bool iterates = !dynamic && (step->ival > 0 ? start->ival < end->ival
                                              : start->ival > end->ival);
  body_of(c, s, exit, latch, dynamic, iterates);
  lower_br(c, latch, s->loc);
  lower_seal(c, latch);
  c->fs->cur = latch;
  ir_value *args[2] = {lower_read_var(c, hv, latch), step};
  if (!args[0])
    args[0] = lower_zero(c, start->type);
  lower_write_var(c, hv, latch,
                  lower_builtin(c, ir_builtin_get(IR_B_ADD), args, 2, it->loc));
  lower_br(c, header, s->loc);
  lower_seal(c, header);
  lower_seal(c, exit);
  c->fs->cur = exit;
  if (!reversed)
    lower_static_after_loop(c, s, it, start, end, step);
}

void lower_for(lower_ctx *c, const ast_stmt *s) {
  lower_static_for(c, s, for_loop);
}
