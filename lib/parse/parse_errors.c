/* parse_errors.c - syntax errors: ERROR/MISSING nodes and bad indentation. */
#include "parse_internal.h"

/* --- ERROR nodes -------------------------------------------------------- */

static wp_loc point_loc(const pctx *c, uint32_t byte, TSPoint p) {
  wp_loc loc = {c->src, byte, byte, p.row + 1, p.column + 1};
  return loc;
}

static bool is_opener(TSNode n) {
  return p_is(n, "(") || p_is(n, "[") || p_is(n, "{");
}

static bool is_closer(TSNode n) {
  return p_is(n, ")") || p_is(n, "]") || p_is(n, "}");
}

/* Brackets left open or closed twice among the direct children: the most
 * common cause of an ERROR node, reported the way CPython words it. */
static bool report_brackets(pctx *c, TSNode *k, int nk) {
  int depth = 0, open_at = -1;
  for (int i = 0; i < nk; i++) {
    if (is_opener(k[i])) {
      if (depth++ == 0)
        open_at = i;
    } else if (is_closer(k[i]) && --depth < 0) {
      wp_error(c->diag, p_loc(c, k[i]), "unmatched '%s'", ts_node_type(k[i]));
      return true;
    }
  }
  if (depth <= 0)
    return false;
  wp_error(c->diag, p_loc(c, k[open_at]), "'%s' was never closed",
           ts_node_type(k[open_at]));
  return true;
}

/* `if x` with no colon: a compound-statement keyword first, no ':' after. */
static bool report_missing_colon(pctx *c, TSNode n, TSNode *k, int nk) {
  static const char *const kw[] = {"if",  "elif",  "else", "while", "for",
                                   "def", "class", "try",  "with"};
  bool compound = false;
  for (size_t i = 0; nk && i < sizeof kw / sizeof kw[0]; i++)
    compound = compound || p_is(k[0], kw[i]);
  if (!compound)
    return false;
  uint32_t row = ts_node_start_point(n).row;
  int last = 0;
  for (int i = 0; i < nk; i++) {
    if (p_is(k[i], ":"))
      return false;
    if (ts_node_start_point(k[i]).row == row)
      last = i;
  }
  wp_error(c->diag,
           point_loc(c, ts_node_end_byte(k[last]), ts_node_end_point(k[last])),
           "expected ':'");
  return true;
}

static void report_missing(pctx *c, TSNode n);

/* An ERROR or MISSING node.  (ts_node_has_error is false on an ERROR leaf
 * in tree-sitter 0.20, so the type is what counts.) */
static bool is_error(TSNode n) {
  return ts_node_is_missing(n) || p_is(n, "ERROR");
}

/* The first ERROR or MISSING node below `n`, in source order (comments and
 * line continuations left out).  A cursor walk: trees may be deep. */
static bool first_error_below(TSNode n, TSNode *out) {
  TSTreeCursor cur = ts_tree_cursor_new(n);
  bool found = false;
  if (ts_tree_cursor_goto_first_child(&cur)) {
    for (;;) {
      TSNode k = ts_tree_cursor_current_node(&cur);
      bool skip = p_is(k, "comment") || p_is(k, "line_continuation");
      if (!skip && is_error(k)) {
        *out = k;
        found = true;
        break;
      }
      if (!skip && ts_node_has_error(k) &&
          ts_tree_cursor_goto_first_child(&cur))
        continue;
      bool more;
      while (!(more = ts_tree_cursor_goto_next_sibling(&cur)) &&
             ts_tree_cursor_goto_parent(&cur)) /* false at `n` */
        ;
      if (!more)
        break;
    }
  }
  ts_tree_cursor_delete(&cur);
  return found;
}

/* tree-sitter recovers by wrapping whatever it could not fit, sometimes
 * dozens of valid statements, in one ERROR; an ERROR or MISSING node inside
 * it marks the actual mistake, so that one is reported (once, for all). */
