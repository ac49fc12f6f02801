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
                             bool *internal, bool cuda_block) {
  const ast_expr **inst = WP_NEW_ARRAY(arena, const ast_expr *,
                                       o->ninstantiate ? o->ninstantiate : 1);
  if (!instances(o, arena, diag, inst))
    return NULL;
  wp_lower_options lo = {.module_name = mname,
                         .enable_backward = !o->no_adjoint,
                         .debug = o->debug,
                         .instances = inst,
                         .ninstances = o->ninstantiate,
                         .keep_going = o->keep_going,
                         .block_dim = o->block_dim,
                         .cuda_block = cuda_block};
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
  for (ir_func *f = m->funcs; f; f = f->next) {
    const ir_value *v;
    if (f->kind == IR_FUNC_KERNEL && !f->backward && !f->adjoint &&
        f->options.enable_backward && (v = ir_tile_no_adjoint(f, 0)))
      wp_warning(diag, WP_W_MISSING_BACKWARD, v->loc,
                 "kernel '%s' gets no backward kernel (no %s_backward "
                 "launcher): warpc has no adjoint of wp.%s yet",
                 f->name, f->cname, v->builtin->name);
  }
  return m;
}

/* The module the CUDA code is emitted from, when `m` (lowered for the CPU)
 * uses the block width (wp.tile, wp.untile: one thread on the CPU, the
 * module's block_dim on CUDA) and CUDA code may be written: lowered again
 * into m->cuda, its warnings not repeated, nor its errors when there are
 * no more than the `cpu_errors` of m's lowering (-fkeep-going: the same
 * kernels left out); false when that failed (its errors reported,
 * *internal set for invalid IR). */
static bool compile_cuda_ir(const options *o, const ast_program *prog,
                            const char *mname, wp_arena *arena, wp_diag *diag,
                            bool *internal, int cpu_errors, ir_module *m) {
  if (!m->block_width || o->emit == EMIT_AST || o->emit == EMIT_IR ||
      o->emit == EMIT_C || o->emit == EMIT_HEADER ||
      (o->emit == EMIT_OBJ && o->cuda == CUDA_OFF))
    return true;
  wp_diag_log *log = wp_diag_log_new();
  wp_diag quiet = wp_diag_capture(diag, log);
  quiet.max_errors = diag->max_errors;
  quiet.no_warnings = true;
  m->cuda = compile_ir(o, prog, mname, arena, &quiet, internal, true);
  if (quiet.errors > cpu_errors) /* CUDA's own (the block width's) */
    wp_diag_replay(diag, log);
  wp_diag_log_free(log);
  /* one header for both: a kernel has a backward kernel on both targets
     or on neither (a builtin of the block width without an adjoint rule
     in one form only) */
  bool same = m->cuda != NULL;
  for (ir_func *f = m->funcs; f && m->cuda; f = f->next) {
    if (f->kind != IR_FUNC_KERNEL || f->backward)
      continue;
    for (ir_func *g = m->cuda->funcs; g; g = g->next)
      if (g->kind == IR_FUNC_KERNEL && !g->backward &&
          !strcmp(g->cname, f->cname) && !f->adjoint != !g->adjoint) {
        const ir_value *v = ir_tile_no_adjoint(f->adjoint ? g : f, 0);
        wp_error(diag, v ? v->loc : f->loc,
                 "kernel '%s' gets a backward kernel on %s but not on %s "
                 "(block width %d), where warpc has no adjoint of wp.%s yet",
                 f->name, f->adjoint ? "the CPU" : "CUDA",
                 f->adjoint ? "CUDA" : "the CPU", m->cuda->block_dim,
                 v ? v->builtin->name : "?");
        same = false;
      }
  }
  return same;
}

/* The outputs of a run, in the record `w`: indices, -1 when there is none
 * (out: the text goes to standard output). */
typedef struct plan {
  int out, hdr, dep;
  char *out_path; /* the main output (NULL: standard output) */
} plan;

/* Adds the outputs that the options ask for to `w`: 0, or 2 for a usage
 * error (reported). */
