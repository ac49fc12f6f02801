/* parse_stmt.c - statements and blocks of kernel and func bodies. */
#include "parse_internal.h"

static ast_stmt *new_stmt(pctx *c, ast_stmt_kind kind, TSNode n) {
  ast_stmt *s = WP_NEW(c->arena, ast_stmt);
  s->kind = kind;
  s->loc = p_loc(c, n);
  return s;
}

static ast_stmt *unsupported(pctx *c, TSNode n, const char *what) {
  ast_stmt *s = new_stmt(c, AST_STMT_UNSUPPORTED, n);
  s->name = what;
  return s;
}

static ast_stmt *stmt_of(pctx *c, TSNode n);

static ast_block one_stmt(pctx *c, ast_stmt *s) {
  ast_block b = {WP_NEW_ARRAY(c->arena, ast_stmt *, 1), 1};
  b.stmts[0] = s;
  return b;
}

/* The child of the given type (else_clause, ...), or a null node.  Fields
 * are not used for these: tree-sitter 0.20 mislabels some clause fields. */
static TSNode child_of_type(pctx *c, TSNode n, const char *type) {
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  for (int i = 0; i < nk; i++)
    if (p_is(k[i], type))
      return k[i];
  return (TSNode){0};
}

static ast_block else_block(pctx *c, TSNode n) {
  TSNode e = child_of_type(c, n, "else_clause");
  ast_block none = {0};
  return ts_node_is_null(e) ? none : p_block(c, p_field(e, "body"));
}

/* `a = b = v` nests assignments on the right; the targets are collected in
 * source order.  `x: T [= v]` is an annotated assignment (never chained). */
static ast_stmt *assignment(pctx *c, TSNode n) {
  TSNode type = p_field(n, "type");
  if (!ts_node_is_null(type)) {
    ast_stmt *s = new_stmt(c, AST_STMT_ANNASSIGN, n);
    s->targets = WP_NEW_ARRAY(c->arena, ast_expr *, 1);
    s->targets[s->ntargets++] = p_expr(c, p_field(n, "left"));
    s->annotation = p_expr(c, type);
    TSNode right = p_field(n, "right");
    s->value = ts_node_is_null(right) ? NULL : p_expr(c, right);
    return s;
  }
  int depth = 1;
  TSNode right = p_field(n, "right");
  for (TSNode r = right; !ts_node_is_null(r) && p_is(r, "assignment") &&
                         ts_node_is_null(p_field(r, "type"));
       r = p_field(r, "right"))
    depth++;
  ast_stmt *s = new_stmt(c, AST_STMT_ASSIGN, n);
  s->targets = WP_NEW_ARRAY(c->arena, ast_expr *, depth);
  TSNode a = n;
  for (int i = 0; i < depth; i++) {
    s->targets[s->ntargets++] = p_expr(c, p_field(a, "left"));
    right = p_field(a, "right");
    a = right;
  }
  s->value = p_expr(c, right);
  return s;
}

static ast_stmt *augassign(pctx *c, TSNode n) {
  TSNode op = p_field(n, "operator");
  ast_stmt *s = new_stmt(c, AST_STMT_AUGASSIGN, n);
  if (!ts_node_is_null(op)) { /* "+=" -> "+" */
    char *t = wp_arena_strdup(c->arena, ts_node_type(op));
    t[strlen(t) - 1] = 0;
    s->op = p_op_of(t);
  }
  s->targets = WP_NEW_ARRAY(c->arena, ast_expr *, 1);
  s->targets[s->ntargets++] = p_expr(c, p_field(n, "left"));
  s->value = p_expr(c, p_field(n, "right"));
  return s;
}

static ast_stmt *expr_stmt(pctx *c, TSNode n) {
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  if (nk == 1 && p_is(k[0], "assignment"))
    return assignment(c, k[0]);
  if (nk == 1 && p_is(k[0], "augmented_assignment"))
    return augassign(c, k[0]);
  if (nk == 1 && p_is(k[0], "yield"))
    return unsupported(c, n, "yield");
  ast_stmt *s = new_stmt(c, AST_STMT_EXPR, n);
  if (nk == 1) {
    s->value = p_expr(c, k[0]);
    return s;
  }
  /* `a, b` as a statement is a bare tuple */
  s->value = p_new_expr(c, AST_EXPR_TUPLE, n);
  s->value->items = WP_NEW_ARRAY(c->arena, ast_expr *, nk ? nk : 1);
  for (int i = 0; i < nk; i++)
    s->value->items[s->value->nitems++] = p_expr(c, k[i]);
  return s;
}

