/* fuzz_frontend.c - libFuzzer target: warpc's frontend in-process on one
 * input file (the fuzzer's bytes), through the stages cmd/warpc/main.c runs:
 * wp_load (parse) -> wp_lower_program -> ir_verify -> ir_simplify_args,
 * ir_fold, ir_dce -> ir_verify -> ir_build_adjoints, then every text output
 * (--emit=ast, ir, c, cu, header) written to a stream that discards its
 * bytes.  No external tool runs.  Built and run by `make fuzz` (Makefile).
 *
 * Besides the sanitizers' reports, an input is a crash when warpc would
 * fail without saying why or call itself broken:
 *   - a stage fails (NULL) with no error reported;
 *   - the IR does not verify (warpc's "internal error: invalid IR");
 *   - an emitter reports a write error on a stream that cannot fail.
 * The input's name is /nonexistent/warpc-fuzz/input.py: imports are looked
 * up beside it and in no -I directory, so none is ever found (every stat
 * fails on the missing directory) and no file is read. */
#define _GNU_SOURCE /* fopencookie */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "emit/emit.h"
#include "ir/ir.h"
#include "lower/lower.h"
#include "parse/parse.h"

#define INPUT_DIR "/nonexistent/warpc-fuzz"

static ssize_t discard(void *cookie, const char *buf, size_t n) {
  (void)cookie;
  (void)buf;
  return (ssize_t)n;
}

/* A write-only stream that accepts everything (diagnostics and outputs). */
static FILE *sink(void) {
  cookie_io_functions_t io = {.write = discard};
  FILE *f = fopencookie(NULL, "w", io);
  if (!f) {
    perror("fuzz_frontend: fopencookie");
    abort();
  }
  return f;
}

static _Noreturn void broken(const char *what) {
  fprintf(stderr, "fuzz_frontend: %s\n", what);
  abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  struct stat st;
  if (stat(INPUT_DIR, &st) == 0)
    broken(INPUT_DIR " exists: imports could read files from it");
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > UINT32_MAX - 1)
    return 0;
  /* wp_source.text is NUL-terminated (as warpc_read_file makes it) */
  char *text = malloc(size + 1);
  if (!text)
    return 0;
  memcpy(text, data, size);
  text[size] = 0;
  wp_source src = {
      .path = INPUT_DIR "/input.py", .text = text, .len = (uint32_t)size};
  FILE *out = sink();
  wp_arena arena = {0};
  wp_diag diag = {.out = out};
  /* Options that change what the stages do, from the input's size so that
   * an input always runs the same way. */
  bool debug = size & 1, lines = size & 2, backward = !(size & 4);

  ast_program *prog = wp_load(&src, NULL, 0, &arena, &diag);
  if (!prog && !diag.errors)
    broken("wp_load failed without an error");
  if (prog && !diag.errors) {
    const ast_module *ast = prog->modules[0];
    wp_ast_print(out, ast);
    wp_lower_options lo = {
        .module_name = "fuzz", .enable_backward = backward, .debug = debug};
    ir_module *m = wp_lower_program(prog, &lo, &arena, &diag);
    if (!m && !diag.errors)
      broken("wp_lower_program failed without an error");
    if (m && diag.errors)
      broken("wp_lower_program returned a module despite errors");
    if (m) {
      if (ir_verify(m, stderr))
        broken("invalid IR after lowering");
      ir_simplify_args(m);
      ir_fold(m);
      ir_dce(m);
      if (ir_verify(m, stderr))
        broken("invalid IR after optimisation");
      ir_build_adjoints(m);
      ir_print(out, m);
      wp_emit_options eo = {.line_directives = lines, .version = "fuzz"};
      if (wp_emit_c(out, m, &wp_target_cpu, &eo) ||
          wp_emit_c(out, m, &wp_target_cuda, &eo) ||
          wp_emit_header(out, m, &eo))
        broken("an emitter failed on a stream that cannot fail");
      /* the host C of an object with CUDA code (launchers that know the
       * fatbin's symbol) */
      eo.fatbin_symbol = "fuzz_wp_fatbin";
      if (wp_emit_c(out, m, &wp_target_cpu, &eo))
        broken("an emitter failed on a stream that cannot fail");
    }
  }
  wp_arena_free(&arena);
  fclose(out);
  free(text);
  return 0;
}
