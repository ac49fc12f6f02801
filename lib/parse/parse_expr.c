/* parse_expr.c - expressions: tree-sitter expression nodes -> ast_expr. */
#include "parse_internal.h"

ast_expr *p_new_expr(pctx *c, ast_expr_kind kind, TSNode n) {
  ast_expr *e = WP_NEW(c->arena, ast_expr);
  e->kind = kind;
  if (!ts_node_is_null(n))
    e->loc = p_loc(c, n);
  return e;
}

ast_expr *p_unsupported(pctx *c, TSNode n, const char *what) {
  ast_expr *e = p_new_expr(c, AST_EXPR_UNSUPPORTED, n);
  e->name = what;
  return e;
}

/* Operators as tree-sitter spells them (its operator tokens are the Python
 * text, so one table serves binary, unary, boolean and comparison nodes). */
static const struct {
  const char *text;
  ast_op op;
} op_table[] = {
    {"+", AST_OP_ADD},         {"-", AST_OP_SUB},         {"*", AST_OP_MUL},
    {"/", AST_OP_DIV},         {"//", AST_OP_FLOORDIV},   {"%", AST_OP_MOD},
    {"**", AST_OP_POW},        {"@", AST_OP_MATMUL},      {"&", AST_OP_BITAND},
    {"|", AST_OP_BITOR},       {"^", AST_OP_BITXOR},      {"<<", AST_OP_LSHIFT},
    {">>", AST_OP_RSHIFT},     {"~", AST_OP_INVERT},      {"not", AST_OP_NOT},
    {"and", AST_OP_AND},       {"or", AST_OP_OR},         {"==", AST_OP_EQ},
    {"!=", AST_OP_NE},         {"<>", AST_OP_NE},         {"<", AST_OP_LT},
    {"<=", AST_OP_LE},         {">", AST_OP_GT},          {">=", AST_OP_GE},
    {"is", AST_OP_IS},         {"is not", AST_OP_IS_NOT}, {"in", AST_OP_IN},
    {"not in", AST_OP_NOT_IN},
};

ast_op p_op_of(const char *text) {
  for (size_t i = 0; i < sizeof op_table / sizeof op_table[0]; i++)
    if (strcmp(op_table[i].text, text) == 0)
      return op_table[i].op;
  return AST_OP_NONE;
}

/* The operator token of a node: its "operator" field. */
static ast_op node_op(TSNode n) {
  TSNode o = p_field(n, "operator");
  return ts_node_is_null(o) ? AST_OP_NONE : p_op_of(ts_node_type(o));
}

/* Converts every named child of `n` from index `from` on into e->items. */
static void items_from(pctx *c, ast_expr *e, TSNode n, int from) {
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  e->items = WP_NEW_ARRAY(c->arena, ast_expr *, nk ? nk : 1);
  for (int i = from; i < nk; i++)
    e->items[e->nitems++] = p_expr(c, k[i]);
}

static ast_expr *name_expr(pctx *c, TSNode n) {
  ast_expr *e = p_new_expr(c, AST_EXPR_NAME, n);
  e->name = p_text(c, n);
  return e;
}

static ast_expr *const_expr(pctx *c, TSNode n) {
  if (p_is(n, "none"))
    return p_new_expr(c, AST_EXPR_NONE, n);
  ast_expr *e = p_new_expr(c, AST_EXPR_BOOL, n);
  e->bool_value = p_is(n, "true");
  return e;
}

static ast_expr *attribute(pctx *c, TSNode n) {
  TSNode obj = p_field(n, "object"), attr = p_field(n, "attribute");
  if (ts_node_is_null(obj) || ts_node_is_null(attr))
    return p_unsupported(c, n, "syntax error");
  ast_expr *e = p_new_expr(c, AST_EXPR_ATTRIBUTE, n);
  e->value = p_expr(c, obj);
  e->name = p_text(c, attr);
  return e;
}

/* value[i, j]: the value is the first named child, indices follow (commas
 * between them are separate tokens, so `a[i, j]` has two items). */
static ast_expr *subscript(pctx *c, TSNode n) {
  ast_expr *e = p_new_expr(c, AST_EXPR_SUBSCRIPT, n);
  e->value = p_expr(c, p_field(n, "value"));
  items_from(c, e, n, 1);
  return e;
}

