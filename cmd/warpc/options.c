/* options.c - the command-line options of warpc. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpc.h"

static void usage(FILE *out) {
  fputs(
      "usage: warpc [options] FILE.py|- [FILE.py...]\n"
      "\n"
      "Compiles the @wp.kernel and @wp.func definitions of a Warp Python file\n"
      "into a host object with CPU code, CUDA cubins + PTX and a C launcher "
      "per\n"
      "kernel, and a C header.\n"
      "\n"
      "options:\n"
      "  -o FILE            output file (default: FILE's stem + .o; '-' is\n"
      "                     stdout for every --emit kind but obj)\n"
      "  -H FILE            header path (default: the output with .h; '-' is\n"
      "                     stdout)\n"
      "  --emit=KIND, --emit KIND\n"
      "                     obj (default), ast, ir, c, cu, ptx, cubin, "
      "fatbin,\n"
      "                     header\n"
      "  --module NAME      module name: prefix of the launchers (default: "
      "the\n"
      "                     file's stem)\n"
      "  --cuda-arch LIST   CUDA archs, e.g. sm_75,sm_87,sm_90 (default:\n"
      "                     sm_75,sm_80,sm_90 + PTX of the\n"
      "                     lowest and highest, when a CUDA toolkit is found;\n"
      "                     sm_87 (Jetson Orin) with --target aarch64*)\n"
      "  --no-cuda          CPU code only\n"
      "  --target TRIPLE    host target of the object (clang --target), e.g.\n"
      "                     aarch64-linux-gnu\n"
      "  --cpu LIST         CPUs of the host code: the baseline, then x86-64\n"
      "                     levels chosen at run time, e.g.\n"
      "                     x86-64,x86-64-v3,x86-64-v4 or cortex-a78ae\n"
      "  -Xptxas ARG        pass ARG to ptxas\n"
      "  -Xnvcc ARG         pass ARG to nvcc\n"
      "  -Xcc ARG           pass ARG to the C compiler of the host code\n"
      "  -O0 -O1 -O2 -O3    optimisation level (default -O2)\n"
      "  -g0                no #line directives in generated code\n"
      "  @FILE              read more arguments from FILE\n"
      "  -Werror            make every warning an error ([-Werror=NAME])\n"
      "  -Wno-error         undo -Werror\n"
      "  -WNAME, -Wno-NAME  enable, disable the warning NAME (below)\n"
      "  -Werror=NAME       make the warning NAME an error (and enable it)\n"
      "  -Wno-error=NAME    keep the warning NAME a warning under -Werror\n"
      "  -Wall, -Wextra     enable every warning not disabled before\n"
      "  -w                 print no warnings\n"
      "  -fdiagnostics-color[=WHEN], -fno-diagnostics-color\n"
      "                     colour diagnostics: auto (default: when stderr "
      "is a\n"
      "                     terminal, TERM is not dumb and NO_COLOR is "
      "unset),\n"
      "                     always (the bare option), never\n"
      "  -fdiagnostics-format=FORMAT\n"
      "                     text (default); json (gcc's) or sarif (SARIF "
      "2.1.0),\n"
      "                     printed on stderr at the end of the run\n"
      "  -fmax-errors=N     stop after N errors (default 50; 0: no limit)\n"
      "  -fsyntax-only      check the input (every diagnostic of lowering "
      "and\n"
      "                     autodiff), write nothing\n"
      "  -fkeep-going       leave out the kernels with errors, write the "
      "rest\n"
      "                     (the exit status is still 1)\n"
      "  -fno-spmd          no SPMD variants (W threads per SIMD "
      "instruction)\n"
      "                     of CPU kernels; -fspmd (default) undoes it\n"
      "  --cc PATH          C compiler for host objects (default: $WARPC_CC "
      "or\n"
      "                     clang)\n"
      "  --instantiate 'K(T, ...)'\n"
      "                     compile generic kernel K for these parameter "
      "types\n"
      "                     (also K(name=T, ...)); repeatable\n"
      "  -I DIR             search DIR for imported Python modules (after the\n"
      "                     importing file's own directory; in order)\n"
      "  -MD                write a Make depfile of every .py file read, "
      "beside\n"
      "                     the output (.d replacing its extension)\n"
      "  -MF FILE           write the depfile to FILE ('-': stdout; implies "
      "-MD)\n"
      "  -MT TARGET         target of the depfile's rule, as written "
      "(default: the\n"
      "                     output; repeatable; implies -MD)\n"
      "  -MQ TARGET         like -MT, with Make's special characters "
      "quoted\n"
      "  -MP                add a phony target for each imported module\n"
      "  --no-adjoint       generate no backward (adjoint) kernels\n"
      "  --debug            keep `assert` statements: a failing one prints\n"
      "                     'file.py:LINE: assertion failed' and traps\n"
      "  --prefix-map OLD=NEW\n"
      "                     record source paths under OLD as under NEW in\n"
      "                     the outputs (debug info, header); repeatable\n"
      "  --cache-dir DIR    reuse objects from, and store them in, DIR\n"
      "                     (default: $WARPC_CACHE_DIR; '' for none)\n"
      "  --block-dim N      the CUDA block size (threads, 1..1024) that\n"
      "                     wp.tile(x) / wp.untile(t) span (default: the "
      "file's\n"
      "                     wp.set_module_options block_dim, else 256)\n"
      "  -j N, --jobs N     run up to N CUDA tools (nvcc, ptxas) at once\n"
      "                     (default: the number of online CPUs)\n"
      "  -v                 print every external command\n"
      "  --version          print the version and exit\n"
      "  -h, --help         print this help and exit\n"
      "\n"
      "warnings (all enabled by default; [-WNAME] ends each one's text):\n",
      out);
  for (int w = 0; w < WP_W_COUNT; w++) {
    const wp_warn_info *info = wp_warn_info_of((wp_warn)w);
    fprintf(out, "  -W%s\n                     %s%s\n", info->name,
            info->description, info->on ? "" : " (off by default)");
  }
}

int warpc_usage_error(const char *fmt, const char *arg) {
  warpc_error_label();
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nTry 'warpc --help'.\n");
  return 2;
}

static const struct {
  const char *name;
  emit_kind kind;
} emit_kinds[] = {
    {"obj", EMIT_OBJ},     {"ast", EMIT_AST},       {"ir", EMIT_IR},
    {"c", EMIT_C},         {"cu", EMIT_CU},         {"ptx", EMIT_PTX},
    {"cubin", EMIT_CUBIN}, {"fatbin", EMIT_FATBIN}, {"header", EMIT_HEADER},
};

/* "sm_75,sm_90" (or "75,90", "compute_90") -> archs. */
static int parse_archs(const char *list, options *o) {
  o->narchs = 0;
  const char *p = list;
  while (*p) {
    size_t n = strcspn(p, ",");
    char item[32];
    if (n == 0 || n >= sizeof item)
      return warpc_usage_error("bad --cuda-arch list '%s'", list);
    memcpy(item, p, n);
    item[n] = 0;
    const char *digits = item;
    if (!strncmp(item, "sm_", 3))
      digits = item + 3;
    else if (!strncmp(item, "compute_", 8))
      digits = item + 8;
    char *end;
    long v = strtol(digits, &end, 10);
    if (*end || v < CUDA_ARCH_MIN || v > CUDA_ARCH_MAX)
      return warpc_usage_error("bad CUDA arch '%s' (expected e.g. sm_87)",
                               item);
    bool dup = false;
    for (int i = 0; i < o->narchs; i++)
      dup = dup || o->archs[i] == (int)v;
    if (!dup)
      o->archs[o->narchs++] = (int)v;
    p += n + (p[n] == ',');
  }
  if (!o->narchs)
    return warpc_usage_error("empty --cuda-arch list%s", "");
  return 0;
}

