/* depfile.c - the Make depfile of a compilation (-MD, -MF, -MT, -MQ, -MP), as
 * gcc writes it for headers: the output depends on the kernel file and on every
 * Python module it imported, directly or not, that was found and read. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpc.h"

/* A name quoted as gcc quotes it for Make: '$' doubled; a space or tab
 * escaped with '\\', the backslashes just before it doubled; '#' escaped. */
static void put_path(FILE *f, const char *p) {
  const char *start = p;
  for (; *p; p++) {
    if (*p == ' ' || *p == '\t') {
      for (const char *q = p; q > start && q[-1] == '\\'; q--)
        fputc('\\', f);
      fputc('\\', f);
    } else if (*p == '#')
      fputc('\\', f);
    else if (*p == '$')
      fputc('$', f);
    fputc(*p, f);
  }
}

/* The rule's targets in gcc's order: its driver passes every -MQ before
 * every -MT, and each -MT (literal) then takes the place of the earliest
 * quoted target, which moves to the end. */
static void put_targets(FILE *f, const options *o) {
  int n = o->ndep_targets, k = 0, lwm = 0;
  int *order = malloc((size_t)(n ? n : 1) * sizeof *order);
  if (!order) {
    fputs("warpc: fatal: out of memory\n", stderr);
    abort();
  }
  for (int i = 0; i < n; i++)
    if (o->dep_quote[i])
      order[k++] = i;
  for (int i = 0; i < n; i++)
    if (!o->dep_quote[i]) {
      order[k] = i;
      if (lwm != k) {
        order[k] = order[lwm];
        order[lwm] = i;
      }
      k++, lwm++;
    }
  for (int j = 0; j < n; j++) {
    const char *t = o->dep_targets[order[j]];
    if (j)
      fputc(' ', f);
    if (o->dep_quote[order[j]])
      put_path(f, t);
    else
      fputs(t, f);
  }
  free(order);
}

static void write_rules(FILE *f, const options *o, const ast_program *prog,
                        const char *out_path) {
  if (o->ndep_targets)
    put_targets(f, o);
  else
    put_path(f, out_path);
  fputc(':', f);
  for (int i = 0; i < prog->nfiles; i++) {
    fputs(i ? " \\\n " : " ", f);
    put_path(f, prog->files[i]);
  }
  fputc('\n', f);
  if (o->dep_phony) /* deleting a module must not break the next make */
    for (int i = 1; i < prog->nfiles; i++) {
      fputc('\n', f);
      put_path(f, prog->files[i]);
      fputs(":\n", f);
    }
}

int warpc_depfile_write(const options *o, const ast_program *prog,
                        const char *out_path, const char *stage,
                        const char *shown) {
  FILE *f = fopen(stage, "w");
  if (!f) {
    fprintf(stderr, "warpc: error: cannot write '%s': %s\n", shown,
            strerror(errno));
    return 2;
  }
  write_rules(f, o, prog, out_path);
  return warpc_stream_done(f, shown);
}
