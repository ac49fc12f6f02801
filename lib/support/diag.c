/* diag.c - GCC-style diagnostics with the source line and a caret; the
 * warning controls (-W, -Werror, -w) and recording into a log. */
#include "diag.h"

#include <stdlib.h>
#include <string.h>

#include "diag_log.h"
#include "utf8.h"

/* gcc's default colours (GCC_COLORS): error=01;31, warning=01;35,
 * note=01;36, caret=01;32, locus=01; each ended with "\33[m\33[K". */
#define SGR(c) "\33[" c "m\33[K"
#define SGR_END SGR("")

static const char *sev_name(wp_severity s) {
  switch (s) {
  case WP_SEV_ERROR: return "error";
  case WP_SEV_WARNING: return "warning";
  default: return "note";
  }
}

static const char *sev_color(wp_severity s) {
  switch (s) {
  case WP_SEV_ERROR: return SGR("01;31");
  case WP_SEV_WARNING: return SGR("01;35");
  default: return SGR("01;36");
  }
}

static bool is_cont(char c) {
  return ((unsigned char)c & 0xc0) == 0x80;
}

/* The start of the line holding byte `at`; on the first line, after a
 * UTF-8 byte order mark (which is neither a column nor echoed). */
static uint32_t line_start(const wp_source *src, uint32_t at) {
  uint32_t from = at;
  while (at > 0 && src->text[at - 1] != '\n')
    at--;
  if (at == 0 && from >= 3 && src->len >= 3 &&
      !memcmp(src->text, "\xef\xbb\xbf", 3))
    at = 3;
  return at;
}

static uint32_t line_end(const wp_source *src, uint32_t at) {
  while (at < src->len && src->text[at] != '\n' && src->text[at] != '\r')
    at++;
  return at;
}

/* 1-based column of byte `at` in characters (UTF-8 code points). */
static uint32_t char_column(const wp_source *src, uint32_t at) {
  uint32_t col = 1;
  for (uint32_t i = line_start(src, at); i < at; i++)
    col += !is_cont(src->text[i]);
  return col;
}

/* Writes `n` copies of `c`. */
static void put_n(FILE *out, int c, int n) {
  while (n-- > 0)
    fputc(c, out);
}

/* The source line of `loc`, written as wp_utf8_put writes text, and the
 * caret line under it: one column per column written (a tab stays a tab,
 * "<U+001B>" takes 8). */
static void print_caret(wp_diag *d, FILE *out, wp_loc loc) {
  const unsigned char *text = (const unsigned char *)loc.src->text;
  uint32_t bol = line_start(loc.src, loc.start);
  uint32_t eol = line_end(loc.src, loc.start);
  fputs("    ", out);
  wp_utf8_put(out, (const char *)text + bol, eol - bol);
  fputs("\n    ", out);
  uint32_t i = bol;
  int len;
  while (i < loc.start && i < eol) {
    int w = wp_utf8_shown(text + i, eol - i, &len);
    if (text[i] == '\t')
      fputc('\t', out);
    else
      put_n(out, ' ', w);
    i += (uint32_t)len;
  }
  if (d->color)
    fputs(SGR("01;32"), out);
  fputc('^', out);
  uint32_t end = loc.end < eol ? loc.end : eol;
  bool first = true;
  while (i < end) {
    int w = wp_utf8_shown(text + i, eol - i, &len);
    put_n(out, '~', first ? w - 1 : w);
    first = false;
    i += (uint32_t)len;
  }
  if (d->color)
    fputs(SGR_END, out);
  fputc('\n', out);
}

/* The record of a diagnostic with its location resolved. */
static wp_diag_record make_record(wp_severity sev, wp_warn w, wp_loc loc,
                                  char *msg) {
  wp_diag_record r = {
      .sev = sev, .warn = w, .message = msg, .loc = loc, .end_col = 0};
  if (!loc.src)
    return r;
  r.path = (char *)loc.src->path;
  r.line = loc.line;
  if (loc.start <= loc.src->len) {
    r.col = char_column(loc.src, loc.start);
    uint32_t eol = line_end(loc.src, loc.start);
    uint32_t end = loc.end < eol ? loc.end : eol;
    r.end_col = end > loc.start ? char_column(loc.src, end) : r.col + 1;
  } else {
    r.col = loc.col;
    r.end_col = loc.col + 1;
  }
  return r;
}

static void print_text(wp_diag *d, const wp_diag_record *r, bool promoted) {
  FILE *out = d->out ? d->out : stderr;
  const char *bold = d->color ? SGR("01") : "";
  const char *end = d->color ? SGR_END : "";
  const char *color = d->color ? sev_color(r->sev) : "";
  if (r->path)
    fprintf(out, "%s%s:%u:%u:%s ", bold, r->path, r->line, r->col, end);
  else
    fprintf(out, "%swarpc:%s ", bold, end);
  fprintf(out, "%s%s:%s ", color, sev_name(r->sev), end);
  wp_utf8_put(out, r->message, strlen(r->message));
  if (r->warn < WP_W_COUNT) {
    const char *wcolor = d->color ? sev_color(r->sev) : "";
    fprintf(out, " [%s-W%s%s%s]", wcolor, promoted ? "error=" : "",
            wp_warn_info_of(r->warn)->name, end);
  }
  fputc('\n', out);
  if (r->path && r->loc.src && r->loc.start <= r->loc.src->len)
    print_caret(d, out, r->loc);
}

