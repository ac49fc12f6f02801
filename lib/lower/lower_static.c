/* lower_static.c - wp.static() over loop variables, as Warp (>= 1.11) sees
 * them.  A `for` over range() with constant arguments whose loop (range
 * included) contains a wp.static() call is unrolled, whatever its trip
 * count, and each iteration's wp.static() expressions see that iteration's
 * value of the loop variable.  A wp.static() expression also sees the kernel
 * locals that hold a constant (`m = 3`), before the module's globals of the
 * same name; any other local name is looked up among the globals, as Python
 * evaluates the expression in the module's namespace.  As in Warp, an
 * expression that names no enclosing loop's variable is first evaluated
 * over the module's names alone; one that evaluates so (to a value or a
 * function) is resolved when the kernel is declared and is a constant: it
 * does not make its loop unrolled (a `break` there is a plain break). */
#include <string.h>

#include "../support/diag_log.h"
#include "lower_cvalue.h"

/* A loop variable bound by an unrolled iteration (innermost first). */
struct static_bind {
  static_bind *next;
  const char *name;
  ir_value *value; /* what the iteration assigned */
};

/* v seen through block arguments that receive one value on every edge
 * (but their own back edges); NULL, with *unknown set, for an argument of
 * a block still under construction (a loop header). */
static ir_value *through_args(ir_value *v, int depth, bool *unknown) {
  if (!v || v->op != IR_BLOCK_ARG || !v->block)
    return v;
  ir_block *b = v->block;
  if (!b->sealed || depth > 64) {
    *unknown = true;
    return NULL;
  }
  ir_value *one = NULL;
  for (int i = 0; i < b->npreds; i++) {
    ir_value *term = b->preds[i]->last;
    for (int k = 0; term && k < 2; k++) {
      if (term->targets[k] != b || term->targs[k].nargs <= v->aux)
        continue;
      ir_value *a = term->targs[k].args[v->aux];
      if (a == v)
        continue;
      a = through_args(a, depth + 1, unknown);
      if (!a || (one && a != one))
        return v;
      one = a;
    }
  }
  return one ? one : v;
}

/* What a walk up the blocks knows of a variable: one value, nothing yet
 * (a back edge to a block being looked at), not one value, or nothing
 * (a block still under construction). */
typedef enum { P_KNOWN, P_CYCLE, P_NONE, P_UNKNOWN } peek_state;

typedef struct peek_walk {
  lower_ctx *c;
  int var;
  ir_block *blocks[256];
  peek_state states[256];
  ir_value *values[256];
  int n;
} peek_walk;

static peek_state peek_block(peek_walk *w, ir_block *b, ir_value **out) {
  for (int i = 0; i < w->n; i++)
    if (w->blocks[i] == b) {
      *out = w->values[i];
      return w->states[i];
    }
  void **d = b->defs ? wp_keymap_find(b->defs, NULL, w->var) : NULL;
  if (d) {
    bool unknown = false;
    *out = through_args(*d, 0, &unknown);
    return unknown ? P_UNKNOWN : P_KNOWN;
  }
  if (!b->sealed || w->n == 256)
    return P_UNKNOWN;
  int me = w->n++;
  w->blocks[me] = b;
  w->states[me] = P_CYCLE;
  w->values[me] = NULL;
  peek_state st = P_CYCLE;
  ir_value *one = NULL;
  for (int i = 0; i < b->npreds && st != P_UNKNOWN && st != P_NONE; i++) {
    ir_value *v;
    peek_state ps = peek_block(w, b->preds[i], &v);
    if (ps == P_CYCLE)
      continue;
    if (ps != P_KNOWN || (one && v != one))
      st = ps == P_UNKNOWN ? P_UNKNOWN : P_NONE;
    else
      one = v, st = P_KNOWN;
  }
  if (b->npreds == 0)
    st = P_NONE; /* undefined on this path */
  w->states[me] = st;
  w->values[me] = one;
  *out = one;
  return st;
}

/* The value of `var` in block b when it is known without adding block
 * parameters; NULL otherwise, with *unknown set when a block still under
 * construction (a loop header) was reached. */
static ir_value *peek_var(lower_ctx *c, int var, ir_block *b, bool *unknown) {
  peek_walk *w = WP_NEW(c->A, peek_walk);
  w->c = c;
  w->var = var;
  ir_value *v = NULL;
  peek_state st = peek_block(w, b, &v);
  *unknown = st == P_UNKNOWN;
  return st == P_KNOWN ? v : NULL;
}