static void report_error_node(pctx *c, TSNode n) {
  for (TSNode inner; first_error_below(n, &inner); n = inner)
    if (ts_node_is_missing(inner)) {
      report_missing(c, inner);
      return;
    }
  TSNode *k;
  int nk = p_kids(c, n, false, &k);
  const char *text = c->src->text + ts_node_start_byte(n);
  uint32_t size = ts_node_end_byte(n) - ts_node_start_byte(n);
  int len = (int)strcspn(text, "\r\n");
  len = len < (int)size ? len : (int)size;
  if (nk == 0 && len > 0) { /* a token the grammar cannot place: show it */
    wp_error(c->diag, p_loc(c, n), "invalid syntax: unexpected '%.*s'",
             len > 20 ? 20 : len, text);
    return;
  }
  if (report_brackets(c, k, nk) || report_missing_colon(c, n, k, nk))
    return;
  wp_error(c->diag, p_loc(c, n), "invalid syntax");
}

static void report_missing(pctx *c, TSNode n) {
  const char *t = ts_node_type(n);
  if (ts_node_is_named(n))
    wp_error(c->diag, p_loc(c, n), "expected %s", t);
  else
    wp_error(c->diag, p_loc(c, n), "expected '%s'", t);
}

/* --- heuristics over a whole ERROR region --------------------------------- */

/* tree-sitter's recovery often buries the mistake: an unclosed bracket or a
 * header without its ':' becomes an ERROR around the lines that follow, with
 * an inner ERROR at a token that is fine by itself.  These checks look at the
 * tokens (leaves) of the outermost ERROR, the way CPython's tokenizer and its
 * error rules see them. */

/* State of one p_report_syntax_errors() walk. */
typedef struct synctx {
  pctx *c;
  TSNode root;
  bool scanned;  /* brackets of the file looked at */
  bool mismatch; /* a closer with no matching opener, `bad` */
  TSNode bad;
  TSNode bad_opener; /* the opener `bad` does not match, or null */
  TSNode *open;      /* openers still open at the end of the file, outermost
                        first */
  int nopen;
} synctx;

/* A leaf that is a real token: not zero-width (MISSING or an empty block),
 * not a comment. */
static bool is_token(TSNode n) {
  return ts_node_child_count(n) == 0 &&
         ts_node_end_byte(n) > ts_node_start_byte(n) && !p_is(n, "comment");
}

/* The tokens of `n` in source order (line continuations included), in an
 * arena array; returns the count. */
static int tokens_of(pctx *c, TSNode n, TSNode **out) {
  int count = 0;
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1)
      *out = WP_NEW_ARRAY(c->arena, TSNode, count ? count : 1);
    int k = 0;
    TSTreeCursor cur = ts_tree_cursor_new(n);
    for (;;) {
      TSNode x = ts_tree_cursor_current_node(&cur);
      if (is_token(x)) {
        if (pass == 1 && k < count)
          (*out)[k] = x;
        k++;
      }
      if (ts_tree_cursor_goto_first_child(&cur))
        continue;
      bool more = false;
      while (!(more = ts_tree_cursor_goto_next_sibling(&cur)))
        if (!ts_tree_cursor_goto_parent(&cur))
          break;
      if (!more)
        break;
    }
    ts_tree_cursor_delete(&cur);
    count = k;
  }
  return count;
}

static char closer_of(TSNode n) {
  return p_is(n, "(") ? ')' : p_is(n, "[") ? ']' : p_is(n, "{") ? '}' : 0;
}

/* The brackets of the whole file, as CPython's tokenizer counts them. */
static void scan_brackets(synctx *s) {
  if (s->scanned)
    return;
  s->scanned = true;
  TSNode *k;
  int nk = tokens_of(s->c, s->root, &k);
  s->open = WP_NEW_ARRAY(s->c->arena, TSNode, nk ? nk : 1);
  for (int i = 0; i < nk; i++) {
    if (is_opener(k[i])) {
      s->open[s->nopen++] = k[i];
    } else if (is_closer(k[i])) {
      if (s->nopen == 0 ||
          closer_of(s->open[s->nopen - 1]) != ts_node_type(k[i])[0]) {
        s->mismatch = true;
        s->bad = k[i];
        if (s->nopen > 0)
          s->bad_opener = s->open[s->nopen - 1];
        s->nopen = 0;
        return;
      }
      s->nopen--;
    }
  }
}