static void print_fatal(wp_diag *d) {
  if (d->log) {
    wp_diag_record r = {.sev = WP_SEV_ERROR,
                        .warn = WP_W_COUNT,
                        .fatal = true,
                        .message = "too many errors emitted, stopping now"};
    wp_diag_log_add(d->log, &r);
    return;
  }
  FILE *out = d->out ? d->out : stderr;
  fprintf(out,
          "%swarpc:%s %sfatal error:%s too many errors emitted, "
          "stopping now\n",
          d->color ? SGR("01") : "", d->color ? SGR_END : "",
          d->color ? SGR("01;31") : "", d->color ? SGR_END : "");
}

bool wp_diag_warning_enabled(const wp_diag *d, wp_warn w) {
  const wp_warn_info *info = wp_warn_info_of(w);
  if (!info || d->no_warnings)
    return false;
  return d->warn[w] == WP_WARN_DEFAULT ? info->on : d->warn[w] == WP_WARN_ON;
}

bool wp_diag_warning_is_error(const wp_diag *d, wp_warn w) {
  if (!wp_warn_info_of(w))
    return false;
  return d->warn_error[w] == WP_WERR_DEFAULT ? d->werror
                                             : d->warn_error[w] == WP_WERR_ON;
}

/* The one path of every diagnostic: `w` is WP_W_COUNT for an error or a
 * note, the warning otherwise; `msg` is malloc'd and taken. */
static void report(wp_diag *d, wp_severity sev, wp_warn w, wp_loc loc,
                   char *msg) {
  int limit = d->max_errors ? d->max_errors : 50;
  bool promoted = false;
  if (w < WP_W_COUNT) {
    d->muted = !wp_diag_warning_enabled(d, w);
    promoted = !d->muted && wp_diag_warning_is_error(d, w);
    sev = promoted ? WP_SEV_ERROR : WP_SEV_WARNING;
  } else if (sev != WP_SEV_NOTE) {
    sev = WP_SEV_ERROR;
    d->muted = false;
  }
  if (!d->muted && promoted)
    d->werrors++;
  else if (!d->muted && sev == WP_SEV_ERROR)
    d->errors++;
  else if (!d->muted && sev == WP_SEV_WARNING)
    d->warnings++;
  /* the first error past the limit says that the rest are dropped: after
     the limit-th error's notes, which still belong to it */
  int all = d->errors + d->werrors;
  if (sev == WP_SEV_ERROR && !d->muted && all == limit + 1)
    print_fatal(d);
  if (all > limit || d->muted) {
    free(msg);
    return;
  }
  wp_diag_record r = make_record(sev, w, loc, msg);
  if (d->log)
    wp_diag_log_add(d->log, &r);
  else
    print_text(d, &r, promoted);
  free(msg);
}

static char *format(const char *fmt, va_list ap) {
  va_list aq;
  va_copy(aq, ap);
  int n = vsnprintf(NULL, 0, fmt, aq);
  va_end(aq);
  char *s = malloc(n > 0 ? (size_t)n + 1 : 1);
  if (!s) {
    fputs("warpc: fatal: out of memory\n", stderr);
    abort();
  }
  if (n > 0)
    vsnprintf(s, (size_t)n + 1, fmt, ap);
  else
    *s = 0;
  return s;
}

static char *copy(const char *s) {
  size_t n = strlen(s) + 1;
  char *c = malloc(n);
  if (!c) {
    fputs("warpc: fatal: out of memory\n", stderr);
    abort();
  }
  return memcpy(c, s, n);
}

void wp_diag_vreport(wp_diag *d, wp_severity sev, wp_loc loc, const char *fmt,
                     va_list ap) {
  report(d, sev, WP_W_COUNT, loc, format(fmt, ap));
}

void wp_vwarning(wp_diag *d, wp_warn w, wp_loc loc, const char *fmt,
                 va_list ap) {
  /* an unknown id is a bug; it is reported as an unnamed error */
  if ((unsigned)w >= WP_W_COUNT)
    w = WP_W_COUNT;
  report(d, WP_SEV_ERROR, w, loc, format(fmt, ap));
}

void wp_diag_report(wp_diag *d, wp_severity sev, wp_loc loc, const char *fmt,
                    ...) {
  va_list ap;
  va_start(ap, fmt);
  wp_diag_vreport(d, sev, loc, fmt, ap);
  va_end(ap);
}

void wp_error(wp_diag *d, wp_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  wp_diag_vreport(d, WP_SEV_ERROR, loc, fmt, ap);
  va_end(ap);
}

void wp_warning(wp_diag *d, wp_warn w, wp_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  wp_vwarning(d, w, loc, fmt, ap);
  va_end(ap);
}

void wp_note(wp_diag *d, wp_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  wp_diag_vreport(d, WP_SEV_NOTE, loc, fmt, ap);
  va_end(ap);
}

wp_diag wp_diag_capture(const wp_diag *parent, wp_diag_log *log) {
  wp_diag d = {.max_errors = 1, .log = log};
  memcpy(d.warn, parent->warn, sizeof d.warn);
  for (int i = 0; i < WP_W_COUNT; i++)
    if (!wp_diag_warning_enabled(parent, (wp_warn)i))
      d.warn[i] = WP_WARN_OFF;
  return d;
}

void wp_diag_replay(wp_diag *d, const wp_diag_log *log) {
  for (int i = 0; i < wp_diag_log_count(log); i++) {
    const wp_diag_record *r = wp_diag_log_at(log, i);
    if (!r->fatal)
      report(d, r->sev, r->warn, r->loc, copy(r->message));
  }
}

int wp_diag_error_count(const wp_diag *d) {
  return d->errors + d->werrors;
}
