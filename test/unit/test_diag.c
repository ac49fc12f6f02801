/* test_diag.c - unit tests of lib/support/diag and diag_log: the warning
 * controls (-WNAME, -Wno-NAME, -Werror, -Werror=NAME, -Wno-error=NAME, -w),
 * the "[-WNAME]" / "[-Werror=NAME]" suffixes, colours, the names table,
 * capture and replay, and the JSON and SARIF writers (valid UTF-8 out of
 * any bytes, notes as children). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/diag_log.h"

#include "check.h"

CHECK_TALLY;

static wp_source src = {.path = "t.py", .text = "x = 1\ny = \xc3\xa9 + 2\n"};

static wp_loc at(uint32_t start, uint32_t end, uint32_t line, uint32_t col) {
  return (wp_loc){
      .src = &src, .start = start, .end = end, .line = line, .col = col};
}

/* The text `d` printed for one warning w, into buf. */
static const char *warn_text(wp_diag *d, wp_warn w, char *buf, size_t n) {
  memset(buf, 0, n);
  FILE *f = fmemopen(buf, n, "w");
  d->out = f;
  wp_warning(d, w, at(0, 1, 1, 1), "msg");
  fclose(f);
  return buf;
}

static void test_names(void) {
  wp_warn w = WP_W_COUNT;
  CHECK(wp_warn_lookup("ignored-option", &w) && w == WP_W_IGNORED_OPTION);
  CHECK(!wp_warn_lookup("no-such-warning", &w));
  CHECK(!wp_warn_lookup("", &w));
  CHECK(wp_warn_info_of(WP_W_COUNT) == NULL);
  CHECK(wp_warn_info_of((wp_warn)-1) == NULL);
  for (int i = 0; i < WP_W_COUNT; i++) {
    const wp_warn_info *info = wp_warn_info_of((wp_warn)i);
    CHECK(info && info->name && info->description);
    CHECK(wp_warn_lookup(info->name, &w) && w == (wp_warn)i);
    /* sorted, so --help and the man page list them in one order */
    if (i)
      CHECK(strcmp(wp_warn_info_of((wp_warn)(i - 1))->name, info->name) < 0);
  }
}

static void test_controls(void) {
  src.len = (uint32_t)strlen(src.text);
  char buf[512] = {0};
  wp_diag d = {0};
  CHECK(strstr(warn_text(&d, WP_W_IGNORED_OPTION, buf, sizeof buf),
               "t.py:1:1: warning: msg [-Wignored-option]\n") == buf);
  CHECK(d.warnings == 1 && d.errors == 0);
  d = (wp_diag){.werror = true};
  CHECK(strstr(warn_text(&d, WP_W_IGNORED_OPTION, buf, sizeof buf),
               "t.py:1:1: error: msg [-Werror=ignored-option]\n") == buf);
  /* a promoted warning fails the run but not the stage that reported it */
  CHECK(d.errors == 0 && d.werrors == 1 && d.warnings == 0);
  CHECK(wp_diag_error_count(&d) == 1);
  d = (wp_diag){.werror = true};
  d.warn_error[WP_W_IGNORED_OPTION] = WP_WERR_OFF;
  CHECK(strstr(warn_text(&d, WP_W_IGNORED_OPTION, buf, sizeof buf),
               ": warning: msg [-Wignored-option]"));
  CHECK(strstr(warn_text(&d, WP_W_CUDA_TOOLKIT, buf, sizeof buf),
               ": error: msg [-Werror=cuda-toolkit]"));
  d = (wp_diag){0};
  d.warn_error[WP_W_CUDA_TOOLKIT] = WP_WERR_ON;
  CHECK(wp_diag_warning_is_error(&d, WP_W_CUDA_TOOLKIT));
  CHECK(!wp_diag_warning_is_error(&d, WP_W_IGNORED_OPTION));
  d = (wp_diag){0};
  d.warn[WP_W_IGNORED_OPTION] = WP_WARN_OFF;
  CHECK(!wp_diag_warning_enabled(&d, WP_W_IGNORED_OPTION));
  CHECK(*warn_text(&d, WP_W_IGNORED_OPTION, buf, sizeof buf) == 0);
  CHECK(d.warnings == 0 && d.errors == 0);
  /* -w wins over -Werror; the note after a dropped warning is dropped */
  d = (wp_diag){.no_warnings = true, .werror = true};
  memset(buf, 0, sizeof buf);
  FILE *f = fmemopen(buf, sizeof buf, "w");
  d.out = f;
  wp_warning(&d, WP_W_IGNORED_OPTION, at(0, 1, 1, 1), "w");
  wp_note(&d, at(0, 1, 1, 1), "n");
  wp_error(&d, at(0, 1, 1, 1), "e");
  wp_note(&d, at(0, 1, 1, 1), "n2");
  fclose(f);
  CHECK(!strstr(buf, ": note: n\n") && strstr(buf, ": note: n2\n"));
  CHECK(d.errors == 1 && d.warnings == 0);
  /* colours: gcc's SGR sequences around the locus, label and caret */
  d = (wp_diag){.color = true};
  warn_text(&d, WP_W_IGNORED_OPTION, buf, sizeof buf);
  CHECK(strstr(buf, "\33[01m\33[Kt.py:1:1:\33[m\33[K "));
  CHECK(strstr(buf, "\33[01;35m\33[Kwarning:\33[m\33[K msg"));
  CHECK(strstr(buf, "[\33[01;35m\33[K-Wignored-option\33[m\33[K]"));
  CHECK(strstr(buf, "\33[01;32m\33[K^\33[m\33[K"));
}

