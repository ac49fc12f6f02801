/* diag_log.c - the records of a wp_diag_log (diag_log.h). */
#include "diag_log.h"

#include <stdlib.h>
#include <string.h>

struct wp_diag_log {
  wp_diag_record *v;
  int n, cap;
};

static void *check(void *p) {
  if (!p) {
    fputs("warpc: fatal: out of memory\n", stderr);
    abort();
  }
  return p;
}

static char *copy(const char *s) {
  if (!s)
    return NULL;
  size_t n = strlen(s) + 1;
  return memcpy(check(malloc(n)), s, n);
}

wp_diag_log *wp_diag_log_new(void) {
  return check(calloc(1, sizeof(wp_diag_log)));
}

void wp_diag_log_free(wp_diag_log *log) {
  if (!log)
    return;
  for (int i = 0; i < log->n; i++) {
    free(log->v[i].path);
    free(log->v[i].message);
  }
  free(log->v);
  free(log);
}

void wp_diag_log_add(wp_diag_log *log, const wp_diag_record *r) {
  if (log->n == log->cap) {
    log->cap = log->cap ? 2 * log->cap : 16;
    log->v = check(realloc(log->v, (size_t)log->cap * sizeof *log->v));
  }
  wp_diag_record *c = &log->v[log->n++];
  *c = *r;
  c->path = copy(r->path);
  c->message = copy(r->message ? r->message : "");
}

int wp_diag_log_count(const wp_diag_log *log) {
  return log ? log->n : 0;
}

const wp_diag_record *wp_diag_log_at(const wp_diag_log *log, int i) {
  return log && i >= 0 && i < log->n ? &log->v[i] : NULL;
}
