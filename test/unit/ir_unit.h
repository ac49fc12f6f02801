/* ir_unit.h - the helper of unit tests that compile a Warp source text to
 * IR (test_ir.c, test_injective.c, test_uniform.c, ...): parse and lower
 * it in an arena, with the diagnostics kept as text. */
#ifndef IR_UNIT_H
#define IR_UNIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "lower/lower.h"
#include "parse/parse.h"

typedef struct unit {
  wp_arena arena;
  wp_source src;
  wp_diag diag;
  ir_module *m; /* NULL when parsing or lowering failed */
  char *errors; /* diagnostics text */
  size_t errlen;
  FILE *errf;
} unit;

/* Parses and lowers `text` (module "t", backward enabled) into u->m. */
static inline void compile(unit *u, const char *text) {
  memset(u, 0, sizeof *u);
  u->src =
      (wp_source){.path = "t.py", .text = text, .len = (uint32_t)strlen(text)};
  u->errf = open_memstream(&u->errors, &u->errlen);
  u->diag.out = u->errf;
  ast_module *ast = wp_parse(&u->src, &u->arena, &u->diag);
  if (ast && !u->diag.errors)
    u->m = wp_lower(
        ast, &(wp_lower_options){.module_name = "t", .enable_backward = true},
        &u->arena, &u->diag);
  fflush(u->errf);
}

/* Runs warpc's passes on u->m as cmd/warpc/main.c does: argument
 * simplification, folding, DCE, then the adjoints. */
static inline void run_passes(unit *u) {
  if (!u->m)
    return;
  ir_simplify_args(u->m);
  ir_fold(u->m);
  ir_dce(u->m);
  ir_build_adjoints(u->m);
}

/* compile() then run_passes(); on failure prints the diagnostics to
 * stderr.  Returns whether u->m was made. */
static inline bool compile_passes(unit *u, const char *text) {
  compile(u, text);
  run_passes(u);
  if (!u->m)
    fputs(u->errors, stderr);
  return u->m != NULL;
}

/* Kernel `name` of u->m, or NULL. */
static inline ir_func *unit_kernel(unit *u, const char *name) {
  for (ir_func *f = u->m ? u->m->funcs : NULL; f; f = f->next)
    if (f->kind == IR_FUNC_KERNEL && !strcmp(f->name, name))
      return f;
  return NULL;
}

/* Releases what compile() made. */
static inline void done(unit *u) {
  fclose(u->errf);
  free(u->errors);
  wp_arena_free(&u->arena);
}

#endif
