/* lower_tile_func.c - tiles and tile stacks passed to a @wp.func by
 * reference (lower_internal.h).
 *
 * Warp (1.19) passes a tile argument of a @wp.func by reference: what the
 * function writes into it in place (`t += u`, `t[i, j] = x`,
 * wp.tile_matmul(a, b, t), tile_stack_push(s, ...), ...) the caller's tile
 * shows afterwards, while `t = expr` only binds the name t to another tile
 * inside the function.  warpc's IR has values, not addresses, so a tile
 * parameter is passed as wp.ref[T] parameters are (lower_ref.c): the
 * function returns its final value beside its result and the caller
 * assigns it to its argument variable.  Only the tile parameters the body
 * writes in place come back (the others are pruned from the result once
 * the body is lowered), so a function that only reads its tiles is
 * unchanged.  Without aliasing between the arguments this is what Warp
 * computes; its gradient is that of the values (the call is inlined in the
 * backward kernel), as Warp's.
 *
 * Refused, with a message: a parameter both bound anew and written in place
 * in one function (warpc would have to track which tile the name holds;
 * allowed when the binding comes first in the function's body itself, not
 * in a branch or loop: the writes then are to the function's own tile),
 * and an argument that is not a tile variable (an expression, or a view,
 * which warpc holds as a copy) for a parameter the function writes. */
#include <string.h>

#include "lower_tile.h"

bool lower_tile_is_ref_param(const ir_func *f, const ir_type *t) {
  return f->kind == IR_FUNC_FUNC && t && t->kind == IR_T_TILE;
}

static int param_index(lower_ctx *c, int var) {
  const ir_func *f = c->fs->f;
  for (int i = 0; i < f->nparams; i++)
    if (f->param_names[i] && !strcmp(f->param_names[i], c->fs->vars[var]))
      return i;
  return -1;
}

bool lower_tile_param_write(lower_ctx *c, int var, bool rebind, wp_loc loc) {
  ir_func *f = c->fs->f;
  int i = param_index(c, var);
  if (i < 0 || !f->param_ref[i] ||
      !lower_tile_is_ref_param(f, f->param_types[i]))
    return true;
  if (!c->fs->tile_params)
    c->fs->tile_params = WP_NEW_ARRAY(c->A, unsigned char, f->nparams + 1);
  unsigned char *st = &c->fs->tile_params[i];
  unsigned char now = rebind ? LOWER_TILE_REBOUND : LOWER_TILE_WRITTEN;
  if (rebind && c->fs->nest == 1 && !*st) /* before everything after it */
    now |= LOWER_TILE_REBOUND_TOP;
  if (!rebind && (*st & LOWER_TILE_REBOUND_TOP))
    return true; /* t = ...; t += u: the function's own tile */
  if (*st && (*st & now) == 0) {
    wp_error(c->diag, loc,
             "tile parameter '%s' of '%s' is both written in place (which "
             "Warp's caller sees: tiles are passed by reference) and bound to "
             "another tile here; warpc does not support both in one "
             "function: use a new name for the other tile",
             f->param_names[i], f->name);
    return false;
  }
  *st |= now;
  return true;
}

/* The return tuple `pack` (lower_ref_pack's: the result, then one value per
 * ref parameter of `was`) without the parts of the parameters no longer
 * refs; the new value ret returns, or NULL for none. */
static ir_value *repack(lower_ctx *c, const ir_func *f, const bool *was,
                        ir_value *pack, bool has_result) {
  int n = 0, k = 0;
  ir_value **parts = WP_NEW_ARRAY(c->A, ir_value *, pack->nargs + 1);
  const ir_type **types = WP_NEW_ARRAY(c->A, const ir_type *, pack->nargs + 1);
  if (has_result)
    types[n] = pack->args[0]->type, parts[n++] = pack->args[k++];
  for (int i = 0; i < f->nparams; i++)
    if (was[i]) {
      if (f->param_ref[i])
        types[n] = pack->args[k]->type, parts[n++] = pack->args[k];
      k++;
    }
  if (!f->nrefs)
    return has_result ? parts[0] : NULL;
  pack->args = parts;
  pack->nargs = n;
  pack->type = ir_t_tuple(c->T, types, n);
  return pack;
}

bool lower_tile_refs_prune(lower_ctx *c, ir_func *f) {
  bool *was = WP_NEW_ARRAY(c->A, bool, f->nparams + 1);
  bool dropped = false, wpref = false;
  for (int i = 0; i < f->nparams; i++) {
    was[i] = f->param_ref[i];
    if (!f->param_ref[i])
      continue;
    if (!lower_tile_is_ref_param(f, f->param_types[i])) {
      wpref = true;
      continue;
    }
    if (c->fs->tile_params && c->fs->tile_params[i] == LOWER_TILE_WRITTEN)
      continue;
    f->param_ref[i] = false;
    f->nrefs--;
    dropped = true;
  }
  if (!dropped)
    return wpref;
  bool has_result = f->ret->kind != IR_T_VOID;
  for (ir_block *b = f->entry; b; b = b->next)
    for (ir_value *v = b->first; v; v = v->next) {
      if (v->op != IR_RET || v->nargs != 1 || v->args[0]->op != IR_COMPOSE)
        continue;
      ir_value *r = repack(c, f, was, v->args[0], has_result);
      if (r) {
        v->args[0] = r;
        v->type = r->type;
      } else {
        v->nargs = 0;
        v->type = ir_t_void(c->T);
      }
    }
  return wpref;
}