/* Only blanks and comments after byte `at`. */
static bool nothing_after(const pctx *c, uint32_t at) {
  const char *t = c->src->text;
  for (uint32_t i = at; i < c->src->len; i++) {
    if (t[i] == '#')
      while (i < c->src->len && t[i] != '\n')
        i++;
    else if (t[i] != ' ' && t[i] != '\t' && t[i] != '\f' && t[i] != '\r' &&
             t[i] != '\n' && t[i] != '\\')
      return false;
  }
  return true;
}

/* A closer in the ERROR that matches no opener, as CPython's tokenizer words
 * it; else a bracket opened in the ERROR and still open at the end of the
 * file.
 * CPython names it ("'(' was never closed") when its parser failed on a
 * later line than the bracket's, or at the end of the file; the innermost
 * such bracket is the one named. */
static bool report_unclosed(synctx *s, TSNode n) {
  scan_brackets(s);
  uint32_t from = ts_node_start_byte(n), to = ts_node_end_byte(n);
  if (s->mismatch && ts_node_start_byte(s->bad) >= from &&
      ts_node_start_byte(s->bad) < to) {
    wp_loc at = p_loc(s->c, s->bad);
    if (ts_node_is_null(s->bad_opener))
      wp_error(s->c->diag, at, "unmatched '%s'", ts_node_type(s->bad));
    else if (ts_node_start_point(s->bad_opener).row ==
             ts_node_start_point(s->bad).row)
      wp_error(s->c->diag, at,
               "closing parenthesis '%s' does not match opening "
               "parenthesis '%s'",
               ts_node_type(s->bad), ts_node_type(s->bad_opener));
    else
      wp_error(s->c->diag, at,
               "closing parenthesis '%s' does not match opening "
               "parenthesis '%s' on line %u",
               ts_node_type(s->bad), ts_node_type(s->bad_opener),
               ts_node_start_point(s->bad_opener).row + 1);
    return true;
  }
  for (int i = s->nopen - 1; i >= 0; i--) {
    TSNode o = s->open[i];
    if (ts_node_start_byte(o) < from || ts_node_start_byte(o) >= to)
      continue;
    if (ts_node_end_point(n).row <= ts_node_start_point(o).row &&
        !nothing_after(s->c, to))
      return false;
    wp_error(s->c->diag, p_loc(s->c, o), "'%s' was never closed",
             ts_node_type(o));
    return true;
  }
  return false;
}

/* The width of the indentation of the line holding byte `at`, or -1 when
 * something other than blanks precedes `at` on its line. */
static int indent_before(const pctx *c, uint32_t at) {
  const char *t = c->src->text;
  uint32_t bol = at;
  while (bol > 0 && t[bol - 1] != '\n') {
    if (t[bol - 1] != ' ' && t[bol - 1] != '\t' && t[bol - 1] != '\f')
      return -1;
    bol--;
  }
  return (int)(at - bol);
}

/* The indentation width of the first line after byte `at` that holds more
 * than blanks and a comment, or -1 at the end of the file. */
static int next_line_indent(const pctx *c, uint32_t at) {
  const char *t = c->src->text;
  uint32_t i = at, len = c->src->len;
  while (i < len && t[i] != '\n')
    i++;
  while (i < len) {
    uint32_t bol = ++i;
    while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\f'))
      i++;
    if (i < len && t[i] != '\n' && t[i] != '\r' && t[i] != '#')
      return (int)(i - bol);
    while (i < len && t[i] != '\n')
      i++;
  }
  return -1;
}

