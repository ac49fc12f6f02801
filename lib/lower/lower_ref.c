/* lower_ref.c - wp.ref[T] parameters of @wp.func and @wp.func_native.
 *
 * Warp passes such an argument by reference; warpc's IR has no addresses,
 * so a ref parameter is passed by value and its final value comes back:
 * the function returns the tuple (its result when not void, then the final
 * value of each ref parameter in order), and the caller assigns each back
 * to the argument's expression (a local, an array element, a struct field,
 * a component, or a ref parameter of the caller).  Without aliasing between
 * the arguments this is what Warp computes.
 *
 * As in Warp, the argument must be addressable (not a literal, a call's
 * result or an arithmetic expression, not a local bound to a bare literal),
 * and a kernel that calls such a function must have enable_backward=False:
 * Warp does not differentiate through references, and neither does warpc. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"

const ast_expr *lower_ref_annotation(lower_ctx *c, const ast_expr *ann) {
  const ast_expr *e = ann;
  if (e->kind == AST_EXPR_NAME) { /* ref_t = wp.ref[T] at module level */
    binding b = lower_resolve(c, e);
    if (b.kind == BIND_GLOBAL && b.module == c->mod)
      e = c->prog->modules[b.module]->globals[b.index].value;
  }
  if (!e || e->kind != AST_EXPR_SUBSCRIPT || e->nitems != 1)
    return NULL;
  const char *p = lower_warp_path(c, e->value);
  return p && !strcmp(p, "ref") ? e->items[0] : NULL;
}

/* The tuple a ref function returns for the result v (NULL: none). */
ir_value *lower_ref_pack(lower_ctx *c, ir_value *v, wp_loc loc) {
  ir_func *f = c->fs->f;
  int n = (v ? 1 : 0) + f->nrefs, k = 0;
  ir_value **parts = WP_NEW_ARRAY(c->A, ir_value *, n + 1);
  const ir_type **types = WP_NEW_ARRAY(c->A, const ir_type *, n + 1);
  if (v)
    types[k] = v->type, parts[k++] = v;
  for (int i = 0; i < f->nparams; i++)
    if (f->param_ref[i]) {
      int var = lower_var_index(c, f->param_names[i], false);
      ir_value *r = var >= 0 ? lower_read_var(c, var, lower_cur_block(c)) : 0;
      parts[k] = r ? r : lower_zero(c, f->param_types[i]);
      types[k++] = f->param_types[i];
    }
  return lower_emit(c, IR_COMPOSE, ir_t_tuple(c->T, types, n), parts, n, loc);
}

/* After the body: ret becomes the tuple the returns give. */
void lower_ref_finish(lower_ctx *c, ir_func *f) {
  bool wpref = lower_tile_refs_prune(c, f); /* tiles: lower_tile_func.c */
  f->user_ret = f->ret;
  if (!f->nrefs)
    return;
  bool v = f->ret->kind != IR_T_VOID;
  int n = (v ? 1 : 0) + f->nrefs, k = 0;
  const ir_type **types = WP_NEW_ARRAY(c->A, const ir_type *, n + 1);
  if (v)
    types[k++] = f->ret;
  for (int i = 0; i < f->nparams; i++)
    if (f->param_ref[i])
      types[k++] = f->param_types[i];
  f->ret = ir_t_tuple(c->T, types, n);
  if (wpref) /* tiles alone: a backward kernel may call f */
    f->ref_func = f;
}

static const char *src_text(lower_ctx *c, wp_loc l) {
  return wp_arena_printf(c->A, "%.*s", (int)(l.end - l.start),
                         l.src->text + l.start);
}

/* Whether `e` names storage: a variable or an element, field or component
 * of one (false: reported when it is a local bound to a literal). */
static bool addressable(lower_ctx *c, const ast_expr *e, bool *reported) {
  switch (e->kind) {
  case AST_EXPR_NAME: {
    int var = lower_var_index(c, e->name, false);
    if (var < 0 || !c->fs->var_types[var])
      return false;
    const ast_expr *lit = wp_strmap_get(&c->fs->lit_vars, e->name);
    if (lit) {
      const char *ty =
          lit->kind == AST_EXPR_BOOL    ? "bool"
          : lit->kind == AST_EXPR_FLOAT ? "float32"
          : lit->kind == AST_EXPR_UNARY && lit->items[0]->kind == AST_EXPR_FLOAT
              ? "float32"
              : "int32";
      wp_error(c->diag, e->loc,
               "Error taking a mutable reference to constant local '%s', use "
               "the following syntax: %s = wp.%s(%s) to declare a dynamic "
               "variable",
               e->name, e->name, ty, src_text(c, lit->loc));
      *reported = true;
      return false;
    }
    return true;
  }
  case AST_EXPR_ATTRIBUTE:
  case AST_EXPR_SUBSCRIPT: return addressable(c, e->value, reported);
  default: return false;
  }
}

/* Whether the storage `b` names lies in that of `a` (the same text, or a
 * field, component or element of it): the arguments alias. */
static bool overlaps(lower_ctx *c, const ast_expr *a, const ast_expr *b) {
  const char *ta = src_text(c, a->loc), *tb = src_text(c, b->loc);
  size_t n = strlen(ta);
  return !strncmp(ta, tb, n) && (!tb[n] || tb[n] == '.' || tb[n] == '[');
}

