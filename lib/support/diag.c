/* diag.c - GCC-style diagnostics with the source line and a caret. */
#include "diag.h"

static const char *sev_name(wp_severity s) {
  switch (s) {
  case WP_SEV_ERROR: return "error";
  case WP_SEV_WARNING: return "warning";
  default: return "note";
  }
}

/* 1-based column of loc.start in characters (UTF-8 code points). */
static uint32_t char_column(wp_loc loc) {
  const char *text = loc.src->text;
  uint32_t bol = loc.start;
  while (bol > 0 && text[bol - 1] != '\n')
    bol--;
  uint32_t col = 1;
  for (uint32_t i = bol; i < loc.start; i++)
    col += ((unsigned char)text[i] & 0xc0) != 0x80;
  return col;
}

static void print_caret(FILE *out, wp_loc loc) {
  const char *text = loc.src->text;
  uint32_t bol = loc.start;
  while (bol > 0 && text[bol - 1] != '\n')
    bol--;
  uint32_t eol = loc.start;
  while (eol < loc.src->len && text[eol] != '\n' && text[eol] != '\r')
    eol++;
  fprintf(out, "    %.*s\n    ", (int)(eol - bol), text + bol);
  /* one caret column per character: UTF-8 continuation bytes take none */
  for (uint32_t i = bol; i < loc.start; i++)
    if (((unsigned char)text[i] & 0xc0) != 0x80)
      fputc(text[i] == '\t' ? '\t' : ' ', out);
  fputc('^', out);
  uint32_t end = loc.end < eol ? loc.end : eol;
  for (uint32_t i = loc.start + 1; i < end; i++)
    if (((unsigned char)text[i] & 0xc0) != 0x80)
      fputc('~', out);
  fputc('\n', out);
}

void wp_diag_vreport(wp_diag *d, wp_severity sev, wp_loc loc, const char *fmt,
                     va_list ap) {
  FILE *out = d->out ? d->out : stderr;
  int limit = d->max_errors ? d->max_errors : 50;
  bool promoted = sev == WP_SEV_WARNING && d->werror && !d->no_warnings;
  if (promoted)
    sev = WP_SEV_ERROR;
  if (sev != WP_SEV_NOTE)
    d->muted = sev == WP_SEV_WARNING && d->no_warnings;
  if (sev == WP_SEV_ERROR)
    d->errors++;
  else if (sev == WP_SEV_WARNING)
    d->warnings++;
  if (d->errors > limit || d->muted)
    return;
  if (loc.src)
    fprintf(out, "%s:%u:%u: %s: ", loc.src->path, loc.line,
            loc.start <= loc.src->len ? char_column(loc) : loc.col,
            sev_name(sev));
  else
    fprintf(out, "warpc: %s: ", sev_name(sev));
  vfprintf(out, fmt, ap);
  fputs(promoted ? " [-Werror]\n" : "\n", out);
  if (loc.src && loc.start <= loc.src->len)
    print_caret(out, loc);
  if (sev == WP_SEV_ERROR && d->errors == limit)
    fprintf(out, "warpc: fatal error: too many errors emitted, stopping now\n");
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

void wp_warning(wp_diag *d, wp_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  wp_diag_vreport(d, WP_SEV_WARNING, loc, fmt, ap);
  va_end(ap);
}

void wp_note(wp_diag *d, wp_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  wp_diag_vreport(d, WP_SEV_NOTE, loc, fmt, ap);
  va_end(ap);
}

int wp_diag_error_count(const wp_diag *d) {
  return d->errors;
}