ir_value *lower_static_local(lower_ctx *c, const char *name) {
  int var = lower_var_index(c, name, false);
  if (var < 0 || !c->fs->cur || c->static_eager)
    return NULL;
  bool unknown = false;
  ir_value *v = peek_var(c, var, c->fs->cur, &unknown);
  for (static_bind *b = c->fs->static_binds; b; b = b->next)
    if (strcmp(b->name, name) == 0) {
      if (v == b->value || (!v && unknown))
        return b->value;
      break;
    }
  if (!v || v->op != IR_CONST || v->type->kind != IR_T_SCALAR)
    return NULL;
  return v;
}

static bool is_static_call(lower_ctx *c, const ast_expr *e) {
  if (e->kind != AST_EXPR_CALL)
    return false;
  const char *p = lower_warp_path(c, e->value);
  return p && strcmp(p, "static") == 0;
}

/* Does Warp resolve wp.static() call `call` when the kernel is declared:
 * its expression names no enclosing loop's variable and evaluates over the
 * module's names alone (without a diagnostic)? */
static bool resolved_early(lower_ctx *c, const ast_expr *call) {
  if (call->nitems != 1 || call->nkeywords ||
      lower_static_deferred(c, call->items[0]))
    return false;
  wp_diag_log *log = wp_diag_log_new();
  wp_diag scratch = wp_diag_capture(c->diag, log);
  wp_diag *saved = c->diag;
  bool quiet = c->const_quiet, in_static = c->in_static;
  c->diag = &scratch;
  c->static_eager = c->const_quiet = c->in_static = true;
  cvalue v;
  entity fn; /* wp.static(FUNCS[1]): a function is resolved too */
  bool ok = (lower_cv_eval(c, call->items[0], c->ast->nglobals, &v) ||
             (!scratch.errors && lower_static_callee(c, call, &fn) &&
              fn.kind != ENT_ERROR)) &&
            !scratch.errors;
  c->static_eager = false;
  c->const_quiet = quiet;
  c->in_static = in_static;
  c->diag = saved;
  wp_diag_log_free(log);
  return ok;
}

/* Does `e` hold a wp.static() call that is resolved only when the code is
 * generated (one naming a loop variable or a local)? */
static bool expr_has_static(lower_ctx *c, const ast_expr *e) {
  if (!e)
    return false;
  if ((is_static_call(c, e) && !resolved_early(c, e)) ||
      expr_has_static(c, e->value))
    return true;
  for (int i = 0; i < e->nitems; i++)
    if (expr_has_static(c, e->items[i]))
      return true;
  for (int i = 0; i < e->nkeywords; i++)
    if (expr_has_static(c, e->keywords[i].value))
      return true;
  return false;
}

static bool block_has_static(lower_ctx *c, const ast_block *b);

static bool stmt_has_static(lower_ctx *c, const ast_stmt *s) {
  for (int k = 0; k < s->ntargets; k++)
    if (expr_has_static(c, s->targets[k]))
      return true;
  if (expr_has_static(c, s->value) || expr_has_static(c, s->cond) ||
      expr_has_static(c, s->annotation))
    return true;
  /* a nested loop's variable is an enclosing loop's in its body */
  const ast_expr *t = s->kind == AST_STMT_FOR ? s->targets[0] : NULL;
  static_bind fn = {c->fs->for_names,
                    t && t->kind == AST_EXPR_NAME ? t->name : "", NULL};
  c->fs->for_names = &fn;
  bool has = block_has_static(c, &s->body);
  c->fs->for_names = fn.next;
  return has || block_has_static(c, &s->orelse);
}

static bool block_has_static(lower_ctx *c, const ast_block *b) {
  for (int i = 0; i < b->count; i++)
    if (stmt_has_static(c, b->stmts[i]))
      return true;
  return false;
}

/* A `break` that leaves this loop (not a nested one). */
static const ast_stmt *find_break(const ast_block *b) {
  for (int i = 0; i < b->count; i++) {
    const ast_stmt *s = b->stmts[i];
    if (s->kind == AST_STMT_BREAK)
      return s;
    if (s->kind == AST_STMT_IF) {
      const ast_stmt *r = find_break(&s->body);
      if (r || (r = find_break(&s->orelse)))
        return r;
    }
  }
  return NULL;
}

/* Warp unrolls only when each range() argument is a constant it can see
 * without computing: a literal, a negated literal, a name or attribute that
 * names a constant, or a call (wp.static(...)); `range(2 * n)` is a
 * dynamic loop even where n is constant. */