/* -j N: a positive integer, clamped to WP_TOOL_JOBS_MAX (the most tools
 * that run at once). */
static int parse_jobs(const char *num, options *o) {
  char *end;
  errno = 0;
  long n = strtol(num, &end, 10);
  if (errno || *end || !*num || n < 1)
    return warpc_usage_error("bad -j value '%s' (expected a positive integer)",
                             num);
  o->jobs = n > WP_TOOL_JOBS_MAX ? WP_TOOL_JOBS_MAX : (int)n;
  return 0;
}

/* --block-dim N: an integer from 1 to IR_MAX_BLOCK_DIM. */
static int parse_block_dim(const char *num, options *o) {
  char *end;
  errno = 0;
  long n = strtol(num, &end, 10);
  if (errno || *end || !*num || n < 1 || n > IR_MAX_BLOCK_DIM)
    return warpc_usage_error("bad --block-dim value '%s' (expected an "
                             "integer from 1 to 1024)",
                             num);
  o->block_dim = (int)n;
  return 0;
}

/* Options taking a value: "-o F", "--module=N" and "--module N". */
static const char *value_of(const char *a, const char *name, int *i, int argc,
                            char **argv, int *err) {
  size_t n = strlen(name);
  if (strncmp(a, name, n))
    return NULL;
  if (a[n] == '=' && name[1] == '-')
    return a + n + 1;
  if (a[n])
    return NULL;
  if (*i + 1 >= argc) {
    *err = warpc_usage_error("option '%s' needs an argument", name);
    return NULL;
  }
  return argv[++*i];
}

