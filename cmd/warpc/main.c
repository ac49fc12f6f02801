/* main.c - the warpc command line: reads a .py file, runs parse -> lower ->
 * passes -> emit, and writes the requested output (options.c, output.c).
 * Exit status: 0 success, 1 errors in the input, 2 usage or tool failure. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpc.h"

/* The --instantiate specs, each parsed as a Python call `K(T, ...)`;
 * false when one is malformed (reported). */
static bool instances(const options *o, wp_arena *arena, wp_diag *diag,
                      const ast_expr **out) {
  for (int i = 0; i < o->ninstantiate; i++) {
    wp_source *src = WP_NEW(arena, wp_source);
    src->path = "--instantiate";
    src->text = wp_arena_strdup(arena, o->instantiate[i]);
    src->len = (uint32_t)strlen(src->text);
    int errors = diag->errors;
    ast_module *m = wp_parse(src, arena, diag);
    if (!m || diag->errors > errors)
      return false;
    if (m->ncalls != 1 || m->ndefs || m->nglobals ||
        m->calls[0]->value->kind != AST_EXPR_NAME) {
      wp_error(diag, (wp_loc){.src = src, .end = src->len, .line = 1, .col = 1},
               "--instantiate takes a kernel name and its parameter types, "
               "e.g. 'k(array(float32), float32)'");
      return false;
    }
    out[i] = m->calls[0];
  }
  return true;
}

/* Lowering and the passes; NULL when the input had errors (reported) or the
 * IR failed verification (*internal set). */
static ir_module *compile_ir(const options *o, const ast_program *prog,
                             const char *mname, wp_arena *arena, wp_diag *diag,
                             bool *internal) {
  const ast_expr *inst[MAX_PASS];
  if (!instances(o, arena, diag, inst))
    return NULL;
  wp_lower_options lo = {.module_name = mname,
                         .enable_backward = !o->no_adjoint,
                         .debug = o->debug,
                         .instances = inst,
                         .ninstances = o->ninstantiate};
  ir_module *m = wp_lower_program(prog, &lo, arena, diag);
  if (!m)
    return NULL;
  if (ir_verify(m, stderr)) {
    fprintf(stderr, "warpc: internal error: invalid IR after lowering\n");
    *internal = true;
    return NULL;
  }
  ir_simplify_args(m);
  ir_fold(m);
  ir_dce(m);
  if (ir_verify(m, stderr)) {
    fprintf(stderr, "warpc: internal error: invalid IR after optimisation\n");
    *internal = true;
    return NULL;
  }
  ir_build_adjoints(m);
  return m;
}

static int object(const options *o, ir_module *m, const wp_emit_options *eo,
                  const ast_program *prog) {
  if (o->output && !strcmp(o->output, "-")) {
    fprintf(stderr,
            "warpc: error: an object cannot be written to standard output; "
            "use --emit=c|cu|ir|ast|header for text\n");
    return 2;
  }
  char *out = o->output ? strdup(o->output) : warpc_with_ext(o->input, ".o");
  char *hdr = o->header ? strdup(o->header) : warpc_with_ext(out, ".h");
  int rc;
  if (!strcmp(out, o->input) || !strcmp(hdr, o->input)) {
    fprintf(stderr, "warpc: error: output would overwrite the input '%s'\n",
            o->input);
    rc = 2;
  } else {
    warpc_depfile dep;
    rc = warpc_depfile_begin(o, prog, out, &dep);
    if (!rc)
      rc = warpc_compile_object(o, m, eo, out, hdr);
    if (!rc)
      rc = warpc_depfile_commit(&dep);
    else
      warpc_depfile_abort(&dep);
  }
  free(out);
  free(hdr);
  return rc;
}

/* Text output (--emit other than obj), with its depfile. */
static int text_output(const options *o, ir_module *m, const ast_module *ast,
                       const wp_emit_options *eo, const ast_program *prog) {
  warpc_depfile dep;
  int rc = warpc_depfile_begin(o, prog, o->output, &dep);
  if (!rc)
    rc = warpc_emit_text(o, m, ast, eo);
  if (!rc)
    rc = warpc_depfile_commit(&dep);
  else
    warpc_depfile_abort(&dep);
  return rc;
}

int main(int argc, char **argv) {
  options o = {0};
  int rc = warpc_parse_args(argc, argv, &o);
  if (rc)
    return rc;
  wp_source src = {.path = o.input};
  char *text = warpc_read_file(o.input, &src.len);
  if (!text) {
    fprintf(stderr, "warpc: error: cannot read '%s': %s\n", o.input,
            strerror(errno));
    return 2;
  }
  src.text = text;
  char *stem = o.module ? NULL : warpc_module_name(o.input);
  const char *mname = o.module ? o.module : stem;
  if (!warpc_valid_ident(mname)) {
    free(text);
    rc = warpc_usage_error("module name '%s' is not a C identifier", mname);
    free(stem);
    return rc;
  }
  wp_arena arena = {0};
  wp_diag diag = {.out = stderr};
  ast_program *prog = wp_load(&src, o.include, o.ninclude, &arena, &diag);
  const ast_module *ast = prog ? prog->modules[0] : NULL;
  bool internal = false;
  ir_module *m = NULL;
  rc = 1;
  if (ast && !diag.errors && o.emit == EMIT_AST) {
    rc = text_output(&o, NULL, ast, NULL, prog);
  } else if (ast && !diag.errors &&
             (m = compile_ir(&o, prog, mname, &arena, &diag, &internal))) {
    wp_emit_options eo = {.line_directives = o.line_directives,
                          .version = WARPC_VERSION};
    if (o.emit == EMIT_OBJ)
      rc = object(&o, m, &eo, prog);
    else
      rc = text_output(&o, m, ast, &eo, prog);
  } else if (internal)
    rc = 2;
  wp_arena_free(&arena);
  free(stem);
  free(text);
  return rc;
}
