/* main.c - the warpc command line: reads a .py file, runs parse -> lower ->
 * passes -> emit, and drives clang to produce a host object and a header.
 * Exit status: 0 success, 1 errors in the input, 2 usage or tool failure. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emit/emit.h"
#include "ir/ir.h"
#include "parse/parse.h"

#ifndef WARPC_VERSION
#define WARPC_VERSION "0.0.0"
#endif

typedef enum { EMIT_OBJ, EMIT_AST, EMIT_IR, EMIT_C, EMIT_HEADER } emit_kind;

typedef struct options {
  const char *input;
  const char *output;
  const char *header;
  const char *module;
  const char *cc;
  emit_kind emit;
  int opt_level;
  bool verbose;
  bool no_adjoint;
  bool line_directives;
} options;

static void usage(FILE *out) {
  fputs(
      "usage: warpc [options] FILE.py\n"
      "\n"
      "Compiles the @wp.kernel and @wp.func definitions of a Warp Python file\n"
      "into a host object with a C launcher per kernel, and a C header.\n"
      "\n"
      "options:\n"
      "  -o FILE           output file (default: FILE's stem + .o; '-' = "
      "stdout\n"
      "                    for --emit other than obj)\n"
      "  -H FILE           header path (default: the output with .h)\n"
      "  --emit=KIND       obj (default), ast, ir, c, header\n"
      "  --module NAME     module name: prefix of the launchers (default: the\n"
      "                    file's stem)\n"
      "  -O0 -O1 -O2 -O3   optimisation level of the C compiler (default -O2)\n"
      "  -g0               no #line directives in generated C\n"
      "  --cc PATH         C compiler for host objects (default: $WARPC_CC or "
      "clang)\n"
      "  --no-adjoint      generate no backward kernels (reserved: adjoints "
      "are\n"
      "                    not generated yet)\n"
      "  -v                print every external command\n"
      "  --version         print the version and exit\n"
      "  -h, --help        print this help and exit\n",
      out);
}

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "warpc: error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nTry 'warpc --help'.\n");
  return 2;
}

static int parse_args(int argc, char **argv, options *o) {
  o->opt_level = 2;
  o->line_directives = true;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      exit(0);
    } else if (!strcmp(a, "--version")) {
      printf("warpc %s\n", WARPC_VERSION);
      exit(0);
    } else if (!strcmp(a, "-o") || !strcmp(a, "-H") || !strcmp(a, "--module") ||
               !strcmp(a, "--cc")) {
      if (i + 1 >= argc)
        return usage_error("option '%s' needs an argument", a);
      const char *v = argv[++i];
      if (a[1] == 'o')
        o->output = v;
      else if (a[1] == 'H')
        o->header = v;
      else if (!strcmp(a, "--module"))
        o->module = v;
      else
        o->cc = v;
    } else if (!strncmp(a, "--module=", 9)) {
      o->module = a + 9;
    } else if (!strncmp(a, "--emit=", 7)) {
      const char *k = a + 7;
      if (!strcmp(k, "obj"))
        o->emit = EMIT_OBJ;
      else if (!strcmp(k, "ast"))
        o->emit = EMIT_AST;
      else if (!strcmp(k, "ir"))
        o->emit = EMIT_IR;
      else if (!strcmp(k, "c"))
        o->emit = EMIT_C;
      else if (!strcmp(k, "header"))
        o->emit = EMIT_HEADER;
      else
        return usage_error("unknown --emit kind '%s' (obj, ast, ir, c, header)",
                           k);
    } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' &&
               !a[3]) {
      o->opt_level = a[2] - '0';
    } else if (!strcmp(a, "-g0")) {
      o->line_directives = false;
    } else if (!strcmp(a, "-v")) {
      o->verbose = true;
    } else if (!strcmp(a, "--no-adjoint")) {
      o->no_adjoint = true;
    } else if (a[0] == '-' && a[1]) {
      return usage_error("unknown option '%s'", a);
    } else if (o->input) {
      return usage_error("more than one input file ('%s')", a);
    } else {
      o->input = a;
    }
  }
  if (!o->input)
    return usage_error("%s", "no input file");
  return 0;
}

static char *read_file(const char *path, uint32_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  errno = 0;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  size_t got;
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *nb = realloc(buf, (cap *= 2) + 1);
      if (!nb) {
        free(buf);
        buf = NULL;
      }
      buf = nb;
    }
  }
  int err = ferror(f) ? (errno ? errno : EIO) : 0; /* EISDIR for a directory */
  fclose(f);
  if (!buf || err || n > UINT32_MAX) {
    free(buf);
    errno = err ? err : ENOMEM;
    return NULL;
  }
  buf[n] = 0;
  *len = (uint32_t)n;
  return buf;
}

