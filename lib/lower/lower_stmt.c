/* lower_stmt.c - statements and control flow: the statement dispatch,
 * blocks, if/for/while, break, continue and return (assignments are in
 * lower_assign.c). */
#include <string.h>

#include "lower_internal.h"

static void stmt(lower_ctx *c, const ast_stmt *s);

void lower_poison(lower_ctx *c, const ast_expr *t) {
  if (t->kind == AST_EXPR_TUPLE) {
    for (int i = 0; i < t->nitems; i++)
      lower_poison(c, t->items[i]);
    return;
  }
  if (t->kind != AST_EXPR_NAME)
    return;
  int var = lower_var_index(c, t->name, true);
  if (!c->fs->var_types[var])
    c->fs->var_types[var] = ir_t_void(c->T); /* poisoned: see name_entity */
}

void lower_block(lower_ctx *c, const ast_block *b) {
  c->fs->nest++;
  if (c->fs->nest < LOWER_BLOCK_IDS)
    c->fs->block_ids[c->fs->nest] = ++c->fs->block_serial;
  for (int i = 0; i < b->count; i++) {
    stmt(c, b->stmts[i]);
    lower_address_flush(c);
  }
  c->fs->nest--;
}

ir_block *lower_cur_block(lower_ctx *c) {
  if (!c->fs->cur)
    c->fs->cur = ir_block_new(c->fs->f), c->fs->cur->sealed = true;
  return c->fs->cur;
}

static bool is_static_call(lower_ctx *c, const ast_expr *e) {
  if (!e || e->kind != AST_EXPR_CALL)
    return false;
  const char *p = lower_warp_path(c, e->value);
  return p && strcmp(p, "static") == 0;
}

/* Whether Warp sees `if e:` as constant (emit_If: cond.constant), and so
 * lowers only one branch, merging nothing: a literal, a local bound to one,
 * a module constant. */
static bool warp_constant_cond(lower_ctx *c, const ast_expr *e,
                               const ir_value *v) {
  if (v->op != IR_CONST)
    return false;
  if (e->kind == AST_EXPR_UNARY && e->op == AST_OP_NEG)
    e = e->items[0];
  switch (e->kind) {
  case AST_EXPR_INT:
  case AST_EXPR_FLOAT:
  case AST_EXPR_BOOL:
  case AST_EXPR_ATTRIBUTE: return true;
  case AST_EXPR_NAME:
    return wp_strmap_get(&c->fs->lit_vars, e->name) ||
           lower_var_index(c, e->name, false) < 0;
  default: return false;
  }
}

static void if_stmt(lower_ctx *c, const ast_stmt *s) {
  if (is_static_call(c, s->cond)) {
    /* selected at compile time: the other branch is not compiled, as in
       Warp */
    int t = lower_static_truth(c, s->cond);
    if (t > 0)
      lower_block(c, &s->body);
    else if (t == 0)
      lower_block(c, &s->orelse);
    return;
  }
  ir_value *cond = lower_cond(c, s->cond);
  if (!cond)
    return;
  ir_block *then_b = ir_block_new(c->fs->f), *merge = ir_block_new(c->fs->f);
  ir_block *else_b = s->orelse.count ? ir_block_new(c->fs->f) : merge;
  int seq0 = c->fs->bind_seq, nvars0 = c->fs->nvars;
  lower_cbr(c, cond, then_b, else_b, s->loc);
  lower_seal(c, then_b);
  c->fs->cur = then_b;
  lower_block(c, &s->body);
  lower_br(c, merge, s->loc);
  int seq_then = c->fs->bind_seq, nvars_then = c->fs->nvars;
  bool constant_cond = warp_constant_cond(c, s->cond, cond);
  if (else_b != merge) {
    if (!constant_cond) /* the then's literals are not the else's */
      lower_forget_literals(c, seq0, seq_then);
    lower_seal(c, else_b);
    c->fs->cur = else_b;
    lower_block(c, &s->orelse);
    lower_br(c, merge, s->loc);
  }
  if (!constant_cond)
    lower_merge_literals(c, seq0, seq_then, nvars0, nvars_then);
  lower_seal(c, merge);
  c->fs->cur = merge;
}

