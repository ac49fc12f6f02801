/* lower_literal_vars.c - Warp's constants among a function's locals: a
 * name bound to a literal, a negated literal, a module constant or
 * attribute, wp.static(...) (warp-lang binds it to a Var with .constant),
 * which wp.ref cannot refer to and which a dynamic loop must not change
 * ("Error mutating a constant ... inside a dynamic loop"), checked at the
 * loop's end as warp-lang's materialize_redefinitions does; branches that
 * bind such a name differently merge into a variable (lower_stmt.c's if). */
#include <string.h>

#include "lower_internal.h"

static bool is_literal(const ast_expr *e) {
  return e->kind == AST_EXPR_INT || e->kind == AST_EXPR_FLOAT ||
         e->kind == AST_EXPR_BOOL;
}

/* Whether Warp binds a constant (a Var with .constant) to a name assigned
 * expression e: a literal, a module's attribute (wp.pi; a bare module
 * constant N is not one), -literal, wp.static(...), and the negation of a
 * module constant or of a local bound to a constant (codegen.py
 * emit_UnaryOp folds it). */
/* An attribute of a module (wp.pi, mod.N), not of a local (p.x). */
static bool module_attribute(lower_ctx *c, const ast_expr *e) {
  if (e->kind != AST_EXPR_ATTRIBUTE)
    return false;
  while (e->kind == AST_EXPR_ATTRIBUTE)
    e = e->value;
  return e->kind == AST_EXPR_NAME && lower_var_index(c, e->name, false) < 0;
}

static bool warp_constant_expr(lower_ctx *c, const ast_expr *e) {
  if (is_literal(e) || module_attribute(c, e))
    return true;
  if (e->kind == AST_EXPR_CALL) {
    const char *p = lower_warp_path(c, e->value);
    return p && strcmp(p, "static") == 0;
  }
  if (e->kind == AST_EXPR_IFEXP && (e->items[0]->kind == AST_EXPR_BOOL ||
                                    e->items[0]->kind == AST_EXPR_INT)) {
    /* `a if True else b`: Warp evaluates the branch the literal picks */
    const ast_expr *k = e->items[0];
    bool t = k->kind == AST_EXPR_BOOL ? k->bool_value : k->int_value != 0;
    return warp_constant_expr(c, e->items[t ? 1 : 2]);
  }
  if (e->kind != AST_EXPR_UNARY || e->op != AST_OP_NEG)
    return false;
  const ast_expr *x = e->items[0];
  if (x->kind == AST_EXPR_NAME)
    return wp_strmap_get(&c->fs->lit_vars, x->name) ||
           lower_var_index(c, x->name, false) < 0;
  return warp_constant_expr(c, x);
}

/* Warp's rule for a local bound to a literal before a dynamic loop (its
 * "constant"): the loop must not bind it again (warp-lang: "Error mutating
 * a constant ... inside a dynamic loop"), since the loop would need the
 * constant to vary.  Checked at each binding of name target t. */
static void check_loop_constant(lower_ctx *c, const ast_expr *t) {
  loop_ctx *lc = c->fs->loop;
  while (lc && !lc->dynamic)
    lc = lc->outer;
  const ast_expr *lit = lc ? wp_strmap_get(&c->fs->lit_vars, t->name) : NULL;
  if (!lit ||
      (intptr_t)wp_strmap_get(&c->fs->lit_since, t->name) > lc->bind_seq)
    return; /* not a literal, or bound to it inside the loop */
  /* reported at the loop's end (lower_loop_constants_end), as warp-lang
     checks there: a name that a loop Warp unrolls binds by then is exempt */
  loop_change *ch = WP_NEW(c->A, loop_change);
  *ch = (loop_change){t, lit, wp_strmap_get(&c->fs->lit_types, t->name)};
  wp_ptrvec_push(c->A, &lc->changes, ch);
}

