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

/* The rule's targets in gcc's order.  Its driver passes every -MQ before
 * every -MT, and each -MT (literal) then takes the place of the earliest
 * quoted target, which moves to the end: the literal targets come first, in
 * order, then the quoted ones from the r-th on, then the first r of them,
 * r being the smaller of the two counts (no table needed). */
static void put_targets(FILE *f, const options *o) {
  int n = o->ndep_targets, nliteral = 0;
  const char *sep = "";
  for (int i = 0; i < n; i++)
    if (!o->dep_quote[i]) {
      fputs(sep, f), fputs(o->dep_targets[i], f);
      sep = " ";
      nliteral++;
    }
  int nquoted = n - nliteral;
  int r = nliteral < nquoted ? nliteral : nquoted;
  for (int pass = 0; pass < 2; pass++) /* quoted r.., then 0..r-1 */
    for (int i = 0, q = 0; i < n; i++)
      if (o->dep_quote[i] && (q++ >= r) == (pass == 0)) {
        fputs(sep, f), put_path(f, o->dep_targets[i]);
        sep = " ";
      }
}

static void write_rules(FILE *f, const options *o, const ast_program *prog,
                        const char *out_path) {
  if (o->ndep_targets)
    put_targets(f, o);
  else
    put_path(f, out_path);
  fputc(':', f);
  /* standard input is no file for Make: only the imported modules */
  for (int i = warpc_from_stdin(o) ? 1 : 0, first = i; i < prog->nfiles; i++) {
    fputs(i > first ? " \\\n " : " ", f);
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
    warpc_error("cannot write '%s': %s\n", shown, strerror(errno));
    return 2;
  }
  write_rules(f, o, prog, out_path);
  return warpc_stream_done(f, shown);
}
