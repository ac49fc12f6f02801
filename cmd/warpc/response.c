/* response.c - "@file" arguments: the words of the file in its place, as
 * gcc and clang read response files.  Words are separated by white space;
 * 'single quotes' keep everything literally, "double quotes" and bare words
 * take a backslash as an escape of the next character.  A response file may
 * name others, up to WARPC_MAX_RESPONSE_DEPTH deep. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpc.h"

static void *grow(void *p, size_t n, size_t size) {
  void *q = realloc(p, n * size);
  if (!q) {
    fputs("warpc: fatal: out of memory\n", stderr);
    abort();
  }
  return q;
}

static void push(warpc_argv *a, char *word, bool own) {
  if (a->argc + 2 > a->cap) {
    a->cap = a->cap ? 2 * a->cap : 16;
    a->argv = grow(a->argv, (size_t)a->cap, sizeof *a->argv);
    a->own = grow(a->own, (size_t)a->cap, sizeof *a->own);
  }
  a->own[a->argc] = own;
  a->argv[a->argc++] = word;
  a->argv[a->argc] = NULL;
}

static int expand(warpc_argv *a, const char *arg, int depth);

/* The words of the text `t` into `a` (each one malloc'd); 0, or 2 for an
 * unterminated quote in `path` (reported). */
static int split(warpc_argv *a, const char *t, const char *path, int depth) {
  size_t n = strlen(t);
  char *w = grow(NULL, n + 1, 1);
  int rc = 0;
  const char *p = t;
  while (!rc) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' ||
           *p == '\v')
      p++;
    if (!*p)
      break;
    size_t k = 0;
    char quote = 0;
    for (; *p; p++) {
      if (quote == '\'') {
        if (*p == '\'')
          quote = 0;
        else
          w[k++] = *p;
      } else if (*p == '\\' && p[1]) {
        w[k++] = *++p;
      } else if (quote == '"') {
        if (*p == '"')
          quote = 0;
        else
          w[k++] = *p;
      } else if (*p == '\'' || *p == '"') {
        quote = *p;
      } else if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' ||
                 *p == '\f' || *p == '\v') {
        break;
      } else {
        w[k++] = *p;
      }
    }
    if (quote) {
      warpc_error("response file '%s': unterminated %s quote\n", path,
                  quote == '"' ? "double" : "single");
      rc = 2;
      break;
    }
    w[k] = 0;
    rc = expand(a, w, depth);
  }
  free(w);
  return rc;
}

/* One argument: pushed as it is, or, for "@file", the file's words. */
static int expand(warpc_argv *a, const char *arg, int depth) {
  if (arg[0] != '@' || !arg[1]) {
    char *copy = strdup(arg);
    if (!copy) {
      fputs("warpc: fatal: out of memory\n", stderr);
      abort();
    }
    push(a, copy, true);
    return 0;
  }
  if (depth >= WARPC_MAX_RESPONSE_DEPTH) {
    warpc_error("response file '%s': response files nested more "
                "than %d deep (one names itself?)\n",
                arg + 1, WARPC_MAX_RESPONSE_DEPTH);
    return 2;
  }
  uint32_t len = 0;
  char *text = warpc_read_file(arg + 1, &len);
  if (!text) {
    warpc_error("cannot read response file '%s': %s\n", arg + 1,
                strerror(errno));
    return 2;
  }
  int rc = strlen(text) == len ? split(a, text, arg + 1, depth + 1) : 0;
  if (strlen(text) != len) {
    warpc_error("response file '%s' holds a NUL byte\n", arg + 1);
    rc = 2;
  }
  free(text);
  return rc;
}

int warpc_argv_expand(int argc, char **argv, warpc_argv *out) {
  *out = (warpc_argv){0};
  if (argc > 0)
    push(out, argv[0], false);
  int rc = 0;
  for (int i = 1; i < argc && !rc; i++) {
    if (argv[i][0] == '@' && argv[i][1])
      rc = expand(out, argv[i], 0);
    else
      push(out, argv[i], false);
  }
  return rc;
}

void warpc_argv_free(warpc_argv *a) {
  for (int i = 0; i < a->argc; i++)
    if (a->own[i])
      free(a->argv[i]);
  free(a->argv);
  free(a->own);
  *a = (warpc_argv){0};
}
