/* parse_literal.c - integer, float and string literals: text -> values. */
#include <stdlib.h>

#include "parse_internal.h"

/* A bad literal is an error in warp code; in host code (which warpc never
 * rejects) it only becomes an unsupported node that nothing will lower. */
static ast_expr *bad_literal(pctx *c, TSNode n, const char *what) {
  if (c->warp_code)
    wp_error(c->diag, p_loc(c, n), "%s", what);
  return p_unsupported(c, n, what);
}

/* The literal's text without the `_` digit separators. */
static char *digits_only(pctx *c, const char *text) {
  char *s = wp_arena_strdup(c->arena, text), *w = s;
  for (const char *r = text; *r; r++)
    if (*r != '_')
      *w++ = *r;
  *w = 0;
  return s;
}

static int digit_value(char ch) {
  if (ch >= '0' && ch <= '9')
    return ch - '0';
  if (ch >= 'a' && ch <= 'z')
    return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'Z')
    return ch - 'A' + 10;
  return 99;
}

/* Parses digits in `base`; returns 0 on success, 1 for a bad digit, 2 for a
 * value beyond uint64. */
static int parse_digits(const char *s, unsigned base, uint64_t *out) {
  uint64_t v = 0;
  if (!*s)
    return 1;
  for (; *s; s++) {
    unsigned d = (unsigned)digit_value(*s);
    if (d >= base)
      return 1;
    if (v > (UINT64_MAX - d) / base)
      return 2;
    v = v * base + d;
  }
  *out = v;
  return 0;
}

ast_expr *p_integer(pctx *c, TSNode n) {
  const char *text = p_text(c, n);
  size_t len = strlen(text);
  if (len && (text[len - 1] == 'j' || text[len - 1] == 'J'))
    return p_unsupported(c, n, "complex literal");
  char *s = digits_only(c, text);
  unsigned base = 10;
  const char *digits = s;
  if (s[0] == '0' && s[1]) {
    char p = (char)(s[1] | 0x20);
    base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    digits = s + 2;
    if (base == 0) { /* `007` is an error in Python 3; `000` is fine */
      base = 10;
      digits = s;
      if (strspn(s, "0") != strlen(s))
        return bad_literal(c, n, "invalid integer literal");
    }
  }
  uint64_t v = 0;
  int r = parse_digits(digits, base, &v);
  if (r == 2) { /* reported by the lowering, where a kernel uses it */
    ast_expr *big = p_new_expr(c, AST_EXPR_BIGINT, n);
    big->string = text;
    return big;
  }
  if (r)
    return bad_literal(c, n, "invalid integer literal");
  ast_expr *e = p_new_expr(c, AST_EXPR_INT, n);
  e->int_value = v;
  e->string = text;
  return e;
}

ast_expr *p_float(pctx *c, TSNode n) {
  const char *text = p_text(c, n);
  size_t len = strlen(text);
  if (len && (text[len - 1] == 'j' || text[len - 1] == 'J'))
    return p_unsupported(c, n, "complex literal");
  char *s = digits_only(c, text), *end = NULL;
  /* the grammar only admits decimal floats, which strtod reads exactly
     (correctly rounded) in the "C" locale warpc runs in */
  double v = strtod(s, &end);
  if (end == s || *end)
    return bad_literal(c, n, "invalid float literal");
  ast_expr *e = p_new_expr(c, AST_EXPR_FLOAT, n);
  e->float_value = v;
  e->string = text;
  return e;
}

/* --- strings ---------------------------------------------------------- */

