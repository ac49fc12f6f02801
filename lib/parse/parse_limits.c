/* parse_limits.c - limits checked over the whole syntax tree before anything
 * else looks at it: brackets (WP_MAX_NESTING), blocks (WP_MAX_BLOCK_DEPTH)
 * and the grammar's own limit on indentation (WP_MAX_INDENT_WIDTH). */
#include "parse_internal.h"

static bool opens(TSNode n) {
  return p_is(n, "(") || p_is(n, "[") || p_is(n, "{");
}

static bool closes(TSNode n) {
  return p_is(n, ")") || p_is(n, "]") || p_is(n, "}");
}

/* What the walk has seen on the way to the current node, and the first
 * construct that crosses a limit. */
typedef struct nesting {
  pctx *c;
  int brackets; /* open, as CPython's tokenizer counts them */
  int blocks;   /* `block` nodes among the ancestors and the node itself */
  TSNode at;    /* the first construct past a limit */
  const char *what;
  int limit;
} nesting;

static bool cross(nesting *s, TSNode n, const char *what, int limit) {
  s->at = n;
  s->what = what;
  s->limit = limit;
  return true;
}

/* Entering `n` (tokens come in source order); true when it crosses a
 * limit. */
static bool enter(nesting *s, TSNode n) {
  if (p_is(n, "block") && ++s->blocks > WP_MAX_BLOCK_DEPTH)
    return cross(s, n,
                 "too many levels of indentation (blocks nested more than "
                 "%d deep)",
                 WP_MAX_BLOCK_DEPTH);
  if (ts_node_child_count(n) != 0)
    return false;
  if (opens(n) && ++s->brackets > WP_MAX_NESTING)
    return cross(s, n, "too many nested parentheses (more than %d)",
                 WP_MAX_NESTING);
  if (closes(n) && s->brackets > 0)
    s->brackets--;
  return false;
}

static void leave(nesting *s, TSNode n) {
  if (p_is(n, "block"))
    s->blocks--;
}

/* The walk over every node, in source order, without recursion. */
static bool walk(nesting *s, TSNode root) {
  TSTreeCursor cur = ts_tree_cursor_new(root);
  bool crossed = false;
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&cur);
    if ((crossed = enter(s, n)))
      break;
    if (ts_tree_cursor_goto_first_child(&cur))
      continue;
    leave(s, n);
    bool more;
    while (!(more = ts_tree_cursor_goto_next_sibling(&cur)) &&
           ts_tree_cursor_goto_parent(&cur))
      leave(s, ts_tree_cursor_current_node(&cur));
    if (!more)
      break;
  }
  ts_tree_cursor_delete(&cur);
  return crossed;
}

static bool in_string(TSNode root, uint32_t at) {
  for (TSNode n = ts_node_descendant_for_byte_range(root, at, at);
       !ts_node_is_null(n); n = ts_node_parent(n))
    if (p_is(n, "string") || p_is(n, "comment"))
      return true;
  return false;
}

/* The grammar's scanner saves the widths of the open indentation levels in
 * one byte each, so a statement indented more than WP_MAX_INDENT_WIDTH
 * columns (a tab counts 8, as the scanner counts it) breaks the tree, and
 * the syntax errors that follow would say nothing useful.  Looked for only
 * in a tree with errors: the byte offset of the first such line's first
 * character, or UINT32_MAX. */
static uint32_t too_wide(const pctx *c, TSNode root) {
  if (!ts_node_has_error(root))
    return UINT32_MAX;
  const char *t = c->src->text;
  uint32_t len = c->src->len;
  for (uint32_t i = 0; i < len;) {
    uint32_t width = 0;
    for (; i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\f'); i++)
      width = t[i] == ' ' ? width + 1 : t[i] == '\t' ? width + 8 : 0;
    if (i < len && width > WP_MAX_INDENT_WIDTH && t[i] != '\n' &&
        t[i] != '\r' && t[i] != '#' && !in_string(root, i))
      return i;
    while (i < len && t[i] != '\n')
      i++;
    i++;
  }
  return UINT32_MAX;
}

bool p_check_nesting(pctx *c, TSNode root) {
  nesting s = {.c = c};
  bool crossed = walk(&s, root);
  uint32_t wide = too_wide(c, root);
  if (wide != UINT32_MAX && (!crossed || wide < ts_node_start_byte(s.at))) {
    uint32_t bol = wide, line = 1;
    while (bol > 0 && c->src->text[bol - 1] != '\n')
      bol--;
    for (uint32_t i = 0; i < bol; i++)
      line += c->src->text[i] == '\n';
    wp_loc at = {c->src, wide, wide + 1, line, wide - bol + 1};
    wp_error(c->diag, at, "indentation wider than %d columns",
             WP_MAX_INDENT_WIDTH);
    return true;
  }
  if (crossed)
    wp_error(c->diag, p_loc(c, s.at), s.what, s.limit);
  return crossed;
}