static int plan_outputs(const options *o, warpc_outputs *w, plan *p) {
  *p = (plan){.out = -1, .hdr = -1, .dep = -1};
  if (o->syntax_only) {
    const char *given = o->output       ? "-o"
                        : o->header     ? "-H"
                        : o->depfile    ? "a depfile option"
                        : o->emit_given ? "--emit"
                                        : NULL;
    if (given) {
      warpc_error("-fsyntax-only writes nothing: %s cannot be "
                  "given with it\n",
                  given);
      return 2;
    }
    return 0;
  }
  bool to_stdout = !o->output || !strcmp(o->output, "-");
  /* '-' is standard output for -o, -H and -MF, as for gcc; one at most */
  const char *on_stdout[3];
  int nstdout = 0;
  if (to_stdout && (o->emit != EMIT_OBJ || o->output))
    on_stdout[nstdout++] = "output";
  if (o->emit == EMIT_OBJ && o->header && !strcmp(o->header, "-"))
    on_stdout[nstdout++] = "header";
  if (o->depfile && o->dep_file && !strcmp(o->dep_file, "-"))
    on_stdout[nstdout++] = "depfile";
  if (nstdout > 1) {
    warpc_error("the %s and the %s cannot both be written to "
                "standard output\n",
                on_stdout[0], on_stdout[1]);
    return 2;
  }
  if (o->emit == EMIT_OBJ) {
    if (!o->output && warpc_from_stdin(o)) {
      warpc_error("the input is standard input: give -o "
                  "FILE for the object\n");
      return 2;
    }
    if (o->output && !strcmp(o->output, "-")) {
      warpc_error("an object cannot be written to standard output; "
                  "use --emit=c|cu|ir|ast|header for text\n");
      return 2;
    }
    to_stdout = false;
    p->out_path =
        o->output ? strdup(o->output) : warpc_with_ext(o->input, ".o");
    p->out = warpc_outputs_add(w, p->out_path, "output");
    char *hdr =
        o->header ? strdup(o->header) : warpc_with_ext(p->out_path, ".h");
    p->hdr = warpc_outputs_add(w, hdr, "header");
    w->v[p->hdr].keep_same = true;
    free(hdr);
  } else if (!o->output && (o->emit == EMIT_CUBIN || o->emit == EMIT_FATBIN)) {
    /* binary: to standard output only when asked for (-o -), as gcc -c */
    warpc_error("--emit=%s writes binary data: give -o FILE, or "
                "-o - for standard output\n",
                o->emit == EMIT_CUBIN ? "cubin" : "fatbin");
    return 2;
  } else if (!to_stdout) {
    p->out_path = strdup(o->output);
    p->out = warpc_outputs_add(w, p->out_path, "output");
  }
  if (o->depfile) {
    if (to_stdout && (!o->dep_file || !o->ndep_targets)) {
      warpc_error("a depfile for output on standard "
                  "output needs -MF FILE and -MT TARGET\n");
      return 2;
    }
    char *d =
        o->dep_file ? strdup(o->dep_file) : warpc_with_ext(p->out_path, ".d");
    p->dep = warpc_outputs_add(w, d, "depfile");
    free(d);
  }
  return 0;
}

/* Writes the outputs of `p` (their stages first, then all moved into place
 * at once); the exit status. */
static int write_outputs(const options *o, warpc_outputs *w, const plan *p,
                         ir_module *m, const ast_module *ast,
                         const wp_emit_options *eo, const ast_program *prog,
                         wp_diag *diag, warpc_run *run) {
  int rc = warpc_outputs_prepare(w);
  const warpc_outfile *out = p->out >= 0 ? &w->v[p->out] : NULL;
  if (!rc && o->emit == EMIT_OBJ) {
    rc = warpc_compile_object(o, m, eo, &w->cl, out, &w->v[p->hdr], diag, run);
  } else if (!rc) {
    FILE *f = out ? fopen(out->stage, "wb") : stdout;
    if (!f) {
      warpc_error("cannot write '%s': %s\n", out->path, strerror(errno));
      rc = 2;
    } else {
      const char *shown = out ? out->path : NULL;
      rc = warpc_emit_text(o, m, ast, eo, &w->cl, f, shown);
      int wrc = warpc_stream_done(f, shown);
      rc = rc ? rc : wrc;
    }
  }
  if (!rc && p->dep >= 0)
    rc = warpc_depfile_write(o, prog, p->out_path, w->v[p->dep].stage,
                             w->v[p->dep].path);
  if (!rc)
    rc = warpc_outputs_commit(w);
  return rc;
}