void lower_loop_constants_end(lower_ctx *c, const loop_ctx *lc) {
  for (int i = 0; i < lc->changes.count; i++) {
    const loop_change *ch = lc->changes.items[i];
    const ast_expr *t = ch->target, *lit = ch->lit;
    if (wp_strmap_get(&c->fs->iter_names, t->name))
      continue; /* the variable of an unrolled loop: Warp lets it change */
    const ast_expr *l = lit->kind == AST_EXPR_UNARY && lit->op == AST_OP_NEG
                            ? lit->items[0]
                            : lit;
    const ir_type *vt = ch->type;
    const char *ty = vt && ir_type_is_float(vt)  ? "float"
                     : vt && ir_type_is_bool(vt) ? "bool"
                     : vt                        ? "int"
                     : l->kind == AST_EXPR_BOOL  ? "bool"
                     : l->kind == AST_EXPR_FLOAT ? "float"
                                                 : "int";
    const char *what = is_literal(l) ? "literal" : "constant";
    wp_error(c->diag, t->loc,
             "'%s' is bound to a %s before this dynamic loop, and Warp "
             "cannot change such a constant inside one: declare it as a "
             "variable, '%s = %s(%.*s)', as warp-lang asks",
             t->name, what, t->name, ty, (int)(lit->loc.end - lit->loc.start),
             lit->loc.src->text + lit->loc.start);
    wp_note(c->diag, lit->loc, "'%s' is bound to the %s here", t->name, what);
  }
}

/* `x = 0`: Warp takes x for a constant, which wp.ref[T] cannot refer to
 * and a dynamic loop cannot change. */
void lower_note_literal(lower_ctx *c, const ast_expr *t, const ast_expr *v,
                        const ir_type *vt) {
  if (t->kind == AST_EXPR_TUPLE && v->kind == AST_EXPR_TUPLE &&
      t->nitems == v->nitems && vt && vt->kind == IR_T_TUPLE &&
      vt->nmembers == t->nitems) {
    /* `a, b = 0, 1`: each name bound to its literal */
    for (int i = 0; i < t->nitems; i++)
      lower_note_literal(c, t->items[i], v->items[i], vt->members[i]);
    return;
  }
  if (t->kind != AST_EXPR_NAME)
    return;
  check_loop_constant(c, t);
  bool lit = warp_constant_expr(c, v) && vt && vt->kind == IR_T_SCALAR;
  if (lit || wp_strmap_get(&c->fs->lit_vars, t->name))
    wp_strmap_put(c->A, &c->fs->lit_vars, t->name, lit ? (void *)v : NULL);
  if (lit) {
    wp_strmap_put(c->A, &c->fs->lit_types, t->name, (void *)vt);
    wp_strmap_put(c->A, &c->fs->lit_since, t->name,
                  (void *)(intptr_t)++c->fs->bind_seq);
    wp_ptrvec_push(c->A, &c->fs->lit_log, (void *)t->name);
  }
}

/* Warp's emit_If: a name bound on both paths, or bound before the `if` and
 * again on one path, becomes where(cond, a, b), not a constant; one bound
 * on one path only keeps that path's binding. */
void lower_merge_literals(lower_ctx *c, int seq0, int seq_then, int nvars0,
                          int nvars_then) {
  lower_frame *fs = c->fs;
  for (int k = seq0 + 1; k <= fs->bind_seq && k <= fs->lit_log.count; k++) {
    const char *name = fs->lit_log.items[k - 1];
    if ((intptr_t)wp_strmap_get(&fs->lit_since, name) != k ||
        !wp_strmap_get(&fs->lit_vars, name))
      continue; /* bound again since, or no longer a literal */
    int var = lower_var_index(c, name, false);
    bool before = var >= 0 && var < nvars0;
    bool both = k > seq_then && var >= 0 && var < nvars_then;
    if (before || both)
      wp_strmap_put(c->A, &fs->lit_vars, name, NULL);
  }
}

void lower_forget_literals(lower_ctx *c, int seq_from, int seq_to) {
  lower_frame *fs = c->fs;
  for (int k = seq_from + 1; k <= seq_to && k <= fs->lit_log.count; k++) {
    const char *name = fs->lit_log.items[k - 1];
    if ((intptr_t)wp_strmap_get(&fs->lit_since, name) == k)
      wp_strmap_put(c->A, &fs->lit_vars, name, NULL);
  }
}

void lower_note_changed(lower_ctx *c, const ast_expr *t) {
  if (t->kind != AST_EXPR_NAME)
    return;
  check_loop_constant(c, t);
  if (wp_strmap_get(&c->fs->lit_vars, t->name))
    wp_strmap_put(c->A, &c->fs->lit_vars, t->name, NULL);
}