/* elif clauses become IFs nested in the orelse of the previous one. */
static ast_stmt *if_stmt(pctx *c, TSNode n) {
  ast_stmt *s = new_stmt(c, AST_STMT_IF, n), *tail = s;
  s->cond = p_expr(c, p_field(n, "condition"));
  s->body = p_block(c, p_field(n, "consequence"));
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  for (int i = 0; i < nk; i++) {
    if (p_is(k[i], "elif_clause")) {
      ast_stmt *e = new_stmt(c, AST_STMT_IF, k[i]);
      e->elif_chain = true;
      e->cond = p_expr(c, p_field(k[i], "condition"));
      e->body = p_block(c, p_field(k[i], "consequence"));
      tail->orelse = one_stmt(c, e);
      tail = e;
    } else if (p_is(k[i], "else_clause")) {
      tail->orelse = p_block(c, p_field(k[i], "body"));
    }
  }
  return s;
}

static bool is_async(TSNode n) {
  return ts_node_child_count(n) && p_is(ts_node_child(n, 0), "async");
}

static ast_stmt *for_stmt(pctx *c, TSNode n) {
  if (is_async(n))
    return unsupported(c, n, "async for statement");
  ast_stmt *s = new_stmt(c, AST_STMT_FOR, n);
  s->targets = WP_NEW_ARRAY(c->arena, ast_expr *, 1);
  s->targets[s->ntargets++] = p_expr(c, p_field(n, "left"));
  s->cond = p_expr(c, p_field(n, "right"));
  s->body = p_block(c, p_field(n, "body"));
  s->orelse = else_block(c, n);
  return s;
}

static ast_stmt *while_stmt(pctx *c, TSNode n) {
  ast_stmt *s = new_stmt(c, AST_STMT_WHILE, n);
  s->cond = p_expr(c, p_field(n, "condition"));
  s->body = p_block(c, p_field(n, "body"));
  s->orelse = else_block(c, n);
  return s;
}

static ast_stmt *assert_stmt(pctx *c, TSNode n) {
  ast_stmt *s = new_stmt(c, AST_STMT_ASSERT, n);
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  if (nk >= 1)
    s->cond = p_expr(c, k[0]);
  if (nk >= 2)
    s->value = p_expr(c, k[1]);
  return s;
}

static ast_stmt *return_stmt(pctx *c, TSNode n) {
  ast_stmt *s = new_stmt(c, AST_STMT_RETURN, n);
  TSNode *k;
  if (p_kids(c, n, true, &k) >= 1)
    s->value = p_expr(c, k[0]);
  return s;
}

/* A nested def is kept (the IR stage decides); a nested class is not
 * something a kernel body can hold (a factory's host body may define a
 * @wp.struct class). */
static ast_stmt *def_stmt(pctx *c, TSNode n) {
  TSNode def = p_is(n, "decorated_definition") ? p_field(n, "definition") : n;
  if (!ts_node_is_null(def) && p_is(def, "class_definition") && c->warp_code)
    return unsupported(c, n, "class definition");
  if (!ts_node_is_null(def) && is_async(def))
    return unsupported(c, n, "async function definition");
  ast_stmt *s = new_stmt(c, AST_STMT_DEF, n);
  s->def = p_def(c, n);
  return s;
}

/* --- match statements in host code ----------------------------------------
 * A match whose cases compare the subject with values (`case Mode.A:`,
 * `case 3 | -4:`, `case "s" if cond:`, `case _:`) is the if/elif chain
 * Python's semantics make of it (a value pattern is `subject == value`);
 * other patterns (captures, sequences, classes, mappings, and True, False
 * and None, which match by identity) are not desugared: the statement
 * stays unsupported. */