/* lo:hi:step - which part a child fills is counted by the colons before it. */
static ast_expr *slice(pctx *c, TSNode n) {
  ast_expr *e = p_new_expr(c, AST_EXPR_SLICE, n);
  e->items = WP_NEW_ARRAY(c->arena, ast_expr *, 3);
  e->nitems = 3;
  TSNode *k;
  int nk = p_kids(c, n, false, &k), part = 0;
  for (int i = 0; i < nk; i++) {
    if (p_is(k[i], ":"))
      part++;
    else if (ts_node_is_named(k[i]) && part < 3)
      e->items[part] = p_expr(c, k[i]);
  }
  return e;
}

static void call_args(pctx *c, ast_expr *e, TSNode args) {
  TSNode *k;
  int nk = p_kids(c, args, true, &k);
  e->items = WP_NEW_ARRAY(c->arena, ast_expr *, nk ? nk : 1);
  e->keywords = WP_NEW_ARRAY(c->arena, ast_keyword, nk ? nk : 1);
  for (int i = 0; i < nk; i++) {
    if (p_is(k[i], "keyword_argument")) {
      ast_keyword *kw = &e->keywords[e->nkeywords++];
      TSNode name = p_field(k[i], "name");
      kw->name = ts_node_is_null(name) ? "" : p_text(c, name);
      kw->value = p_expr(c, p_field(k[i], "value"));
      kw->loc = p_loc(c, k[i]);
    } else if (p_is(k[i], "list_splat") && ts_node_named_child_count(k[i])) {
      ast_expr *s = p_new_expr(c, AST_EXPR_STARRED, k[i]);
      s->value = p_expr(c, ts_node_named_child(k[i], 0));
      e->items[e->nitems++] = s;
    } else if (p_is(k[i], "list_splat") || p_is(k[i], "dictionary_splat") ||
               p_is(k[i], "parenthesized_list_splat")) {
      e->items[e->nitems++] = p_unsupported(c, k[i], "starred argument");
    } else {
      e->items[e->nitems++] = p_expr(c, k[i]);
    }
  }
}

static ast_expr *call(pctx *c, TSNode n) {
  ast_expr *e = p_new_expr(c, AST_EXPR_CALL, n);
  e->value = p_expr(c, p_field(n, "function"));
  TSNode args = p_field(n, "arguments");
  if (ts_node_is_null(args) || p_is(args, "argument_list")) {
    if (!ts_node_is_null(args))
      call_args(c, e, args);
    return e;
  }
  /* f(x for x in xs): the generator is the single argument */
  e->items = WP_NEW_ARRAY(c->arena, ast_expr *, 1);
  e->items[e->nitems++] = p_expr(c, args);
  return e;
}

static ast_expr *binary(pctx *c, TSNode n, ast_expr_kind kind) {
  ast_op op = node_op(n);
  if (op == AST_OP_NONE)
    return p_unsupported(c, n, "operator");
  ast_expr *e = p_new_expr(c, kind, n);
  e->op = op;
  e->items = WP_NEW_ARRAY(c->arena, ast_expr *, 2);
  e->items[0] = p_expr(c, p_field(n, "left"));
  e->items[1] = p_expr(c, p_field(n, "right"));
  e->nitems = 2;
  return e;
}

static ast_expr *unary(pctx *c, TSNode n) {
  ast_op op = p_is(n, "not_operator") ? AST_OP_NOT : node_op(n);
  if (op == AST_OP_SUB)
    op = AST_OP_NEG;
  else if (op == AST_OP_ADD)
    op = AST_OP_POS;
  ast_expr *e = p_new_expr(c, AST_EXPR_UNARY, n);
  e->op = op;
  e->items = WP_NEW_ARRAY(c->arena, ast_expr *, 1);
  e->items[0] = p_expr(c, p_field(n, "argument"));
  e->nitems = 1;
  return e;
}

/* a < b <= c: operands are the named children, operators the tokens between
 * them ("not in" and "is not" are single two-word tokens). */