static bool is_compound_keyword(const pctx *c, TSNode n) {
  static const char *const kw[] = {"if",    "elif",   "else",    "for",
                                   "while", "def",    "class",   "with",
                                   "try",   "except", "finally", "async"};
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
    if (strlen(kw[i]) == e - s && memcmp(kw[i], c->src->text + s, e - s) == 0)
      return true;
  return false;
}

/* The logical line k[first..last] (depth 0 at its end): a compound-statement
 * header that does not end with ':' although the next line is indented
 * deeper, as a block would be. */
static bool header_without_colon(pctx *c, TSNode *k, int first, int last) {
  while (last > first && p_is(k[last], "line_continuation"))
    last--;
  if (!is_compound_keyword(c, k[first]) || p_is(k[last], ":"))
    return false;
  int indent = indent_before(c, ts_node_start_byte(k[first]));
  if (indent < 0 || next_line_indent(c, ts_node_end_byte(k[last])) <= indent)
    return false;
  wp_error(c->diag,
           point_loc(c, ts_node_end_byte(k[last]), ts_node_end_point(k[last])),
           "expected ':'");
  return true;
}

/* `if x` / `def f()` followed by an indented block, without the colon;
 * CPython: "expected ':'" right after the header.  The first such header in
 * the ERROR is reported. */
static bool report_header_colon(pctx *c, TSNode n) {
  TSNode *k;
  int nk = tokens_of(c, n, &k), depth = 0, first = 0;
  for (int i = 0; i < nk; i++) {
    if (i > 0 && depth == 0 &&
        ts_node_start_point(k[i]).row > ts_node_end_point(k[i - 1]).row &&
        !p_is(k[i - 1], "line_continuation")) {
      if (header_without_colon(c, k, first, i - 1))
        return true;
      first = i;
    }
    if (is_opener(k[i]))
      depth++;
    else if (is_closer(k[i]) && depth > 0)
      depth--;
  }
  return nk > 0 && depth == 0 && header_without_colon(c, k, first, nk - 1);
}

/* An outermost ERROR: the region-wide heuristics first, then its first
 * inner ERROR or MISSING node. */
static void report_error_region(synctx *s, TSNode n) {
  if (report_unclosed(s, n) || report_header_colon(s->c, n))
    return;
  report_error_node(s->c, n);
}

/* tree-sitter's keyword extraction may accept a keyword as an identifier
 * while recovering from an error, without an ERROR node. */
static bool is_keyword(const char *s, size_t n) {
  static const char *const kw[] = {
      "and",   "as",     "assert",   "break", "class",  "continue",
      "def",   "del",    "elif",     "else",  "except", "finally",
      "for",   "from",   "global",   "if",    "import", "in",
      "is",    "lambda", "nonlocal", "not",   "or",     "pass",
      "raise", "return", "try",      "while", "with",   "yield"};
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
    if (strlen(kw[i]) == n && memcmp(kw[i], s, n) == 0)
      return true;
  return false;
}

/* --- indentation -------------------------------------------------------- */

/* The indentation before `n`, or NULL when `n` does not start its line
 * (it follows a `;` or a block header's colon). */
static const char *indent_of(const pctx *c, TSNode n, uint32_t *len) {
  uint32_t start = ts_node_start_byte(n), bol = start;
  const char *t = c->src->text;
  while (bol > 0 && t[bol - 1] != '\n') {
    if (t[bol - 1] != ' ' && t[bol - 1] != '\t' && t[bol - 1] != '\f')
      return NULL;
    bol--;
  }
  *len = start - bol;
  return t + bol;
}

/* The width of the indentation of the line on which `n` ends. */
static uint32_t indent_at_end(const pctx *c, TSNode n) {
  const char *t = c->src->text;
  uint32_t bol = ts_node_end_byte(n), e;
  while (bol > 0 && t[bol - 1] != '\n')
    bol--;
  for (e = bol; t[e] == ' ' || t[e] == '\t' || t[e] == '\f'; e++)
    ;
  return e - bol;
}

/* Two statements on one line need a `;` between them; the grammar lets
 * `f(x)  g(y)` through as two statements. */
