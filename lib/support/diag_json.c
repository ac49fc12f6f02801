/* diag_json.c - a wp_diag_log written as gcc's -fdiagnostics-format=json
 * or as SARIF 2.1.0 (diag_log.h).  Strings are written as valid UTF-8: a
 * byte that does not begin a well-formed sequence becomes U+FFFD. */
#include <string.h>

#include "diag_log.h"
#include "utf8.h"

#define SARIF_SCHEMA                                                           \
  "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"        \
  "sarif-schema-2.1.0.json"

static void json_string(FILE *out, const char *s) {
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  size_t n = strlen((const char *)p);
  fputc('"', out);
  while (n) {
    int len = wp_utf8_len(p, n);
    if (!len) {
      fputs("\\ufffd", out);
      len = 1;
    } else if (*p == '"' || *p == '\\')
      fprintf(out, "\\%c", *p);
    else if (*p == '\n')
      fputs("\\n", out);
    else if (*p == '\t')
      fputs("\\t", out);
    else if (*p < 0x20 || *p == 0x7f)
      fprintf(out, "\\u%04x", *p);
    else
      fwrite(p, 1, (size_t)len, out);
    p += len;
    n -= (size_t)len;
  }
  fputc('"', out);
}

/* A path as a URI reference: every byte but the unreserved ones and '/'
 * percent-encoded (':' too, so that no path reads as a scheme). */
static void json_uri(FILE *out, const char *path) {
  static const char keep[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
                             "WXYZ0123456789-._~/";
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)path; *p; p++)
    if (strchr(keep, *p))
      fputc(*p, out);
    else
      fprintf(out, "%%%02X", *p);
  fputc('"', out);
}

static const char *kind_of(const wp_diag_record *r) {
  if (r->fatal)
    return "fatal error";
  return r->sev == WP_SEV_ERROR     ? "error"
         : r->sev == WP_SEV_WARNING ? "warning"
                                    : "note";
}

static void json_point(FILE *out, const wp_diag_record *r, uint32_t col) {
  fputs("{\"file\": ", out);
  json_string(out, r->path);
  fprintf(out, ", \"line\": %u, \"display-column\": %u, \"column\": %u}",
          r->line, col, col);
}

static void json_one(FILE *out, const wp_diag_record *r) {
  fprintf(out, "{\"kind\": \"%s\", \"message\": ", kind_of(r));
  json_string(out, r->message);
  if (r->warn < WP_W_COUNT)
    fprintf(out, ", \"option\": \"-W%s\"", wp_warn_info_of(r->warn)->name);
  fputs(", \"locations\": [", out);
  if (r->path) {
    fputs("{\"caret\": ", out);
    json_point(out, r, r->col);
    fputs(", \"finish\": ", out);
    json_point(out, r, r->end_col > r->col ? r->end_col - 1 : r->col);
    fputc('}', out);
  }
  fputs("], \"column-origin\": 1", out);
}

int wp_diag_log_write_json(const wp_diag_log *log, FILE *out) {
  int n = wp_diag_log_count(log);
  fputc('[', out);
  bool open = false, first = true;
  for (int i = 0; i < n; i++) {
    const wp_diag_record *r = wp_diag_log_at(log, i);
    if (r->sev == WP_SEV_NOTE && open) {
      fputs(first ? "" : ", ", out);
      json_one(out, r);
      fputs(", \"children\": []}", out);
      first = false;
      continue;
    }
    if (open)
      fputs("]}", out);
    fputs(i ? ", " : "", out);
    json_one(out, r);
    fputs(", \"children\": [", out);
    open = first = true;
  }
  if (open)
    fputs("]}", out);
  fputs("]\n", out);
  return fflush(out) || ferror(out) ? -1 : 0;
}

static const char *level_of(const wp_diag_record *r) {
  return r->sev == WP_SEV_ERROR     ? "error"
         : r->sev == WP_SEV_WARNING ? "warning"
                                    : "note";
}

/* A SARIF location object; `message` adds the record's text. */
static void sarif_location(FILE *out, const wp_diag_record *r, bool message) {
  fputc('{', out);
  if (r->path) {
    fputs("\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", out);
    json_uri(out, r->path);
    fprintf(out,
            "}, \"region\": {\"startLine\": %u, \"startColumn\": %u, "
            "\"endColumn\": %u}}",
            r->line ? r->line : 1, r->col ? r->col : 1,
            r->end_col > r->col ? r->end_col : r->col + 1);
  }
  if (message) {
    fputs(r->path ? ", \"message\": {\"text\": " : "\"message\": {\"text\": ",
          out);
    json_string(out, r->message);
    fputc('}', out);
  }
  fputc('}', out);
}

static void sarif_rules(FILE *out) {
  fputs("\"rules\": [", out);
  for (int w = 0; w < WP_W_COUNT; w++) {
    const wp_warn_info *info = wp_warn_info_of((wp_warn)w);
    fputs(w ? ", {\"id\": " : "{\"id\": ", out);
    json_string(out, info->name);
    fputs(", \"shortDescription\": {\"text\": ", out);
    json_string(out, info->description);
    fprintf(out,
            "}, \"defaultConfiguration\": {\"enabled\": %s, \"level\": "
            "\"warning\"}}",
            info->on ? "true" : "false");
  }
  fputc(']', out);
}

int wp_diag_log_write_sarif(const wp_diag_log *log, FILE *out,
                            const char *version) {
  fputs("{\"$schema\": \"" SARIF_SCHEMA "\", \"version\": \"2.1.0\", "
        "\"runs\": [{\"tool\": {\"driver\": {\"name\": \"warpc\", "
        "\"version\": ",
        out);
  json_string(out, version);
  fputs(", ", out);
  sarif_rules(out);
  fputs("}}, \"columnKind\": \"unicodeCodePoints\", \"results\": [", out);
  int n = wp_diag_log_count(log);
  bool open = false, related = false;
  for (int i = 0; i < n; i++) {
    const wp_diag_record *r = wp_diag_log_at(log, i);
    if (r->sev == WP_SEV_NOTE && open) {
      fputs(related ? ", " : ", \"relatedLocations\": [", out);
      sarif_location(out, r, true);
      related = true;
      continue;
    }
    if (open)
      fputs(related ? "]}" : "}", out);
    fputs(i ? ", {" : "{", out);
    if (r->warn < WP_W_COUNT) {
      fputs("\"ruleId\": ", out);
      json_string(out, wp_warn_info_of(r->warn)->name);
      fprintf(out, ", \"ruleIndex\": %d, ", (int)r->warn);
    }
    fprintf(out, "\"level\": \"%s\", \"message\": {\"text\": ", level_of(r));
    json_string(out, r->message);
    fputs("}, \"locations\": [", out);
    if (r->path)
      sarif_location(out, r, false);
    fputc(']', out);
    open = true;
    related = false;
  }
  if (open)
    fputs(related ? "]}" : "}", out);
  fputs("]}]}\n", out);
  return fflush(out) || ferror(out) ? -1 : 0;
}