static ast_expr *binop(pctx *c, TSNode at, ast_expr_kind kind, ast_op op,
                       ast_expr *a, ast_expr *b) {
  ast_expr *e = p_new_expr(c, kind, at);
  e->items = WP_NEW_ARRAY(c->arena, ast_expr *, 2);
  e->items[0] = a;
  e->items[1] = b;
  e->nitems = 2;
  if (kind == AST_EXPR_COMPARE) {
    e->ops = WP_NEW_ARRAY(c->arena, ast_op, 1);
    e->ops[0] = op;
  } else
    e->op = op;
  return e;
}

/* `subject == value` for a value pattern; NULL for any other pattern. */
static ast_expr *case_test(pctx *c, TSNode n, ast_expr *subject) {
  if (p_is(n, "union_pattern")) { /* p1 | p2 | ... */
    TSNode *k;
    int nk = p_kids(c, n, true, &k);
    ast_expr *any = NULL;
    for (int i = 0; i < nk; i++) {
      ast_expr *t = case_test(c, k[i], subject);
      if (!t)
        return NULL;
      any = any ? binop(c, n, AST_EXPR_BOOLOP, AST_OP_OR, any, t) : t;
    }
    return any;
  }
  ast_expr *value = NULL;
  if (p_is(n, "dotted_name")) { /* Mode.A; a bare name would capture */
    TSNode *k;
    int nk = p_kids(c, n, true, &k);
    if (nk < 2)
      return NULL;
    value = p_new_expr(c, AST_EXPR_NAME, k[0]);
    value->name = p_text(c, k[0]);
    for (int i = 1; i < nk; i++) {
      ast_expr *a = p_new_expr(c, AST_EXPR_ATTRIBUTE, k[i]);
      a->value = value;
      a->name = p_text(c, k[i]);
      value = a;
    }
  } else if (p_is(n, "integer") || p_is(n, "float")) {
    value = p_expr(c, n);
    TSNode sign = ts_node_prev_sibling(n); /* `case -1:`: a token before */
    if (!ts_node_is_null(sign) && p_is(sign, "-")) {
      ast_expr *neg = p_new_expr(c, AST_EXPR_UNARY, sign);
      neg->op = AST_OP_NEG;
      neg->items = WP_NEW_ARRAY(c->arena, ast_expr *, 1);
      neg->items[0] = value;
      neg->nitems = 1;
      value = neg;
    }
  } else if (p_is(n, "string") || p_is(n, "concatenated_string"))
    value = p_expr(c, n);
  else /* True, False, None match by identity: not desugared */
    return NULL;
  return binop(c, n, AST_EXPR_COMPARE, AST_OP_EQ, subject, value);
}

static ast_stmt *match_stmt(pctx *c, TSNode n) {
  TSNode body = p_field(n, "body");
  ast_expr *subject = p_expr(c, p_field(n, "subject"));
  TSNode *k;
  int nk = ts_node_is_null(body) ? 0 : p_kids(c, body, true, &k);
  ast_stmt *first = NULL, *tail = NULL;
  ast_block rest = {0};
  for (int i = 0; i < nk; i++) {
    if (!p_is(k[i], "case_clause"))
      return NULL;
    TSNode *pk;
    int np = p_kids(c, k[i], true, &pk);
    TSNode pattern = {0}, guard = {0}, conseq = p_field(k[i], "consequence");
    int npatterns = 0;
    for (int j = 0; j < np; j++) {
      if (p_is(pk[j], "case_pattern")) {
        pattern = pk[j];
        npatterns++;
      } else if (p_is(pk[j], "if_clause"))
        guard = pk[j];
    }
    if (npatterns != 1 || ts_node_is_null(conseq))
      return NULL;
    TSNode *pv;
    int nv = p_kids(c, pattern, true, &pv);
    if (nv > 1)
      return NULL;
    ast_expr *test = nv ? case_test(c, pv[0], subject) : NULL;
    if (nv && !test)
      return NULL;
    if (!ts_node_is_null(guard)) {
      TSNode *g;
      if (p_kids(c, guard, true, &g) != 1)
        return NULL;
      ast_expr *ge = p_expr(c, g[0]);
      test = test ? binop(c, guard, AST_EXPR_BOOLOP, AST_OP_AND, test, ge) : ge;
    }
    if (!test) { /* case _: the rest is never reached */
      rest = p_block(c, conseq);
      break;
    }
    ast_stmt *s = new_stmt(c, AST_STMT_IF, k[i]);
    s->elif_chain = first != NULL;
    s->cond = test;
    s->body = p_block(c, conseq);
    if (tail)
      tail->orelse = one_stmt(c, s);
    else
      first = s;
    tail = s;
  }
  if (!first) { /* only `case _:` (or no case): its body runs */
    ast_stmt *s = new_stmt(c, AST_STMT_IF, n);
    s->cond = p_new_expr(c, AST_EXPR_BOOL, n);
    s->cond->bool_value = true;
    s->body = rest;
    return s;
  }
  tail->orelse = rest;
  return first;
}