static void test_capture(void) {
  char buf[1024] = {0};
  FILE *f = fmemopen(buf, sizeof buf, "w");
  wp_diag parent = {.out = f, .werror = true};
  parent.warn[WP_W_KERNEL_REDEFINED] = WP_WARN_OFF;
  wp_diag_log *log = wp_diag_log_new();
  wp_diag cap = wp_diag_capture(&parent, log);
  wp_warning(&cap, WP_W_IGNORED_OPTION, at(0, 1, 1, 1), "kept");
  wp_note(&cap, at(6, 7, 2, 1), "its note");
  wp_warning(&cap, WP_W_KERNEL_REDEFINED, at(0, 1, 1, 1), "dropped");
  wp_note(&cap, at(6, 7, 2, 1), "dropped note");
  CHECK(cap.errors == 0 && cap.warnings == 1); /* not promoted in capture */
  CHECK(wp_diag_log_count(log) == 2);
  wp_diag_replay(&parent, log);
  fclose(f);
  CHECK(parent.werrors == 1 && wp_diag_error_count(&parent) == 1);
  /* promoted when replayed */
  CHECK(strstr(buf, "t.py:1:1: error: kept [-Werror=ignored-option]\n"));
  CHECK(strstr(buf, "t.py:2:1: note: its note\n"));
  CHECK(!strstr(buf, "dropped"));
  wp_diag_log_free(log);
}

static char *write_log(wp_diag_log *log, bool sarif) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  CHECK(!(sarif ? wp_diag_log_write_sarif(log, f, "1.2.3")
                : wp_diag_log_write_json(log, f)));
  fclose(f);
  return buf;
}

static void test_writers(void) {
  wp_diag_log *log = wp_diag_log_new();
  wp_diag d = {.log = log};
  /* y's line: the character at column 5 is two bytes */
  wp_error(&d, at(10, 12, 2, 5), "bad \"%s\"\n\x01\xff", "q");
  wp_note(&d, at(0, 1, 1, 1), "see here");
  wp_warning(&d, WP_W_IGNORED_OPTION, (wp_loc){0}, "no place");
  CHECK(wp_diag_log_count(log) == 3);
  const wp_diag_record *r = wp_diag_log_at(log, 0);
  CHECK(r && r->line == 2 && r->col == 5 && r->end_col == 6);
  char *j = write_log(log, false);
  CHECK(strstr(j, "\"message\": \"bad \\\"q\\\"\\n\\u0001\\ufffd\""));
  CHECK(strstr(j, "\"caret\": {\"file\": \"t.py\", \"line\": 2, "
                  "\"display-column\": 5, \"column\": 5}"));
  CHECK(strstr(j, "\"finish\": {\"file\": \"t.py\", \"line\": 2, "
                  "\"display-column\": 5, \"column\": 5}"));
  CHECK(strstr(j, "\"children\": [{\"kind\": \"note\", \"message\": "
                  "\"see here\""));
  CHECK(strstr(j, "{\"kind\": \"warning\", \"message\": \"no place\", "
                  "\"option\": \"-Wignored-option\", \"locations\": []"));
  free(j);
  char *s = write_log(log, true);
  CHECK(strstr(s, "\"version\": \"2.1.0\""));
  CHECK(strstr(s, "\"name\": \"warpc\", \"version\": \"1.2.3\""));
  CHECK(strstr(s, "\"region\": {\"startLine\": 2, \"startColumn\": 5, "
                  "\"endColumn\": 6}"));
  CHECK(strstr(s, "\"relatedLocations\": [{\"physicalLocation\""));
  CHECK(strstr(s, "\"ruleId\": \"ignored-option\""));
  free(s);
  wp_diag_log_free(log);
  /* a path that is no URI as it is: percent-encoded */
  log = wp_diag_log_new();
  wp_source odd = {.path = "<stdin> a:b%.py", .text = "x", .len = 1};
  d = (wp_diag){.log = log};
  wp_error(&d, (wp_loc){.src = &odd, .end = 1, .line = 1, .col = 1}, "e");
  s = write_log(log, true);
  CHECK(strstr(s, "\"uri\": \"%3Cstdin%3E%20a%3Ab%25.py\""));
  free(s);
  wp_diag_log_free(log);
}

int main(void) {
  test_names();
  test_controls();
  test_capture();
  test_writers();
  return check_report("test_diag");
}