bool lower_tile_ref_arg(lower_ctx *c, const ir_func *callee, int i,
                        const int *slots, const ast_expr **exprs, bool *bad) {
  const ir_type *t = callee->param_types[i];
  if (!lower_tile_is_ref_param(callee, t))
    return true; /* a wp.ref[T] parameter (lower_ref.c) */
  const ast_expr *e = exprs && slots[i] >= 0 ? exprs[slots[i]] : NULL;
  const char *what = t->flavor == IR_TILE_STACK ? "tile stack" : "tile";
  if (!e || e->kind != AST_EXPR_NAME) {
    wp_error(c->diag, e ? e->loc : callee->loc,
             "'%s' writes to its %s parameter '%s' (Warp passes %ss by "
             "reference, so the caller's %s changes): warpc needs a %s "
             "variable as this argument, not an expression",
             callee->name, what, callee->param_names[i], what, what, what);
    *bad = true;
    return false;
  }
  int var = lower_var_index(c, e->name, false);
  const ir_type *vt = var >= 0 ? c->fs->var_types[var] : NULL;
  if (vt && vt->kind == IR_T_TILE && vt->flavor != IR_TILE_OWN &&
      vt->flavor != IR_TILE_STACK) {
    wp_error(c->diag, e->loc,
             "writing through a tile view is not supported by warpc yet "
             "(warpc holds views as copies): '%s' writes to its tile "
             "parameter '%s', and '%s' is a view",
             callee->name, callee->param_names[i], e->name);
    *bad = true;
    return false;
  }
  for (int j = 0; j < callee->nparams; j++) {
    const ast_expr *o = j != i && slots[j] >= 0 ? exprs[slots[j]] : NULL;
    if (o && o->kind == AST_EXPR_NAME && !strcmp(o->name, e->name) &&
        callee->param_types[j]->kind == IR_T_TILE) {
      wp_error(c->diag, o->loc,
               "'%s' is passed to '%s' as both '%s', which the function "
               "writes, and '%s': Warp's references would alias them, warpc "
               "passes tiles by copy-in/copy-out; pass distinct %ss",
               e->name, callee->name, callee->param_names[i],
               callee->param_names[j], what);
      *bad = true;
      return false;
    }
  }
  return true;
}

ir_value *lower_tile_view_arg(lower_ctx *c, ir_value *v, const ir_type *pt,
                              wp_loc loc) {
  const ir_type *t = v ? v->type : NULL;
  if (!t || t == pt || t->kind != IR_T_TILE || pt->kind != IR_T_TILE ||
      (t->flavor != IR_TILE_VIEW && t->flavor != IR_TILE_STRIDED) ||
      pt->flavor != IR_TILE_OWN || t->elem != pt->elem ||
      !ir_tile_same_shape(t, pt))
    return v;
  ir_value *r = lower_emit(c, IR_BUILTIN, pt, &v, 1, loc);
  r->builtin = ir_builtin_get(IR_B_TILE_RESHAPE); /* the same elements */
  return r;
}

ir_func *lower_tile_reduce_func(lower_ctx *c, func_info *fi, const ir_type *t,
                                wp_loc loc) {
  const ir_type *el = t->elem;
  if (ir_type_has_half(el)) {
    wp_error(c->diag, loc,
             "wp.tile_reduce() of a @wp.func over a tile of '%s' is not "
             "supported by warpc yet (of scalars, vectors, matrices and "
             "structs of float32, float64 and integers it is)",
             el->name);
    return NULL;
  }
  const ir_type *et[2] = {el, el};
  call_args a = {.types = et, .n = 2};
  int *slots;
  const ast_def *d;
  ir_func *f = lower_resolve_func(c, fi, &a, &slots, &d, loc);
  if (!f)
    return NULL;
  bool plain = f->nparams == 2 && !f->nrefs && !f->custom_grad &&
               slots[0] == 0 && slots[1] == 1 && f->param_types[0] == el &&
               f->param_types[1] == el;
  if (!plain || f->ret != el) {
    wp_error(c->diag, loc,
             "wp.tile_reduce(): warpc folds a @wp.func of two elements ('%s') "
             "that returns one (no defaults, no wp.ref); '%s' returns '%s'",
             el->name, f->name, f->ret->name);
    return NULL;
  }
  return f;
}