static bool plain_constant_arg(const ast_expr *a, const ir_value *v) {
  if (v->op != IR_CONST)
    return false;
  switch (a->kind) {
  case AST_EXPR_INT:
  case AST_EXPR_BOOL: /* range(True): a Python int to warp-lang */
  case AST_EXPR_NAME:
  case AST_EXPR_ATTRIBUTE:
  case AST_EXPR_CALL: return true;
  case AST_EXPR_UNARY:
    return a->op == AST_OP_NEG && a->items[0]->kind == AST_EXPR_INT;
  default: return false;
  }
}

bool lower_warp_unrolls(lower_ctx *c, const ast_stmt *s, const ast_expr *it,
                        const ir_value *start, const ir_value *end,
                        const ir_value *step) {
  const ir_value *args[3] = {start, end, step};
  int first = it->nitems == 1 ? 1 : 0;
  for (int i = 0; i < it->nitems; i++)
    if (!plain_constant_arg(it->items[i], args[first + i]) ||
        (it->items[i]->kind == AST_EXPR_CALL &&
         !is_static_call(c, it->items[i])))
      return false; /* range(int(4)): Warp's eval_num sees no constant */
  if (stmt_has_static(c, s))
    return true;
  if (step->ival == 0 || find_break(&s->body))
    return false;
  int64_t span =
      step->ival > 0 ? end->ival - start->ival : start->ival - end->ival;
  int64_t st = step->ival > 0 ? step->ival : -step->ival;
  int64_t n = span <= 0 ? 0 : (span - 1) / st + 1;
  return n <= c->fs->f->options.max_unroll;
}

enum { STATIC_UNROLL_MAX = 1 << 16 };

int lower_static_unroll(lower_ctx *c, const ast_stmt *s, const ast_expr *it,
                        ir_value *start, ir_value *end, ir_value *step,
                        void (*body)(lower_ctx *, const ast_stmt *, ir_block *,
                                     ir_block *)) {
  if (!stmt_has_static(c, s))
    return 0;
  ir_value *args[3] = {start, end, step};
  int first = it->nitems == 1 ? 1 : 0;
  for (int i = 0; i < it->nitems; i++)
    if (!plain_constant_arg(it->items[i], args[first + i]))
      return 0;
  if (step->ival == 0)
    return 0;
  const ast_stmt *brk = find_break(&s->body);
  if (brk) {
    wp_error(c->diag, brk->loc,
             "'break' in a loop that Warp unrolls because it contains "
             "wp.static(): warp-lang 1.19.0 cannot compile it either; guard "
             "the rest of the body with a flag instead");
    return -1;
  }
  int64_t n = 0;
  for (int64_t k = start->ival; step->ival > 0 ? k < end->ival : k > end->ival;
       k += step->ival)
    if (++n > STATIC_UNROLL_MAX) {
      wp_error(c->diag, it->loc,
               "this loop contains wp.static() and so is unrolled, but it "
               "has more than %d iterations",
               STATIC_UNROLL_MAX);
      return -1;
    }
  const char *name = s->targets[0]->name;
  ir_block *exit = ir_block_new(c->fs->f);
  for (int64_t k = start->ival; step->ival > 0 ? k < end->ival : k > end->ival;
       k += step->ival) {
    ir_block *next = ir_block_new(c->fs->f);
    ir_value *kv = lower_const_int(c, start->type, k);
    lower_assign_var(c, name, kv, s->targets[0]->loc);
    static_bind bind = {c->fs->static_binds, name, kv};
    c->fs->static_binds = &bind;
    int errors = c->diag->errors;
    body(c, s, exit, next);
    c->fs->static_binds = bind.next;
    if (c->diag->errors > errors) { /* reported once, not per iteration */
      c->fs->cur = NULL;
      return -1;
    }
    lower_br(c, next, s->loc);
    lower_seal(c, next);
    c->fs->cur = next;
  }
  lower_br(c, exit, s->loc);
  lower_seal(c, exit);
  c->fs->cur = exit;
  return 1;
}