static bool semicolon_before(const pctx *c, TSNode prev, TSNode n) {
  const char *t = c->src->text;
  for (uint32_t i = ts_node_end_byte(prev); i < ts_node_start_byte(n); i++)
    if (t[i] == ';' || t[i] == '\n')
      return true;
  return false;
}

/* `prev` is the indentation of the last line of the previous statement: a
 * statement indented less than that but more than its block is a dedent to
 * a level that never existed. */
static void report_indent(pctx *c, TSNode n, const char *want, uint32_t wlen,
                          const char *got, uint32_t glen, uint32_t prev) {
  wp_loc loc = p_loc(c, n);
  bool tabs = memchr(want, '\t', wlen) || memchr(got, '\t', glen);
  if (tabs && wlen && glen)
    wp_error(c->diag, loc,
             "inconsistent use of tabs and spaces in indentation");
  else if (glen > wlen && glen >= prev)
    wp_error(c->diag, loc, "unexpected indent");
  else
    wp_error(c->diag, loc,
             "unindent does not match any outer indentation "
             "level");
}

/* The tree-sitter scanner accepts statements of one block at different
 * indentations (and a block with no statement at all) without an ERROR, so
 * the statements of every error-free block are compared here.  One report
 * per block: later lines usually repeat the same mistake. */
static void check_block(pctx *c, TSNode n) {
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  for (int i = 1; i < nk; i++) {
    if (!p_is(k[i - 1], "ERROR") && !p_is(k[i], "ERROR") &&
        !indent_of(c, k[i], &(uint32_t){0}) &&
        !semicolon_before(c, k[i - 1], k[i])) {
      wp_error(c->diag, p_loc(c, k[i]), "invalid syntax");
      return;
    }
  }
  if (ts_node_has_error(n))
    return;
  uint32_t wlen = 0, glen = 0;
  const char *want = p_is(n, "module") ? "" : NULL;
  for (int i = 0; i < nk; i++) {
    const char *got = indent_of(c, k[i], &glen);
    if (!got)
      continue;
    if (!want) {
      want = got;
      wlen = glen;
    } else if (glen != wlen || memcmp(want, got, glen) != 0) {
      /* the module's first statement has no previous one: any indent is
       * unexpected there */
      uint32_t prev = i > 0 ? indent_at_end(c, k[i - 1]) : 0;
      report_indent(c, k[i], want, wlen, got, glen, prev);
      return;
    }
  }
}

/* A block with no statement: the scanner emits it empty, without an ERROR,
 * when the next line is not indented.  Checked from the block's owner
 * (ts_node_parent is unreliable on zero-width nodes in tree-sitter 0.20);
 * an owner with errors has had them reported already. */
static void check_empty_blocks(pctx *c, TSNode n) {
  if (ts_node_has_error(n))
    return;
  TSNode *k, *b;
  int nk = p_kids(c, n, true, &k);
  for (int i = 0; i < nk; i++)
    if (p_is(k[i], "block") && p_kids(c, k[i], true, &b) == 0)
      wp_error(c->diag, p_loc(c, k[i]), "expected an indented block");
}

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The first token `tok` among the children of `n` (else `n` itself). */
static TSNode token_in(pctx *c, TSNode n, const char *tok) {
  TSNode *k;
  int nk = p_kids(c, n, false, &k);
  for (int i = 0; i < nk; i++)
    if (p_is(k[i], tok))
      return k[i];
  return n;
}

/* The grammar chains any assignment after `=`; Python only chains plain
 * ones: `x = y += 1`, `x = y: T = 1` and `x: T = y = 1` are errors. */
static void check_assignment(pctx *c, TSNode n) {
  TSNode right = p_field(n, "right");
  if (ts_node_is_null(right))
    return;
  bool aug = p_is(n, "augmented_assignment");
  TSNode at = {0};
  if (p_is(right, "augmented_assignment"))
    at = p_field(right, "operator");
  else if (p_is(right, "assignment") &&
           !ts_node_is_null(p_field(right, "type")))
    at = token_in(c, right, ":");
  else if (p_is(right, "assignment") &&
           (aug || !ts_node_is_null(p_field(n, "type"))))
    at = token_in(c, right, "=");
  if (!ts_node_is_null(at))
    wp_error(c->diag, p_loc(c, at), "invalid syntax");
}

