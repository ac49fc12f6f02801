/* options.c - the command-line options of warpc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpc.h"

static void usage(FILE *out) {
  fputs(
      "usage: warpc [options] FILE.py\n"
      "\n"
      "Compiles the @wp.kernel and @wp.func definitions of a Warp Python file\n"
      "into a host object with CPU code, CUDA cubins + PTX and a C launcher "
      "per\n"
      "kernel, and a C header.\n"
      "\n"
      "options:\n"
      "  -o FILE            output file (default: FILE's stem + .o; '-' is\n"
      "                     stdout for text --emit kinds)\n"
      "  -H FILE            header path (default: the output with .h)\n"
      "  --emit=KIND        obj (default), ast, ir, c, cu, ptx, cubin, "
      "fatbin,\n"
      "                     header\n"
      "  --module NAME      module name: prefix of the launchers (default: "
      "the\n"
      "                     file's stem)\n"
      "  --cuda-arch LIST   CUDA archs, e.g. sm_75,sm_87,sm_90 (default:\n"
      "                     sm_75,sm_80,sm_86,sm_87,sm_89,sm_90 + PTX of the\n"
      "                     lowest and highest, when a CUDA toolkit is found)\n"
      "  --no-cuda          CPU code only\n"
      "  --target TRIPLE    host target of the object (clang --target), e.g.\n"
      "                     aarch64-linux-gnu\n"
      "  -Xptxas ARG        pass ARG to ptxas\n"
      "  -Xnvcc ARG         pass ARG to nvcc\n"
      "  -O0 -O1 -O2 -O3    optimisation level (default -O2)\n"
      "  -g0                no #line directives in generated code\n"
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
      "  -MF FILE           write the depfile to FILE (implies -MD)\n"
      "  -MT TARGET         target of the depfile's rule, as written "
      "(default: the\n"
      "                     output; repeatable; implies -MD)\n"
      "  -MQ TARGET         like -MT, with Make's special characters "
      "quoted\n"
      "  -MP                add a phony target for each imported module\n"
      "  --no-adjoint       generate no backward (adjoint) kernels\n"
      "  --debug            keep `assert` statements: a failing one prints\n"
      "                     'file.py:LINE: assertion failed' and traps\n"
      "  -v                 print every external command\n"
      "  --version          print the version and exit\n"
      "  -h, --help         print this help and exit\n",
      out);
}

int warpc_usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "warpc: error: ");
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
    if (*end || v < 50 || v > 200)
      return warpc_usage_error("bad CUDA arch '%s' (expected e.g. sm_87)",
                               item);
    if (o->narchs == MAX_ARCHS)
      return warpc_usage_error("too many CUDA archs in '%s'", list);
    bool dup = false;
    for (int i = 0; i < o->narchs; i++)
      dup = dup || o->archs[i] == (int)v;
    if (!dup)
      o->archs[o->narchs++] = (int)v;
    p += n + (p[n] == ',');
  }
  if (!o->narchs)
    return warpc_usage_error("empty --cuda-arch list%s", "");
  o->cuda = CUDA_EXPLICIT;
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

int warpc_parse_args(int argc, char **argv, options *o) {
  o->opt_level = 2;
  o->line_directives = true;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v;
    int err = 0;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      exit(0);
    } else if (!strcmp(a, "--version")) {
      printf("warpc %s\n", WARPC_VERSION);
      exit(0);
    } else if (!strcmp(a, "--list-builtins")) {
      /* hidden: one line per registry entry, "NAME MIN-MAX grad|nograd",
       * read by scripts/coverage_table.py */
      const ir_builtin *b;
      for (int k = 0; (b = ir_builtin_at(k)); k++)
        printf("%s %d-%d %s\n", b->name, b->min_args, b->max_args,
               b->adjoint ? "grad" : "nograd");
      exit(0);
    } else if (!strcmp(a, "--list-out-of-scope")) {
      /* hidden: the builtin families left out by decision, one line each,
       * "prefix KEY FAMILY..." or "name KEY FAMILY...", read by
       * scripts/coverage_table.py */
      const char *key, *family;
      bool prefix;
      for (int k = 0; ir_out_of_scope_at(k, &key, &prefix, &family); k++)
        printf("%s %s %s\n", prefix ? "prefix" : "name", key, family);
      exit(0);
    } else if ((v = value_of(a, "-o", &i, argc, argv, &err)) || err) {
      o->output = v;
    } else if ((v = value_of(a, "-H", &i, argc, argv, &err)) || err) {
      o->header = v;
    } else if ((v = value_of(a, "--module", &i, argc, argv, &err)) || err) {
      o->module = v;
    } else if ((v = value_of(a, "--cc", &i, argc, argv, &err)) || err) {
      o->cc = v;
    } else if ((v = value_of(a, "--target", &i, argc, argv, &err)) || err) {
      o->target = v;
    } else if ((v = value_of(a, "--cuda-arch", &i, argc, argv, &err)) || err) {
      if (!err && (err = parse_archs(v, o)))
        return err;
    } else if ((v = value_of(a, "-Xptxas", &i, argc, argv, &err)) || err) {
      if (!err && o->nxptxas == MAX_PASS)
        return warpc_usage_error("too many %s options", "-Xptxas");
      if (!err)
        o->xptxas[o->nxptxas++] = v;
    } else if ((v = value_of(a, "-Xnvcc", &i, argc, argv, &err)) || err) {
      if (!err && o->nxnvcc == MAX_PASS)
        return warpc_usage_error("too many %s options", "-Xnvcc");
      if (!err)
        o->xnvcc[o->nxnvcc++] = v;
    } else if ((v = value_of(a, "--instantiate", &i, argc, argv, &err)) ||
               err) {
      if (!err && o->ninstantiate == MAX_PASS)
        return warpc_usage_error("too many %s options", "--instantiate");
      if (!err)
        o->instantiate[o->ninstantiate++] = v;
    } else if (!strncmp(a, "-I", 2) && a[2]) {
      if (o->ninclude == MAX_INCLUDE)
        return warpc_usage_error("too many %s options", "-I");
      o->include[o->ninclude++] = a + 2;
    } else if ((v = value_of(a, "-I", &i, argc, argv, &err)) || err) {
      if (!err && o->ninclude == MAX_INCLUDE)
        return warpc_usage_error("too many %s options", "-I");
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
      if (!err && o->ndep_targets == MAX_DEP_TARGETS)
        return warpc_usage_error("too many %s options", quote ? "-MQ" : "-MT");
      if (!err) {
        o->dep_quote[o->ndep_targets] = quote;
        o->dep_targets[o->ndep_targets++] = v;
      }
      o->depfile = true;
    } else if (!strncmp(a, "--emit=", 7)) {
      size_t k = 0, n = sizeof emit_kinds / sizeof emit_kinds[0];
      while (k < n && strcmp(emit_kinds[k].name, a + 7))
        k++;
      if (k == n)
        return warpc_usage_error("unknown --emit kind '%s' (obj, ast, ir, c, "
                                 "cu, ptx, cubin, fatbin, "
                                 "header)",
                                 a + 7);
      o->emit = emit_kinds[k].kind;
    } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' &&
               !a[3]) {
      o->opt_level = a[2] - '0';
    } else if (!strcmp(a, "-g0")) {
      o->line_directives = false;
    } else if (!strcmp(a, "-v")) {
      o->verbose = true;
    } else if (!strcmp(a, "--no-cuda")) {
      o->cuda = CUDA_OFF;
    } else if (!strcmp(a, "--debug")) {
      o->debug = true;
    } else if (!strcmp(a, "--no-adjoint")) {
      o->no_adjoint = true;
    } else if (a[0] == '-' && a[1]) {
      return warpc_usage_error("unknown option '%s'", a);
    } else if (o->input) {
      return warpc_usage_error("more than one input file ('%s')", a);
    } else {
      o->input = a;
    }
    if (err)
      return err;
  }
  if (!o->input)
    return warpc_usage_error("%s", "no input file");
  if (o->cuda == CUDA_OFF && o->narchs)
    return warpc_usage_error("%s", "--no-cuda contradicts --cuda-arch");
  if (!o->narchs)
    for (const int *p = wp_cuda_default_archs; *p; p++)
      o->archs[o->narchs++] = *p;
  return 0;
}