static void return_stmt(lower_ctx *c, const ast_stmt *s) {
  ir_func *f = c->fs->f;
  if (f->kind == IR_FUNC_KERNEL) {
    if (s->value) {
      wp_error(c->diag, s->value->loc,
               "kernels cannot return a value: write results to output "
               "arguments");
      return;
    }
    lower_emit(c, IR_RET, ir_t_void(c->T), NULL, 0, s->loc);
    c->fs->cur = NULL;
    return;
  }
  if (c->fs->grad_target) {
    if (s->value)
      wp_error(c->diag, s->value->loc,
               "a @wp.func_grad function returns nothing: add to the "
               "adjoints with wp.adjoint[x] += ...");
    else
      lower_grad_return(c, s->loc);
    c->fs->cur = NULL;
    return;
  }
  ir_value *v = s->value ? lower_expr(c, s->value) : NULL;
  if (s->value && !v) {
    c->fs->cur = NULL; /* reported; the path ends here all the same */
    return;
  }
  if (v && c->fs->ret_known) /* a view returned as the tile it copies */
    v = lower_tile_view_arg(c, v, f->ret, s->value->loc);
  const ir_type *t = v ? v->type : ir_t_void(c->T);
  if (!c->fs->ret_known) {
    f->ret = t;
    c->fs->ret_known = true;
  } else if (f->ret != t) {
    if (c->fs->ret_declared)
      wp_error(c->diag, s->value ? s->value->loc : s->loc,
               "'%s' is declared to return '%s' but returns '%s' here", f->name,
               f->ret->name, t->name);
    else
      wp_error(c->diag, s->value ? s->value->loc : s->loc,
               "'%s' returns '%s' here but '%s' before", f->name, t->name,
               f->ret->name);
    c->fs->cur = NULL;
    return;
  }
  if (f->nrefs) {
    v = lower_ref_pack(c, v, s->loc);
    t = v->type;
  }
  lower_emit(c, IR_RET, t, v ? &v : NULL, v ? 1 : 0, s->loc);
  c->fs->cur = NULL;
}

static void stmt(lower_ctx *c, const ast_stmt *s) {
  switch (s->kind) {
  case AST_STMT_EXPR:
    if (s->value->kind != AST_EXPR_STRING) /* docstrings */
      lower_expr(c, s->value);
    return;
  case AST_STMT_ASSIGN: lower_assign_stmt(c, s); return;
  case AST_STMT_AUGASSIGN: lower_augassign(c, s); return;
  case AST_STMT_ANNASSIGN: lower_annassign(c, s); return;
  case AST_STMT_IF: if_stmt(c, s); return;
  case AST_STMT_WHILE:
  case AST_STMT_FOR:
    if (s->orelse.count) {
      wp_error(c->diag, s->orelse.stmts[0]->loc,
               "'else' clauses of loops are not supported in kernels");
      return;
    }
    if (s->kind == AST_STMT_FOR)
      lower_for(c, s);
    else
      lower_while(c, s);
    return;
  case AST_STMT_BREAK:
  case AST_STMT_CONTINUE:
    if (!c->fs->loop) {
      wp_error(c->diag, s->loc, "'%s' outside a loop",
               s->kind == AST_STMT_BREAK ? "break" : "continue");
      return;
    }
    lower_br(c,
             s->kind == AST_STMT_BREAK ? c->fs->loop->brk : c->fs->loop->cont,
             s->loc);
    return;
  case AST_STMT_RETURN: return_stmt(c, s); return;
  case AST_STMT_PASS: return;
  case AST_STMT_ASSERT: lower_assert(c, s); return;
  case AST_STMT_DEF:
    wp_error(
        c->diag, s->loc,
        "nested function and class definitions are not supported in kernels");
    return;
  case AST_STMT_UNSUPPORTED:
    wp_error(c->diag, s->loc, "%s is not supported in Warp kernels", s->name);
    return;
  }
}