static const char *const unsupported_stmts[][2] = {
    {"try_statement", "try statement"},
    {"with_statement", "with statement"},
    {"global_statement", "global statement"},
    {"nonlocal_statement", "nonlocal statement"},
    {"delete_statement", "del statement"},
    {"raise_statement", "raise statement"},
    {"import_statement", "import statement"},
    {"import_from_statement", "import statement"},
    {"future_import_statement", "import statement"},
    {"match_statement", "match statement"},
    {"print_statement", "print statement"},
    {"exec_statement", "exec statement"},
    {"type_alias_statement", "type alias statement"},
    {"class_definition", "class definition"},
};

/* The names a target binds: identifiers, those in tuple, list and starred
 * patterns; `o.x` as itself, `d[k]` as d (mutated). */
static void target_names(pctx *c, TSNode t, wp_ptrvec *out) {
  if (p_is(t, "identifier")) {
    ast_expr *e = p_new_expr(c, AST_EXPR_NAME, t);
    e->name = p_text(c, t);
    wp_ptrvec_push(c->arena, out, e);
  } else if (p_is(t, "attribute") || p_is(t, "subscript")) {
    TSNode base = p_field(t, p_is(t, "attribute") ? "object" : "value");
    if (!ts_node_is_null(base) && p_is(base, "identifier") &&
        p_is(t, "attribute")) {
      ast_expr *e = p_expr(c, t);
      if (e->kind == AST_EXPR_ATTRIBUTE)
        wp_ptrvec_push(c->arena, out, e);
    } else if (!ts_node_is_null(base))
      target_names(c, base, out);
  } else
    for (uint32_t i = 0; i < ts_node_named_child_count(t); i++)
      target_names(c, ts_node_named_child(t, i), out);
}

void p_bound_names(pctx *c, TSNode n, wp_ptrvec *out, int depth) {
  if (depth > 200)
    return; /* deeper nesting was reported by the parser's limits */
  const char *t = ts_node_type(n);
  if (!strcmp(t, "function_definition") || !strcmp(t, "class_definition")) {
    target_names(c, p_field(n, "name"), out);
    return;
  }
  if (!strcmp(t, "assignment") || !strcmp(t, "augmented_assignment") ||
      !strcmp(t, "for_statement") || !strcmp(t, "for_in_clause"))
    target_names(c, p_field(n, "left"), out);
  else if (!strcmp(t, "named_expression"))
    target_names(c, p_field(n, "name"), out);
  else if (!strcmp(t, "aliased_import"))
    target_names(c, p_field(n, "alias"), out);
  else if (!strcmp(t, "import_statement") ||
           !strcmp(t, "import_from_statement")) {
    for (uint32_t i = 0; i < ts_node_named_child_count(n); i++) {
      TSNode k = ts_node_named_child(n, i);
      if (p_is(k, "dotted_name") && ts_node_named_child_count(k))
        target_names(c, ts_node_named_child(k, 0), out);
    }
  }
  if (!strcmp(t, "as_pattern_target")) { /* with f() as x, except E as e */
    target_names(c, n, out);
    return;
  }
  for (uint32_t i = 0; i < ts_node_named_child_count(n); i++)
    p_bound_names(c, ts_node_named_child(n, i), out, depth + 1);
}