/* Appends code point `cp` as UTF-8. */
static char *put_utf8(char *w, uint32_t cp) {
  if (cp < 0x80) {
    *w++ = (char)cp;
  } else if (cp < 0x800) {
    *w++ = (char)(0xC0 | (cp >> 6));
    *w++ = (char)(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *w++ = (char)(0xE0 | (cp >> 12));
    *w++ = (char)(0x80 | ((cp >> 6) & 0x3F));
    *w++ = (char)(0x80 | (cp & 0x3F));
  } else {
    *w++ = (char)(0xF0 | (cp >> 18));
    *w++ = (char)(0x80 | ((cp >> 12) & 0x3F));
    *w++ = (char)(0x80 | ((cp >> 6) & 0x3F));
    *w++ = (char)(0x80 | (cp & 0x3F));
  }
  return w;
}

/* Reads up to `max` digits of `base` at *r (advancing it); -1 if none. */
static long read_num(const char **r, const char *end, int base, int max) {
  long v = 0;
  int i = 0;
  for (; i < max && *r < end && digit_value(**r) < base; i++, (*r)++)
    v = v * base + digit_value(**r);
  return i ? v : -1;
}

static const char *simple_escape(char ch) {
  switch (ch) {
  case '\\': return "\\";
  case '\'': return "'";
  case '"': return "\"";
  case 'a': return "\a";
  case 'b': return "\b";
  case 'f': return "\f";
  case 'n': return "\n";
  case 'r': return "\r";
  case 't': return "\t";
  case 'v': return "\v";
  case '\n': return "";
  default: return NULL;
  }
}

/* Undoes one escape at r (just after the backslash); returns the new read
 * position.  Unknown escapes (and \N{...}) stay as written, as in Python. */
static const char *unescape_one(const char *r, const char *end, char **w) {
  const char *simple = simple_escape(*r);
  if (simple) {
    for (; *simple; simple++)
      *(*w)++ = *simple;
    return r + 1;
  }
  const char *p = r + 1;
  long v = -1;
  if (*r >= '0' && *r <= '7')
    p = r, v = read_num(&p, end, 8, 3);
  else if (*r == 'x')
    v = read_num(&p, end, 16, 2);
  else if (*r == 'u')
    v = read_num(&p, end, 16, 4);
  else if (*r == 'U')
    v = read_num(&p, end, 16, 8);
  if (v < 0 || v > 0x10FFFF) {
    *(*w)++ = '\\';
    return r;
  }
  *w = put_utf8(*w, (uint32_t)v);
  return p;
}

/* Decoded text never outgrows its source: each escape is at least as long
 * as the UTF-8 it stands for. */
static char *unescape(pctx *c, const char *s, size_t n, bool raw) {
  char *out = wp_arena_alloc(c->arena, n + 1), *w = out;
  const char *end = s + n;
  for (const char *r = s; r < end;) {
    if (*r != '\\' || raw || r + 1 >= end) {
      *w++ = *r++;
      continue;
    }
    if (r[1] == '\r' && r + 2 < end && r[2] == '\n') {
      r += 3; /* line continuation in a CRLF file */
      continue;
    }
    r = unescape_one(r + 1, end, &w);
  }
  *w = 0;
  return out;
}

ast_expr *p_string(pctx *c, TSNode n) {
  TSNode *k;
  int nk = p_kids(c, n, false, &k);
  if (nk < 2 || !p_is(k[0], "string_start"))
    return p_unsupported(c, n, "syntax error");
  /* The prefix letters before the quote; a string_start the parser made up
   * in error recovery may have no quote, so stop at the token's end. */
  const char *start = c->src->text + ts_node_start_byte(k[0]);
  const char *quote = c->src->text + ts_node_end_byte(k[0]);
  bool raw = false;
  for (const char *p = start; p < quote && *p != '\'' && *p != '"'; p++) {
    char ch = (char)(*p | 0x20);
    if (ch == 'f')
      return p_unsupported(c, n, "f-string");
    if (ch == 'b')
      return p_unsupported(c, n, "byte string");
    if (ch == 't')
      return p_unsupported(c, n, "template string");
    raw = raw || ch == 'r';
  }
  uint32_t from = ts_node_end_byte(k[0]);
  uint32_t to = p_is(k[nk - 1], "string_end") ? ts_node_start_byte(k[nk - 1])
                                              : ts_node_end_byte(n);
  ast_expr *e = p_new_expr(c, AST_EXPR_STRING, n);
  e->string = unescape(c, c->src->text + from, to > from ? to - from : 0, raw);
  return e;
}

/* "a" "b": the parts are joined; one unsupported part (an f-string) makes
 * the whole literal unsupported. */
ast_expr *p_concatenated_string(pctx *c, TSNode n) {
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  const char **parts = WP_NEW_ARRAY(c->arena, const char *, nk ? nk : 1);
  size_t len = 0;
  for (int i = 0; i < nk; i++) {
    ast_expr *s = p_expr(c, k[i]);
    if (s->kind != AST_EXPR_STRING)
      return p_unsupported(
          c, n, s->kind == AST_EXPR_UNSUPPORTED ? s->name : "syntax error");
    parts[i] = s->string;
    len += strlen(s->string);
  }
  char *out = wp_arena_alloc(c->arena, len + 1), *w = out;
  for (int i = 0; i < nk; i++) {
    size_t l = strlen(parts[i]);
    memcpy(w, parts[i], l);
    w += l;
  }
  ast_expr *e = p_new_expr(c, AST_EXPR_STRING, n);
  e->string = out;
  return e;
}