static ast_expr *compare(pctx *c, TSNode n) {
  ast_expr *e = p_new_expr(c, AST_EXPR_COMPARE, n);
  TSNode *k;
  int nk = p_kids(c, n, false, &k);
  e->items = WP_NEW_ARRAY(c->arena, ast_expr *, nk ? nk : 1);
  e->ops = WP_NEW_ARRAY(c->arena, ast_op, nk ? nk : 1);
  int nops = 0;
  for (int i = 0; i < nk; i++) {
    ast_op op = p_op_of(ts_node_type(k[i]));
    if (op != AST_OP_NONE)
      e->ops[nops++] = op;
    else if (ts_node_is_named(k[i]))
      e->items[e->nitems++] = p_expr(c, k[i]);
  }
  if (e->nitems < 2 || nops != e->nitems - 1)
    return p_unsupported(c, n, "syntax error");
  return e;
}

/* `then if cond else other` is stored cond-first, as in the header. */
static ast_expr *ifexp(pctx *c, TSNode n) {
  TSNode *k;
  if (p_kids(c, n, true, &k) != 3)
    return p_unsupported(c, n, "syntax error");
  ast_expr *e = p_new_expr(c, AST_EXPR_IFEXP, n);
  e->items = WP_NEW_ARRAY(c->arena, ast_expr *, 3);
  e->items[0] = p_expr(c, k[1]);
  e->items[1] = p_expr(c, k[0]);
  e->items[2] = p_expr(c, k[2]);
  e->nitems = 3;
  return e;
}

static ast_expr *tuple(pctx *c, TSNode n) {
  ast_expr *e = p_new_expr(c, AST_EXPR_TUPLE, n);
  items_from(c, e, n, 0);
  return e;
}

/* Parentheses and the `type` wrapper of annotations are transparent. */
static ast_expr *only_child(pctx *c, TSNode n) {
  TSNode *k;
  if (p_kids(c, n, true, &k) != 1)
    return p_unsupported(c, n, "syntax error");
  return p_expr(c, k[0]);
}

/* `list[int]` in an annotation is a generic_type; it means a subscript. */
static ast_expr *generic_type(pctx *c, TSNode n) {
  TSNode *k;
  if (p_kids(c, n, true, &k) != 2)
    return p_unsupported(c, n, "generic type");
  ast_expr *e = p_new_expr(c, AST_EXPR_SUBSCRIPT, n);
  e->value = p_expr(c, k[0]);
  items_from(c, e, k[1], 0);
  return e;
}

static ast_expr *dispatch(pctx *c, TSNode n, const char *t) {
  switch (t[0]) {
  case 'a':
    if (strcmp(t, "attribute") == 0)
      return attribute(c, n);
    break;
  case 'b':
    if (strcmp(t, "binary_operator") == 0)
      return binary(c, n, AST_EXPR_BINARY);
    if (strcmp(t, "boolean_operator") == 0)
      return binary(c, n, AST_EXPR_BOOLOP);
    break;
  case 'c':
    if (strcmp(t, "call") == 0)
      return call(c, n);
    if (strcmp(t, "comparison_operator") == 0)
      return compare(c, n);
    if (strcmp(t, "conditional_expression") == 0)
      return ifexp(c, n);
    if (strcmp(t, "concatenated_string") == 0)
      return p_concatenated_string(c, n);
    break;
  case 'e':
    if (strcmp(t, "expression_list") == 0)
      return tuple(c, n);
    break;
  case 'f':
    if (strcmp(t, "float") == 0)
      return p_float(c, n);
    if (strcmp(t, "false") == 0)
      return const_expr(c, n);
    break;
  case 'g':
    if (strcmp(t, "generic_type") == 0)
      return generic_type(c, n);
    break;
  case 'i':
    if (strcmp(t, "identifier") == 0)
      return name_expr(c, n);
    if (strcmp(t, "integer") == 0)
      return p_integer(c, n);
    break;
  case 'n':
    if (strcmp(t, "none") == 0)
      return const_expr(c, n);
    if (strcmp(t, "not_operator") == 0)
      return unary(c, n);
    break;
  case 'p':
    if (strcmp(t, "parenthesized_expression") == 0)
      return only_child(c, n);
    if (strcmp(t, "pattern_list") == 0)
      return tuple(c, n);
    break;
  case 's':
    if (strcmp(t, "string") == 0)
      return p_string(c, n);
    if (strcmp(t, "subscript") == 0)
      return subscript(c, n);
    if (strcmp(t, "slice") == 0)
      return slice(c, n);
    break;
  case 't':
    if (strcmp(t, "true") == 0)
      return const_expr(c, n);
    if (strcmp(t, "tuple") == 0 || strcmp(t, "tuple_pattern") == 0)
      return tuple(c, n);
    if (strcmp(t, "type") == 0)
      return only_child(c, n);
    break;
  case 'u':
    if (strcmp(t, "unary_operator") == 0)
      return unary(c, n);
    break;
  }
  return NULL;
}