/* The file stem as a C identifier: "my-kernels.py" -> "my_kernels". */
static char *module_name(const char *path) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t n = strcspn(base, ".");
  char *m = malloc(n + 2);
  size_t j = 0;
  if (n == 0 || (base[0] >= '0' && base[0] <= '9'))
    m[j++] = '_';
  for (size_t i = 0; i < n; i++) {
    char c = base[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '_';
    m[j++] = ok ? c : '_';
  }
  m[j] = 0;
  return m;
}

static bool valid_ident(const char *s) {
  if (!*s || (*s >= '0' && *s <= '9'))
    return false;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
          (*s >= '0' && *s <= '9') || *s == '_'))
      return false;
  return true;
}

/* path with its extension replaced by ext (".o", ".h"). */
static char *with_ext(const char *path, const char *ext) {
  const char *slash = strrchr(path, '/');
  const char *dot = strrchr(path, '.');
  size_t n =
      dot && (!slash || dot > slash) ? (size_t)(dot - path) : strlen(path);
  char *r = malloc(n + strlen(ext) + 1);
  memcpy(r, path, n);
  strcpy(r + n, ext);
  return r;
}

typedef int (*writer_fn)(FILE *out, ir_module *m, const wp_emit_options *eo);

static int write_c(FILE *out, ir_module *m, const wp_emit_options *eo) {
  return wp_emit_c(out, m, &wp_target_cpu, eo);
}
static int write_header(FILE *out, ir_module *m, const wp_emit_options *eo) {
  return wp_emit_header(out, m, eo);
}

/* Writes `fn`'s output to `path` atomically (temp name beside it, rename). */
static int write_atomic(const char *path, writer_fn fn, ir_module *m,
                        const wp_emit_options *eo, char **tmp_out) {
  char *tmp = wp_temp_beside(path);
  if (!tmp) {
    fprintf(stderr, "warpc: error: cannot create a file beside '%s': %s\n",
            path, strerror(errno));
    return 2;
  }
  FILE *f = fopen(tmp, "w");
  int rc = !f || fn(f, m, eo) != 0;
  if (f && fclose(f) != 0)
    rc = 1;
  if (rc) {
    fprintf(stderr, "warpc: error: cannot write '%s'\n", path);
    unlink(tmp);
    free(tmp);
    return 2;
  }
  *tmp_out = tmp;
  return 0;
}

static int compile_object(const options *o, ir_module *m,
                          const wp_emit_options *eo, const char *out_path,
                          const char *header_path) {
  char *dir = wp_make_temp_dir();
  if (!dir) {
    fprintf(stderr, "warpc: error: cannot create a temporary directory: %s\n",
            strerror(errno));
    return 2;
  }
  size_t n = strlen(dir) + 32;
  char *csrc = malloc(n);
  snprintf(csrc, n, "%s/%s.c", dir, m->name);
  FILE *f = fopen(csrc, "w");
  int rc = 0;
  if (!f || write_c(f, m, eo) != 0) {
    fprintf(stderr, "warpc: error: cannot write '%s'\n", csrc);
    rc = 2;
  }
  if (f)
    fclose(f);
  char *tmp_obj = rc ? NULL : wp_temp_beside(out_path);
  if (!rc && !tmp_obj) {
    fprintf(stderr, "warpc: error: cannot create a file beside '%s': %s\n",
            out_path, strerror(errno));
    rc = 2;
  }
  if (!rc) {
    const char *cc = o->cc ? o->cc : getenv("WARPC_CC");
    char olevel[4] = {'-', 'O', (char)('0' + o->opt_level), 0};
    /* the temporary directory's name must not reach the object (determinism) */
    char prefix_map[600];
    snprintf(prefix_map, sizeof prefix_map, "-ffile-prefix-map=%s=.", dir);
    char *argv[] = {(char *)(cc && *cc ? cc : "clang"),
                    "-c",
                    "-x",
                    "c",
                    "-std=c11",
                    olevel,
                    "-fPIC",
                    "-fwrapv",
                    "-ffp-contract=off",
                    "-fno-math-errno",
                    "-w",
                    "-g",
                    prefix_map,
                    csrc,
                    "-o",
                    tmp_obj,
                    NULL};
    int st = wp_run_tool(argv, o->verbose);
    if (st != 0) {
      if (st < 0)
        fprintf(stderr, "warpc: error: could not run the C compiler\n");
      else
        fprintf(stderr,
                "warpc: error: the C compiler '%s' failed on the generated "
                "code%s\n",
                argv[0], (cc && *cc) ? "" : "; this is a bug in warpc");
      rc = 2;
    }
  }
  char *tmp_h = NULL;
  if (!rc)
    rc = write_atomic(header_path, write_header, m, eo, &tmp_h);
  if (!rc &&
      (rename(tmp_obj, out_path) != 0 || rename(tmp_h, header_path) != 0)) {
    fprintf(stderr, "warpc: error: cannot write '%s': %s\n", out_path,
            strerror(errno));
    unlink(out_path);
    rc = 2;
  }
  if (rc) {
    if (tmp_obj)
      unlink(tmp_obj);
    if (tmp_h)
      unlink(tmp_h);
  }
  free(tmp_obj);
  free(tmp_h);
  free(csrc);
  wp_remove_temp_dir(dir);
  free(dir);
  return rc;
}