/* Prints what --help, --version and the hidden listings print, and exits:
 * 0, or 2 when standard output cannot be written. */
static void print_and_exit(void) {
  exit(warpc_stream_done(stdout, NULL));
}

void warpc_free_args(options *o) {
  free(o->xptxas);
  free(o->xnvcc);
  free(o->xcc);
  free(o->inputs);
  free(o->instantiate);
  free(o->include);
  free(o->dep_targets);
  free(o->dep_quote);
  free(o->unknown_w);
  o->unknown_w = NULL;
  free(o->prefix_maps);
  o->prefix_maps = NULL;
  o->xptxas = o->xnvcc = o->xcc = o->inputs = o->instantiate = o->include =
      o->dep_targets = NULL;
  o->dep_quote = NULL;
  warpc_argv_free(&o->args);
}

int warpc_parse_args(int argc, char **argv, options *o) {
  o->opt_level = 2;
  o->line_directives = true;
  bool no_cuda = false;
  warpc_diag_color_prescan(argc, argv);
  int rc = warpc_argv_expand(argc, argv, &o->args);
  argc = o->args.argc;
  argv = o->args.argv;
  warpc_diag_color_prescan(argc, argv);
  /* each repeatable option takes at least one argument of argv */
  size_t n = (size_t)(argc > 0 ? argc : 1);
  o->xptxas = calloc(n, sizeof *o->xptxas);
  o->xnvcc = calloc(n, sizeof *o->xnvcc);
  o->xcc = calloc(n, sizeof *o->xcc);
  o->inputs = calloc(n, sizeof *o->inputs);
  o->instantiate = calloc(n, sizeof *o->instantiate);
  o->include = calloc(n, sizeof *o->include);
  o->dep_targets = calloc(n, sizeof *o->dep_targets);
  o->dep_quote = calloc(n, sizeof *o->dep_quote);
  o->unknown_w = calloc(n, sizeof *o->unknown_w);
  o->prefix_maps = calloc(n, sizeof *o->prefix_maps);
  o->cache_dir = getenv("WARPC_CACHE_DIR");
  if (!o->unknown_w || !o->prefix_maps || !o->xptxas || !o->xnvcc || !o->xcc ||
      !o->inputs || !o->instantiate || !o->include || !o->dep_targets ||
      !o->dep_quote) {
    fputs("warpc: fatal: out of memory\n", stderr);
    abort();
  }
  if (rc)
    return rc;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v;
    int err = 0;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      print_and_exit();
    } else if (!strcmp(a, "--version")) {
      printf("warpc %s (warp-lang %s)\n", WARPC_VERSION, WARPC_WARP_VERSION);
      print_and_exit();
    } else if (!strcmp(a, "--list-builtins")) {
      /* hidden: one line per registry entry, "NAME MIN-MAX grad|nograd",
       * read by scripts/coverage_table.py */
      const ir_builtin *b;
      for (int k = 0; (b = ir_builtin_at(k)); k++)
        printf("%s %d-%d %s\n", b->name, b->min_args, b->max_args,
               b->adjoint ? "grad" : "nograd");
      print_and_exit();
    } else if (!strcmp(a, "--list-out-of-scope")) {
      /* hidden: the builtin families left out by decision, one line each,
       * "prefix KEY FAMILY..." or "name KEY FAMILY...", then the builtins
       * warp-lang removed, "removed NAME SINCE", read by
       * scripts/coverage_table.py */
      const char *key, *family;
      bool prefix;
      for (int k = 0; ir_out_of_scope_at(k, &key, &prefix, &family); k++)
        printf("%s %s %s\n", prefix ? "prefix" : "name", key, family);
      for (int k = 0; ir_removed_at(k, &key, &family); k++)
        printf("removed %s %s\n", key, family);
      print_and_exit();
    } else if ((v = value_of(a, "-o", &i, argc, argv, &err)) || err) {
      o->output = v;
    } else if ((v = value_of(a, "-H", &i, argc, argv, &err)) || err) {
      o->header = v;
    } else if ((v = value_of(a, "--module", &i, argc, argv, &err)) || err) {
      o->module = v;
    } else if ((v = value_of(a, "--cc", &i, argc, argv, &err)) || err) {
      o->cc = v;
    } else if ((v = value_of(a, "--target", &i, argc, argv, &err)) || err) {
      if (v && !*v)
        return warpc_usage_error("%s", "empty --target triple");
      o->target = v;
    } else if ((v = value_of(a, "--cpu", &i, argc, argv, &err)) || err) {
      o->cpu_list = v;
    } else if ((v = value_of(a, "--cuda-arch", &i, argc, argv, &err)) || err) {
      if (!err && (err = parse_archs(v, o)))
        return err;
    } else if ((v = value_of(a, "-Xptxas", &i, argc, argv, &err)) || err) {
      if (!err)
        o->xptxas[o->nxptxas++] = v;
    } else if ((v = value_of(a, "-Xnvcc", &i, argc, argv, &err)) || err) {
      if (!err)
        o->xnvcc[o->nxnvcc++] = v;
    } else if ((v = value_of(a, "-Xcc", &i, argc, argv, &err)) || err) {
      if (!err)
        o->xcc[o->nxcc++] = v;
    } else if ((v = value_of(a, "--instantiate", &i, argc, argv, &err)) ||
               err) {
      if (!err)
        o->instantiate[o->ninstantiate++] = v;
    } else if (!strncmp(a, "-I", 2) && a[2]) {
      o->include[o->ninclude++] = a + 2;
    } else if ((v = value_of(a, "-I", &i, argc, argv, &err)) || err) {
      if (!err)
        o->include[o->ninclude++] = v;
    } else if (!strcmp(a, "-MD")) {
      o->depfile = true;
    } else if (!strcmp(a, "-MP")) {
      o->dep_phony = true;
    } else if ((v = value_of(a, "-MF", &i, argc, argv, &err)) || err) {
      o->dep_file = v;
      o->depfile = true;
    } else if ((v = value_of(a, "-MT", &i, argc, argv, &err)) || err ||
               (v = value_of(a, "-MQ", &i, argc, argv, &err)) || err) {
      bool quote = !strncmp(a, "-MQ", 3);
      if (!err) {
        o->dep_quote[o->ndep_targets] = quote;
        o->dep_targets[o->ndep_targets++] = v;
      }
      o->depfile = true;
    } else if ((v = value_of(a, "--prefix-map", &i, argc, argv, &err)) || err) {
      if (!err && (err = warpc_add_prefix_map(o, v)))
        return err;
    } else if ((v = value_of(a, "--cache-dir", &i, argc, argv, &err)) || err) {
      o->cache_dir = v;
    } else if ((v = value_of(a, "--emit", &i, argc, argv, &err)) || err) {
      if (err)
        return err;
      size_t k = 0, n = sizeof emit_kinds / sizeof emit_kinds[0];
      while (k < n && strcmp(emit_kinds[k].name, v))
        k++;
      if (k == n)
        return warpc_usage_error("unknown --emit kind '%s' (obj, ast, ir, c, "
                                 "cu, ptx, cubin, fatbin, "
                                 "header)",
                                 v);
      o->emit = emit_kinds[k].kind;
      o->emit_given = true;
    } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' &&
               !a[3]) {
      o->opt_level = a[2] - '0';
    } else if (!strncmp(a, "-j", 2) && a[2] >= '0' && a[2] <= '9') {
      if ((err = parse_jobs(a + 2, o)))
        return err;
    } else if ((v = value_of(a, "-j", &i, argc, argv, &err)) || err) {
      if (err || (err = parse_jobs(v, o)))
        return err;
    } else if ((v = value_of(a, "--block-dim", &i, argc, argv, &err)) || err) {
      if (err || (err = parse_block_dim(v, o)))
        return err;
    } else if ((v = value_of(a, "--jobs", &i, argc, argv, &err)) || err) {
      if (err || (err = parse_jobs(v, o)))
        return err;
    } else if ((err = warpc_diag_option(a, o))) {
      if (err == 2)
        return err;
      err = 0;
    } else if (!strcmp(a, "-fsyntax-only")) {
      o->syntax_only = true;
    } else if (!strcmp(a, "-fkeep-going") || !strcmp(a, "-fno-keep-going")) {
      o->keep_going = a[2] == 'k';
    } else if (!strcmp(a, "-fspmd") || !strcmp(a, "-fno-spmd")) {
      o->no_spmd = a[2] == 'n';
    } else if (!strcmp(a, "-g0")) {
      o->line_directives = false;
    } else if (!strcmp(a, "-v")) {
      o->verbose = true;
    } else if (!strcmp(a, "--no-cuda")) {
      no_cuda = true;
    } else if (!strcmp(a, "--debug")) {
      o->debug = true;
    } else if (!strcmp(a, "--no-adjoint")) {
      o->no_adjoint = true;
    } else if (a[0] == '-' && a[1]) {
      return warpc_usage_error("unknown option '%s'", a);
    } else {
      o->inputs[o->ninputs++] = a;
    }
    if (err)
      return err;
  }
  if (!o->ninputs)
    return warpc_usage_error("%s", "no input file");
  o->input = o->inputs[0];
  /* several inputs: each gives its own object and header, as gcc -c does */
  const char *single = o->output         ? "-o"
                       : o->header       ? "-H"
                       : o->dep_file     ? "-MF"
                       : o->ndep_targets ? "-MT/-MQ"
                       : o->module       ? "--module"
                       : o->emit_given   ? "--emit"
                                         : NULL;
  for (int k = 0; o->ninputs > 1 && k < o->ninputs; k++)
    if (!strcmp(o->inputs[k], "-"))
      return warpc_usage_error("%s", "'-' (standard input) cannot be combined "
                                     "with other input files");
  if (o->ninputs > 1 && single)
    return warpc_usage_error("%s names one output; it cannot be given with "
                             "several input files",
                             single);
  /* in either order */
  if (no_cuda && o->narchs)
    return warpc_usage_error("%s", "--no-cuda contradicts --cuda-arch");
  /* device code needs the toolkit that --no-cuda says not to use */
  if (no_cuda &&
      (o->emit == EMIT_PTX || o->emit == EMIT_CUBIN || o->emit == EMIT_FATBIN))
    return warpc_usage_error("--no-cuda contradicts --emit=%s",
                             o->emit == EMIT_PTX     ? "ptx"
                             : o->emit == EMIT_CUBIN ? "cubin"
                                                     : "fatbin");
  warpc_diag_color_auto(o);
  o->cuda = no_cuda ? CUDA_OFF : o->narchs ? CUDA_EXPLICIT : CUDA_DEFAULT;
  if (!o->narchs)
    for (const int *p = wp_cuda_default_archs_for(o->target); *p; p++)
      o->archs[o->narchs++] = *p;
  return warpc_parse_cpus(o);
}