/* Python constructs Warp rejects, named the way a diagnostic should say. */
static const char *const unsupported_names[][2] = {
    {"list", "list"},
    {"list_pattern", "list"},
    {"dictionary", "dict"},
    {"set", "set"},
    {"list_comprehension", "list comprehension"},
    {"dictionary_comprehension", "dict comprehension"},
    {"set_comprehension", "set comprehension"},
    {"generator_expression", "generator expression"},
    {"lambda", "lambda"},
    {"await", "await"},
    {"named_expression", "named expression"},
    {"list_splat", "starred expression"},
    {"list_splat_pattern", "starred expression"},
    {"dictionary_splat", "starred expression"},
    {"dictionary_splat_pattern", "starred expression"},
    {"yield", "yield"},
    {"ellipsis", "ellipsis"},
    {"ERROR", "syntax error"},
};

/* An expression one level past WP_MAX_EXPR_DEPTH: an error in warp code
 * (unless syntax errors were reported: the AST is not lowered then), a
 * construct the kernels cannot use in host code.  Nothing below `n` is
 * converted, so no walk of the AST goes deeper.  Reported once per
 * outermost expression (both operands of `v + v` may be one too deep). */
static ast_expr *too_deep(pctx *c, TSNode n) {
  if (c->warp_code && !c->syntax_errors && !c->depth_reported++)
    wp_error(c->diag, p_loc(c, n),
             "expression nested too deeply (more than %d levels)",
             WP_MAX_EXPR_DEPTH);
  return p_unsupported(c, n, "deeply nested expression");
}

static ast_expr *convert(pctx *c, TSNode n);

ast_expr *p_expr(pctx *c, TSNode n) {
  if (ts_node_is_null(n))
    return p_unsupported(c, n, "missing expression");
  if (c->expr_depth == 0)
    c->depth_reported = 0;
  if (c->expr_depth >= WP_MAX_EXPR_DEPTH)
    return too_deep(c, n);
  c->expr_depth++;
  ast_expr *e = convert(c, n);
  c->expr_depth--;
  return e;
}

static ast_expr *convert(pctx *c, TSNode n) {
  const char *t = ts_node_type(n);
  ast_expr *e = dispatch(c, n, t);
  if (e)
    return e;
  for (size_t i = 0; i < sizeof unsupported_names / sizeof *unsupported_names;
       i++)
    if (strcmp(t, unsupported_names[i][0]) == 0) {
      e = p_unsupported(c, n, unsupported_names[i][1]);
      if (strcmp(t, "list") == 0 || strcmp(t, "set") == 0) {
        /* items kept: wp.overload(k, [...]), wp.static("x" in OPTIONS) */
        int m = (int)ts_node_named_child_count(n);
        e->items = WP_NEW_ARRAY(c->arena, ast_expr *, m + 1);
        for (int k = 0; k < m; k++) {
          TSNode it = ts_node_named_child(n, (uint32_t)k);
          if (!p_is(it, "comment"))
            e->items[e->nitems++] = p_expr(c, it);
        }
      } else if (strcmp(t, "dictionary") == 0) {
        /* pairs kept as key, value, ...: wp.static(TABLE["name"]) */
        int m = (int)ts_node_named_child_count(n);
        e->items = WP_NEW_ARRAY(c->arena, ast_expr *, 2 * m + 1);
        for (int k = 0; k < m; k++) {
          TSNode it = ts_node_named_child(n, (uint32_t)k);
          TSNode key = ts_node_child_by_field_name(it, "key", 3);
          TSNode val = ts_node_child_by_field_name(it, "value", 5);
          if (!p_is(it, "pair") || ts_node_is_null(key) || ts_node_is_null(val))
            continue;
          e->items[e->nitems++] = p_expr(c, key);
          e->items[e->nitems++] = p_expr(c, val);
        }
      }
      return e;
    }
  /* anything else (union types, patterns, ...): the grammar's own name */
  char *name = wp_arena_strdup(c->arena, t);
  for (char *p = name; *p; p++)
    if (*p == '_')
      *p = ' ';
  return p_unsupported(c, n, name);
}