/* Python the grammar accepts but CPython does not: `f(, x)`, a trailing
 * comma after `import a,`, and `a as b` as a statement. */
static void check_lenient(pctx *c, TSNode n) {
  TSNode *k;
  int nk = p_kids(c, n, false, &k);
  if (p_is(n, "argument_list") && nk > 1 && p_is(k[1], ","))
    wp_error(c->diag, p_loc(c, k[1]), "invalid syntax");
  else if (p_is(n, "import_statement") && nk > 1 && p_is(k[nk - 1], ","))
    wp_error(c->diag, p_loc(c, k[nk - 1]),
             "trailing comma not allowed without surrounding parentheses");
  else if (p_is(n, "expression_statement") && nk > 0 &&
           p_is(k[0], "as_pattern"))
    wp_error(c->diag, p_loc(c, k[0]), "invalid syntax");
}

/* --- the walk ------------------------------------------------------------ */

/* tree-sitter may repair a file by inserting a hidden token (a missing
 * newline), which shows as has_error on a node with no ERROR or MISSING
 * node visible below it.  Reported once, at that node, unless a check of
 * the node itself already explained it. */
static void check_hidden_error(pctx *c, TSNode n, int errors_before) {
  if (!ts_node_has_error(n) || c->diag->errors != errors_before)
    return;
  TSNode *k;
  int nk = p_kids(c, n, false, &k);
  for (int i = 0; i < nk; i++)
    if (ts_node_has_error(k[i]) || is_error(k[i]))
      return;
  wp_error(c->diag, p_loc(c, n), "invalid syntax");
}

static void check_identifier(pctx *c, TSNode n) {
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (is_keyword(c->src->text + s, e - s))
    wp_error(c->diag, p_loc(c, n), "invalid syntax: unexpected keyword '%.*s'",
             (int)(e - s), c->src->text + s);
}

/* Reports what `n` shows; returns false when its subtree needs no further
 * look (an ERROR is reported once, not for each node inside it). */
static bool visit(synctx *s, TSNode n) {
  pctx *c = s->c;
  if (ts_node_is_missing(n)) {
    report_missing(c, n);
    return false;
  }
  if (p_is(n, "ERROR")) {
    report_error_region(s, n);
    return false;
  }
  int errors_before = c->diag->errors;
  const char *t = ts_node_type(n);
  if (p_is(n, "block") || p_is(n, "module"))
    check_block(c, n);
  else if (p_is(n, "assignment") || p_is(n, "augmented_assignment"))
    check_assignment(c, n);
  else if (p_is(n, "identifier"))
    check_identifier(c, n);
  else if (ends_with(t, "_statement") || ends_with(t, "_definition") ||
           ends_with(t, "_clause"))
    check_empty_blocks(c, n);
  if (p_is(n, "argument_list") || p_is(n, "import_statement") ||
      p_is(n, "expression_statement"))
    check_lenient(c, n);
  check_hidden_error(c, n, errors_before);
  return true;
}

void p_report_syntax_errors(pctx *c, TSNode root) {
  /* past a nesting limit the tree may be broken (the grammar's scanner
     loses track of deep indentation): that error alone, as CPython stops
     at its first */
  if (p_check_nesting(c, root))
    return;
  synctx s = {.c = c, .root = root};
  TSTreeCursor cur = ts_tree_cursor_new(root);
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&cur);
    if (visit(&s, n) && ts_tree_cursor_goto_first_child(&cur))
      continue;
    while (!ts_tree_cursor_goto_next_sibling(&cur))
      if (!ts_tree_cursor_goto_parent(&cur)) {
        ts_tree_cursor_delete(&cur);
        return;
      }
  }
}