bool lower_ref_check_args(lower_ctx *c, ir_func *callee, const int *slots,
                          const ast_expr **exprs, wp_loc loc) {
  ir_func *f = c->fs->f;
  bool adj = callee->custom_grad && callee->ref_func == callee;
  if (f->kind == IR_FUNC_KERNEL && f->options.enable_backward && !adj) {
    wp_error(c->diag, loc,
             "In kernel '%s': Cannot call '%s' with wp.ref[T] parameters from "
             "a backward-enabled kernel. Use enable_backward=False on the "
             "kernel (warpc, like Warp, does not differentiate through "
             "wp.ref[T] parameters)",
             f->name, callee->ref_func->name);
    return false;
  }
  if (!f->ref_func && !adj)
    f->ref_func = callee->ref_func;
  bool ok = true;
  for (int i = 0; i < callee->nparams; i++) {
    if (!callee->param_ref[i])
      continue;
    bool reported = false;
    const ast_expr *e = slots[i] >= 0 && exprs ? exprs[slots[i]] : NULL;
    if (e && addressable(c, e, &reported)) {
      for (int j = 0; j < i; j++) {
        const ast_expr *o =
            callee->param_ref[j] && slots[j] >= 0 ? exprs[slots[j]] : NULL;
        if (o && (overlaps(c, o, e) || overlaps(c, e, o))) {
          wp_error(c->diag, e->loc,
                   "warpc passes wp.ref[T] arguments by copy-in/copy-out: "
                   "'%s' and '%s' share storage, which Warp's references "
                   "would alias; pass distinct variables",
                   src_text(c, o->loc), src_text(c, e->loc));
          ok = false;
          break;
        }
      }
      continue;
    }
    if (!reported)
      wp_error(c->diag, e ? e->loc : loc,
               "wp.ref[%s] parameter requires an addressable expression (local "
               "variable, array element, struct field, or wp.ref[T] parameter)",
               callee->param_types[i]->name);
    ok = false;
  }
  return ok;
}

ir_value *lower_ref_results(lower_ctx *c, ir_func *callee, ir_value *call,
                            const int *slots, const ast_expr **exprs) {
  bool v = callee->user_ret->kind != IR_T_VOID;
  int k = v ? 1 : 0;
  /* no result: a void value in no block, which nothing may use */
  ir_value *r = WP_NEW(c->A, ir_value);
  *r = (ir_value){.op = IR_ZERO, .type = ir_t_void(c->T), .loc = call->loc};
  if (v) {
    r = lower_emit(c, IR_EXTRACT, callee->user_ret, &call, 1, call->loc);
    r->aux = 0;
  }
  bool bad = false;
  for (int i = 0; i < callee->nparams; i++)
    if (callee->param_ref[i]) {
      ir_value *part = lower_emit(c, IR_EXTRACT, callee->param_types[i], &call,
                                  1, call->loc);
      part->aux = k++;
      if (!lower_tile_ref_arg(c, callee, i, slots, exprs, &bad))
        continue;
      bool was = c->fs->tile_copy_back;
      c->fs->tile_copy_back = true; /* in place (tiles) */
      lower_assign_target(c, exprs[slots[i]], part);
      c->fs->tile_copy_back = was;
    }
  return bad ? NULL : r;
}

/* wp.address_of(x) -> uint64: x's value is copied into a slot whose
 * address the call gives; after the statement the slot's value is
 * assigned back to x (a native snippet writes through the pointer). */
ir_value *lower_address_of(lower_ctx *c, const ast_expr *e) {
  if (e->nitems != 1 || e->nkeywords) {
    wp_error(c->diag, e->loc, "wp.address_of() takes one argument");
    return NULL;
  }
  const ast_expr *x = e->items[0];
  bool reported = false;
  if (!addressable(c, x, &reported)) {
    if (!reported)
      wp_error(c->diag, x->loc,
               "wp.address_of() requires an addressable expression (local "
               "variable, array element, struct field, or wp.ref[T] "
               "parameter)");
    return NULL;
  }
  ir_func *f = c->fs->f;
  if (f->kind == IR_FUNC_KERNEL && f->options.enable_backward) {
    wp_error(c->diag, e->loc,
             "warpc does not differentiate through wp.address_of(): use "
             "@wp.kernel(enable_backward=False) on kernel '%s'",
             f->name);
    return NULL;
  }
  if (f->kind != IR_FUNC_KERNEL && !f->ref_func)
    f->ref_func = f;
  ir_value *v = lower_expr(c, x);
  if (!v)
    return NULL;
  ir_value *p = lower_emit(c, IR_ADDR, ir_t_scalar(c->T, WP_SCALAR_UINT64), &v,
                           1, e->loc);
  wp_ptrvec_push(c->A, &c->fs->addr_pending, (void *)x);
  wp_ptrvec_push(c->A, &c->fs->addr_pending, p);
  return p;
}

void lower_address_flush(lower_ctx *c) {
  wp_ptrvec *q = &c->fs->addr_pending;
  if (c->fs->cur)
    for (int i = 0; i + 1 < q->count; i += 2) {
      ir_value *p = q->items[i + 1];
      ir_value *r =
          lower_emit(c, IR_ADDR_LOAD, p->args[0]->type, &p, 1, p->loc);
      lower_assign_target(c, q->items[i], r);
    }
  q->count = 0;
}