bool lower_static_callee(lower_ctx *c, const ast_expr *call, entity *out) {
  if (call->nitems != 1 || call->nkeywords)
    return false;
  const ast_expr *x = call->items[0];
  int limit = c->ast->nglobals;
  bool was = c->in_static;
  bool found = false;
  c->in_static = true;
  for (int depth = 0; depth < 64; depth++) {
    if (x->kind == AST_EXPR_SUBSCRIPT) { /* FUNCS[k] */
      bool reported;
      const ast_expr *item = lower_const_item(c, x, &limit, &reported);
      if (!item) {
        if (reported)
          *out = (entity){.kind = ENT_ERROR}, found = true;
        break;
      }
      x = item;
      continue;
    }
    if (x->kind != AST_EXPR_NAME && x->kind != AST_EXPR_ATTRIBUTE &&
        x->kind != AST_EXPR_CALL) /* make(f): a factory's func */
      break;
    if (x->kind == AST_EXPR_NAME && lower_var_index(c, x->name, false) >= 0)
      break; /* a kernel local holds no function */
    binding b = lower_resolve(c, x);
    if (b.kind == BIND_GLOBAL && b.module == c->mod && b.index < limit) {
      limit = b.index; /* g = f0 at module level */
      x = c->ast->globals[b.index].value;
      continue;
    }
    if (b.kind == BIND_FUNC || b.kind == BIND_WARP) {
      entity en = lower_binding_entity(
          c, b, x->kind == AST_EXPR_NAME ? x->name : "wp.static() value",
          x->loc);
      if (en.kind == ENT_FUNC || en.kind == ENT_BUILTIN ||
          en.kind == ENT_ERROR) {
        *out = en;
        found = true;
      }
    }
    break;
  }
  c->in_static = was;
  return found;
}

void lower_static_for(lower_ctx *c, const ast_stmt *s,
                      void (*loop)(lower_ctx *, const ast_stmt *)) {
  const ast_expr *t = s->ntargets ? s->targets[0] : NULL;
  static_bind fn = {c->fs->for_names,
                    t && t->kind == AST_EXPR_NAME ? t->name : "", NULL};
  c->fs->for_names = &fn;
  loop(c, s);
  c->fs->for_names = fn.next;
}

bool lower_any_name(lower_ctx *c, const ast_expr *e,
                    bool (*pred)(lower_ctx *c, const char *name)) {
  if (!e)
    return false;
  if (e->kind == AST_EXPR_NAME && pred(c, e->name))
    return true;
  if (lower_any_name(c, e->value, pred))
    return true;
  for (int i = 0; i < e->nitems; i++)
    if (lower_any_name(c, e->items[i], pred))
      return true;
  for (int i = 0; i < e->nkeywords; i++)
    if (lower_any_name(c, e->keywords[i].value, pred))
      return true;
  return false;
}

static bool is_for_target(lower_ctx *c, const char *name) {
  for (static_bind *b = c->fs->for_names; b; b = b->next)
    if (strcmp(b->name, name) == 0)
      return true;
  return false;
}

bool lower_static_deferred(lower_ctx *c, const ast_expr *e) {
  return lower_any_name(c, e, is_for_target);
}

static bool expr_assigns(const ast_expr *t, const char *name) {
  if (t->kind == AST_EXPR_NAME)
    return strcmp(t->name, name) == 0;
  if (t->kind == AST_EXPR_TUPLE)
    for (int i = 0; i < t->nitems; i++)
      if (expr_assigns(t->items[i], name))
        return true;
  return false;
}

static bool block_assigns(const ast_block *b, const char *name) {
  for (int i = 0; i < b->count; i++) {
    const ast_stmt *s = b->stmts[i];
    for (int k = 0; k < s->ntargets; k++)
      if (expr_assigns(s->targets[k], name))
        return true;
    if (block_assigns(&s->body, name) || block_assigns(&s->orelse, name))
      return true;
  }
  return false;
}

void lower_static_after_loop(lower_ctx *c, const ast_stmt *s,
                             const ast_expr *it, ir_value *start, ir_value *end,
                             ir_value *step) {
  ir_value *args[3] = {start, end, step};
  int first = it->nitems == 1 ? 1 : 0;
  for (int i = 0; i < it->nitems; i++)
    if (!plain_constant_arg(it->items[i], args[first + i]))
      return;
  if (step->ival == 0 || !c->fs->cur || find_break(&s->body) ||
      block_assigns(&s->body, s->targets[0]->name))
    return;
  int64_t n = 0, last = 0;
  for (int64_t k = start->ival; step->ival > 0 ? k < end->ival : k > end->ival;
       k += step->ival) {
    last = k;
    if (++n > c->fs->f->options.max_unroll)
      return;
  }
  if (n > 0)
    lower_assign_var(c, s->targets[0]->name,
                     lower_const_int(c, start->type, last), s->loc);
}