/* --emit=ast|ir|c|header: to stdout or -o. */
static int emit_text(const options *o, ir_module *m, const ast_module *ast,
                     const wp_emit_options *eo) {
  FILE *out = stdout;
  char *tmp = NULL;
  if (o->output && strcmp(o->output, "-")) {
    tmp = wp_temp_beside(o->output);
    out = tmp ? fopen(tmp, "w") : NULL;
    if (!out) {
      fprintf(stderr, "warpc: error: cannot write '%s': %s\n", o->output,
              strerror(errno));
      free(tmp);
      return 2;
    }
  }
  int rc = 0;
  switch (o->emit) {
  case EMIT_AST: wp_ast_print(out, ast); break;
  case EMIT_IR: ir_print(out, m); break;
  case EMIT_C: rc = write_c(out, m, eo); break;
  case EMIT_HEADER: rc = write_header(out, m, eo); break;
  default: break;
  }
  if (out != stdout) {
    if (fclose(out) != 0 || rc || rename(tmp, o->output) != 0) {
      fprintf(stderr, "warpc: error: cannot write '%s'\n", o->output);
      unlink(tmp);
      rc = 2;
    }
    free(tmp);
  } else
    fflush(stdout);
  return rc ? 2 : 0;
}

int main(int argc, char **argv) {
  options o = {0};
  int rc = parse_args(argc, argv, &o);
  if (rc)
    return rc;
  wp_source src = {.path = o.input};
  char *text = read_file(o.input, &src.len);
  if (!text) {
    fprintf(stderr, "warpc: error: cannot read '%s': %s\n", o.input,
            strerror(errno));
    return 2;
  }
  src.text = text;
  char *stem = o.module ? NULL : module_name(o.input);
  const char *mname = o.module ? o.module : stem;
  if (!valid_ident(mname)) {
    free(text);
    return usage_error("module name '%s' is not a C identifier", mname);
  }
  wp_arena arena = {0};
  wp_diag diag = {.out = stderr};
  ast_module *ast = wp_parse(&src, &arena, &diag);
  rc = 1;
  if (ast && !diag.errors && o.emit == EMIT_AST) {
    rc = emit_text(&o, NULL, ast, NULL);
    goto done;
  }
  ir_module *m =
      ast && !diag.errors
          ? wp_lower(ast,
                     &(wp_lower_options){.module_name = mname,
                                         .enable_backward = !o.no_adjoint},
                     &arena, &diag)
          : NULL;
  if (!m)
    goto done;
  if (ir_verify(m, stderr)) {
    fprintf(stderr, "warpc: internal error: invalid IR after lowering\n");
    rc = 2;
    goto done;
  }
  ir_simplify_args(m);
  ir_fold(m);
  ir_dce(m);
  if (ir_verify(m, stderr)) {
    fprintf(stderr, "warpc: internal error: invalid IR after optimisation\n");
    rc = 2;
    goto done;
  }
  wp_emit_options eo = {.line_directives = o.line_directives,
                        .version = WARPC_VERSION};
  if (o.emit != EMIT_OBJ) {
    rc = emit_text(&o, m, ast, &eo);
    goto done;
  }
  if (o.output && !strcmp(o.output, "-")) {
    fprintf(stderr,
            "warpc: error: an object cannot be written to standard output; "
            "use --emit=c|ir|ast|header for text\n");
    rc = 2;
    goto done;
  }
  char *out = o.output ? strdup(o.output) : with_ext(o.input, ".o");
  char *hdr = o.header ? strdup(o.header) : with_ext(out, ".h");
  if (!strcmp(out, o.input) || !strcmp(hdr, o.input)) {
    fprintf(stderr, "warpc: error: output would overwrite the input '%s'\n",
            o.input);
    rc = 2;
  } else
    rc = compile_object(&o, m, &eo, out, hdr);
  free(out);
  free(hdr);
done:
  wp_arena_free(&arena);
  free(stem);
  free(text);
  return rc;
}