/* Does the expression statement n bind names its AST does not show (a
 * walrus, a list or starred target)? */
static bool irregular_binding(TSNode n, int depth) {
  const char *t = ts_node_type(n);
  if (!strcmp(t, "named_expression") || !strcmp(t, "list_pattern") ||
      !strcmp(t, "list_splat_pattern") || depth > 200)
    return true;
  if (!strcmp(t, "lambda"))
    return false;
  for (uint32_t i = 0; i < ts_node_named_child_count(n); i++)
    if (irregular_binding(ts_node_named_child(n, i), depth + 1))
      return true;
  return false;
}

static void host_binds(pctx *c, TSNode n, ast_stmt *s) {
  wp_ptrvec v = {0};
  p_bound_names(c, n, &v, 0);
  s->binds = (ast_expr **)v.items;
  s->nbinds = v.count;
}

/* Returns NULL for nodes that are not statements of their own (ERROR nodes,
 * already reported as syntax errors).  In host code, a statement binding
 * names compile-time evaluation cannot follow records them (binds). */
static ast_stmt *stmt(pctx *c, TSNode n) {
  ast_stmt *s = stmt_of(c, n);
  if (s && !c->warp_code &&
      (s->kind == AST_STMT_UNSUPPORTED ||
       (p_is(n, "expression_statement") && irregular_binding(n, 0))))
    host_binds(c, n, s);
  return s;
}

static ast_stmt *stmt_of(pctx *c, TSNode n) {
  const char *t = ts_node_type(n);
  if (strcmp(t, "expression_statement") == 0)
    return expr_stmt(c, n);
  if (strcmp(t, "if_statement") == 0)
    return if_stmt(c, n);
  if (strcmp(t, "for_statement") == 0)
    return for_stmt(c, n);
  if (strcmp(t, "while_statement") == 0)
    return while_stmt(c, n);
  if (strcmp(t, "return_statement") == 0)
    return return_stmt(c, n);
  if (strcmp(t, "assert_statement") == 0)
    return assert_stmt(c, n);
  if (strcmp(t, "pass_statement") == 0)
    return new_stmt(c, AST_STMT_PASS, n);
  if (strcmp(t, "break_statement") == 0)
    return new_stmt(c, AST_STMT_BREAK, n);
  if (strcmp(t, "continue_statement") == 0)
    return new_stmt(c, AST_STMT_CONTINUE, n);
  if (strcmp(t, "function_definition") == 0 ||
      strcmp(t, "decorated_definition") == 0)
    return def_stmt(c, n);
  if (strcmp(t, "ERROR") == 0)
    return NULL;
  if (!c->warp_code && !strcmp(t, "match_statement")) {
    ast_stmt *s = match_stmt(c, n);
    if (s)
      return s;
  }
  for (size_t i = 0; i < sizeof unsupported_stmts / sizeof *unsupported_stmts;
       i++)
    if (strcmp(t, unsupported_stmts[i][0]) == 0)
      return unsupported(c, n, unsupported_stmts[i][1]);
  return unsupported(c, n, wp_arena_strdup(c->arena, t));
}

ast_block p_block(pctx *c, TSNode n) {
  ast_block b = {0};
  if (ts_node_is_null(n))
    return b;
  /* p_check_nesting has reported a block this deep (host code included);
     stop here so no walk of the AST goes deeper */
  if (c->block_depth >= WP_MAX_BLOCK_DEPTH) {
    if (!c->syntax_errors)
      wp_error(c->diag, p_loc(c, n),
               "too many levels of indentation (blocks nested more than %d "
               "deep)",
               WP_MAX_BLOCK_DEPTH);
    return b;
  }
  c->block_depth++;
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  b.stmts = WP_NEW_ARRAY(c->arena, ast_stmt *, nk ? nk : 1);
  for (int i = 0; i < nk; i++) {
    ast_stmt *s = stmt(c, k[i]);
    if (s)
      b.stmts[b.count++] = s;
  }
  c->block_depth--;
  return b;
}