/* The compilation, outputs planned and checked against the input. */
static int compile(const options *o, warpc_outputs *w, const plan *p,
                   const char *text, uint32_t len, warpc_run *run) {
  bool in = warpc_from_stdin(o);
  wp_source src = {
      .path = in ? WARPC_STDIN_NAME : o->input, .text = text, .len = len};
  char *stem = o->module ? NULL : warpc_module_name(in ? "stdin" : o->input);
  const char *mname = o->module ? o->module : stem;
  if (!warpc_valid_ident(mname)) {
    int rc = warpc_usage_error("module name '%s' is not a C identifier", mname);
    free(stem);
    return rc;
  }
  wp_arena arena = {0};
  wp_diag diag = o->diag;
  diag.out = stderr;
  ast_program *prog = wp_load(&src, o->include, o->ninclude, &arena, &diag);
  const ast_module *ast = prog ? prog->modules[0] : NULL;
  bool internal = false;
  ir_module *m = NULL;
  int rc = 1;
  if (ast && !diag.errors &&
      (rc = warpc_outputs_check(w, prog->files, prog->nfiles))) {
    /* an output that is an imported module: a usage error */
  } else if (ast && !diag.errors && o->emit == EMIT_AST) {
    rc = wp_diag_error_count(&diag)
             ? 1
             : write_outputs(o, w, p, NULL, ast, NULL, prog, &diag, run);
  } else if (ast && !diag.errors &&
             (m = compile_ir(o, prog, mname, &arena, &diag, &internal,
                             false)) &&
             compile_cuda_ir(o, prog, mname, &arena, &diag, &internal,
                             diag.errors, m)) {
    warpc_names names;
    warpc_names_init(&names, o);
    wp_emit_options eo = {.line_directives = o->line_directives,
                          .no_spmd = o->no_spmd,
                          .version = WARPC_VERSION,
                          .source_name = warpc_source_name,
                          .source_name_ctx = &names};
    /* a warning made an error lets the compilation go on, as in gcc, but
       nothing is written; -fkeep-going writes the kernels that compiled
       (errors still make the exit status 1) */
    rc = wp_diag_error_count(&diag) && !o->keep_going ? 1
         : o->syntax_only
             ? 0
             : write_outputs(o, w, p, m, ast, &eo, prog, &diag, run);
    if (!rc && wp_diag_error_count(&diag))
      rc = 1; /* -Werror=cuda-toolkit while writing */
    warpc_names_free(&names);
  } else
    rc = internal ? 2 : 1;
  wp_arena_free(&arena);
  free(stem);
  return rc;
}

/* Plans, reads, checks and compiles the input o->input with the outputs
 * record `w` (left empty again); the exit status. */
static int compile_input(const options *o, warpc_outputs *w, warpc_run *run) {
  plan p;
  int rc = plan_outputs(o, w, &p);
  uint32_t len = 0;
  char *text = rc ? NULL : warpc_read_file(o->input, &len);
  if (!rc && !text) {
    warpc_error("cannot read '%s': %s\n", o->input, strerror(errno));
    rc = 2;
  }
  const char *inputs[] = {o->input};
  if (!rc && !warpc_from_stdin(o))
    rc = warpc_outputs_check(w, inputs, 1);
  if (!rc)
    rc = compile(o, w, &p, text, len, run);
  warpc_outputs_finish(w);
  free(p.out_path);
  free(text);
  return rc;
}

/* The -W options that name no warning: each an unknown-warning-option
 * warning, reported once; 1 when one was an error (-Werror): nothing is
 * compiled then. */
static int unknown_warning_options(const options *o) {
  wp_diag d = o->diag;
  d.out = stderr;
  for (int i = 0; i < o->nunknown_w; i++) {
    int j = 0;
    while (j < i && strcmp(o->unknown_w[j], o->unknown_w[i]))
      j++;
    if (j < i) /* given again: reported once */
      continue;
    wp_warning(&d, WP_W_UNKNOWN_WARNING_OPTION, (wp_loc){0},
               "unknown warning option '%s'", o->unknown_w[i]);
  }
  return wp_diag_error_count(&d) ? 1 : 0;
}

/* -fdiagnostics-format=json|sarif: the log of the run on stderr.  A
 * failure to write it is ignored, as a failure to write text diagnostics
 * is (and as gcc does): the exit status says whether the compilation
 * failed, in every format, not whether its diagnostics could be written. */
static void write_log(const options *o, wp_diag_log *log) {
  if (o->diag_format == WP_DIAG_SARIF)
    (void)wp_diag_log_write_sarif(log, stderr, WARPC_VERSION);
  else
    (void)wp_diag_log_write_json(log, stderr);
}

int main(int argc, char **argv) {
  options o = {0};
  int rc = warpc_parse_args(argc, argv, &o);
  if (rc) {
    warpc_free_args(&o);
    return rc;
  }
  /* json and sarif: every compilation records in one log, written at the
     end; messages of the driver itself ("warpc: error: ...") stay text */
  if (o.diag_format != WP_DIAG_TEXT)
    o.diag.log = wp_diag_log_new();
  rc = unknown_warning_options(&o);
  warpc_outputs w = {0};
  warpc_run run = {0};
  warpc_signals_install(&w.cl);
  /* each input on its own, all of them even after a failure (as gcc -c);
     the exit status is the worst */
  bool refused = rc != 0; /* an unknown -W option made an error */
  for (int i = 0; !refused && i < o.ninputs; i++) {
    o.input = o.inputs[i];
    int st = compile_input(&o, &w, &run);
    rc = st > rc ? st : rc;
  }
  if (o.diag.log) {
    write_log(&o, o.diag.log);
    wp_diag_log_free(o.diag.log);
  }
  warpc_free_args(&o);
  return rc;
}
