/* device.c - the CUDA device-code pipeline: CUDA C -> PTX (nvcc) -> one
 * cubin per requested arch (ptxas) -> a fatbin that also carries the PTX of
 * the lowest and the highest requested arch (fatbinary), and the embedding of
 * that fatbin into a host object (an assembler .incbin in a `.nv_fatbin`
 * section, where cuobjdump finds it, joined with `ld.lld -r`).  The tools
 * run as one schedule (wp_run_tools): nvcc beside the host C compiles, each
 * ptxas as soon as its PTX is made; nvcc runs once when the CUDA C does not
 * test the arch (wp_cuda_arch_neutral). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../runtime/include/warp/abi.h"
#include "emit.h"

/* Turing, the oldest arch Warp supports, then each major arch as nvcc's
 * -arch=all-major has them: a cubin runs on GPUs of its major version and
 * at least its minor one, so sm_80's covers sm_86, sm_87 and sm_89 (three
 * more ptxas runs of every module bought them arch-tuned code; Warp's
 * example_raymarch: 17 s of CUDA tools' CPU time with them, 11 without). */
const int wp_cuda_default_archs[] = {75, 80, 90, 0};
const int wp_cuda_jetson_archs[] = {87, 0};

const int *wp_cuda_default_archs_for(const char *target) {
  return target && !strncmp(target, "aarch64", 7) ? wp_cuda_jetson_archs
                                                  : wp_cuda_default_archs;
}

static bool executable(const char *path) {
  return access(path, X_OK) == 0;
}

/* `dir` when dir/nvcc is executable: a malloc'd copy; else NULL. */
static char *nvcc_in(const char *dir, size_t n) {
  char *nvcc = wp_strfmt("%.*s/nvcc", (int)n, dir);
  bool ok = executable(nvcc);
  free(nvcc);
  return ok ? wp_strfmt("%.*s", (int)n, dir) : NULL;
}

char *wp_cuda_find_toolkit(void) {
  const char *envs[] = {"WARPC_CUDA_PATH", "CUDA_PATH", "CUDA_HOME"};
  char *bin;
  /* $WARPC_CUDA_PATH, when set, is the only place looked at */
  const char *own = getenv("WARPC_CUDA_PATH");
  if (own) {
    char *dir = wp_strfmt("%s/bin", own);
    bin = nvcc_in(dir, strlen(dir));
    free(dir);
    return bin;
  }
  for (size_t i = 0; i < sizeof envs / sizeof envs[0]; i++) {
    const char *v = getenv(envs[i]);
    if (v && *v) {
      char *dir = wp_strfmt("%s/bin", v);
      bin = nvcc_in(dir, strlen(dir));
      free(dir);
      if (bin)
        return bin;
    }
  }
  const char *path = getenv("PATH");
  while (path && *path) {
    size_t n = strcspn(path, ":");
    if (n && (bin = nvcc_in(path, n)))
      return bin;
    path += n + (path[n] == ':');
  }
  const char *usual = "/usr/local/cuda/bin";
  return nvcc_in(usual, strlen(usual));
}

/* A tool's command line; every item malloc'd. */
typedef struct argv_buf {
  char **items; /* NULL-terminated */
  int n, cap;
} argv_buf;

static void push(argv_buf *a, char *item) {
  if (a->n + 2 > a->cap) {
    a->cap = a->cap ? a->cap * 2 : 32;
    a->items = realloc(a->items, (size_t)a->cap * sizeof *a->items);
    if (!a->items) {
      fputs("warpc: fatal: out of memory\n", stderr);
      abort();
    }
  }
  a->items[a->n++] = item;
  a->items[a->n] = NULL;
}

static void add(argv_buf *a, const char *s) {
  push(a, wp_strfmt("%s", s));
}

static void free_argv(argv_buf *a) {
  for (int i = 0; i < a->n; i++)
    free(a->items[i]);
  free(a->items);
  *a = (argv_buf){0};
}

/* Runs the command (freed after); 0 or -1 (reported).  In a private
 * directory the tool's messages go through a file there, so that a call of
 * a function the prelude lacks is named by its builtin; `failed`, when set,
 * receives that file's name when the tool ran and failed. */
static int run(argv_buf *a, const char *cwd, bool verbose, wp_cleanup *c,
               const char **failed) {
  const char *errf = c && c->dir ? wp_cleanup_file(c, "tool.err") : NULL;
  int rc = wp_run_tool_err(a->items, cwd, verbose, c, errf);
  int gaps = errf ? wp_relay_tool_messages(errf) : 0;
  if (failed && rc > 0 && errf)
    *failed = errf;
  if (rc != 0 && rc != -2 && !gaps) /* -2: the cause was reported */
    fprintf(stderr, "warpc: error: '%s' failed%s\n", a->items[0],
            rc < 0 ? " to start" : "");
  free_argv(a);
  return rc == 0 ? 0 : -1;
}

static int run_cuda(argv_buf *a, const wp_cuda_options *o) {
  return run(a, o->workdir, o->verbose, o->cleanup, NULL);
}

/* Records `name`, made in the work directory by a tool, for the signal
 * handler. */
static void made(const wp_cuda_options *o, const char *name) {
  if (o->cleanup)
    wp_cleanup_file(o->cleanup, name);
}

/* nvcc writes absolute source names into PTX `.file` directives: drop the
 * work directory's prefix so identical inputs give identical outputs.  With
 * `text`, *text is the PTX written (malloc'd).  0, or -1 (reported). */
static int strip_workdir(const wp_cuda_options *o, const char *ptx,
                         char **text) {
  if (!o->workdir)
    return 0;
  char *path = wp_strfmt("%s/%s", o->workdir, ptx);
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "warpc: error: cannot read '%s': %s\n", path,
            strerror(errno));
    free(path);
    return -1;
  }
  size_t cap = 1 << 20, n = 0, got;
  char *buf = malloc(cap + 1);
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0)
    if ((n += got) == cap) {
      char *nb = realloc(buf, (cap *= 2) + 1);
      if (!nb)
        free(buf);
      buf = nb;
    }
  bool bad = ferror(f);
  fclose(f);
  if (!buf || bad) {
    fprintf(stderr, "warpc: error: cannot read '%s': %s\n", path,
            buf ? "read error" : "out of memory");
    free(buf);
    free(path);
    return -1;
  }
  buf[n] = 0;
  char *prefix = wp_strfmt("%s/", o->workdir);
  size_t plen = strlen(prefix);
  f = fopen(path, "wb");
  free(path);
  if (!f) {
    free(buf);
    free(prefix);
    return wp_temp_write_error(errno);
  }
  /* in place: the text only shrinks */
  char *to = buf;
  for (char *p = buf, *hit; *p; p = hit + plen) {
    hit = strstr(p, prefix);
    size_t len = hit ? (size_t)(hit - p) : strlen(p);
    memmove(to, p, len);
    to += len;
    if (!hit)
      break;
  }
  *to = 0;
  fwrite(buf, 1, (size_t)(to - buf), f);
  if (text)
    *text = buf;
  else
    free(buf);
  free(prefix);
  bad = ferror(f);
  int err = errno;
  if (fclose(f) == 0 && !bad)
    return 0;
  return wp_temp_write_error(bad ? err : errno);
}

/* nvcc's command line for wp_cuda_ptx. */
static void ptx_argv(argv_buf *a, const wp_cuda_options *o, const char *cu,
                     int arch, const char *ptx_out) {
  push(a, wp_strfmt("%s/nvcc", o->toolkit_bin));
  add(a, "-ptx");
  push(a, wp_strfmt("-arch=compute_%d", arch));
  add(a, "-lineinfo");
  add(a, "-std=c++17");
  add(a, "-w");
  add(a, "-x");
  add(a, "cu");
  for (int i = 0; i < o->n_nvcc_extra; i++)
    add(a, o->nvcc_extra[i]);
  add(a, cu);
  add(a, "-o");
  add(a, ptx_out);
}

/* ptxas's command line for wp_cuda_cubin. */
static void cubin_argv(argv_buf *a, const wp_cuda_options *o, const char *ptx,
                       int arch, const char *cubin_out) {
  push(a, wp_strfmt("%s/ptxas", o->toolkit_bin));
  push(a, wp_strfmt("-arch=sm_%d", arch));
  push(a, wp_strfmt("-O%d", o->opt_level));
  for (int i = 0; i < o->n_ptxas_extra; i++)
    add(a, o->ptxas_extra[i]);
  add(a, ptx);
  add(a, "-o");
  add(a, cubin_out);
}

int wp_cuda_ptx(const wp_cuda_options *o, const char *cu, int arch,
                const char *ptx_out) {
  argv_buf a = {0};
  ptx_argv(&a, o, cu, arch, ptx_out);
  made(o, ptx_out);
  if (run(&a, o->workdir, o->verbose, o->cleanup, o->nvcc_failed))
    return -1;
  return strip_workdir(o, ptx_out, NULL);
}

int wp_cuda_cubin(const wp_cuda_options *o, const char *ptx, int arch,
                  const char *cubin_out) {
  argv_buf a = {0};
  cubin_argv(&a, o, ptx, arch, cubin_out);
  made(o, cubin_out);
  return run_cuda(&a, o);
}

int wp_cuda_ptx_archs(const int *archs, int n, int out[2]) {
  if (n < 1)
    return 0;
  int lo = archs[0], hi = archs[0];
  for (int i = 1; i < n; i++) {
    lo = archs[i] < lo ? archs[i] : lo;
    hi = archs[i] > hi ? archs[i] : hi;
  }
  out[0] = lo;
  out[1] = hi;
  return hi == lo ? 1 : 2;
}

/* What the step after an nvcc run needs: the PTX made, and the name of
 * the highest arch's PTX to derive from it (NULL: none). */
typedef struct ptx_step {
  const wp_cuda_options *o;
  const char *ptx, *retarget;
  int lo, hi;
} ptx_step;

/* `.target sm_LO` (a whole word) at the start of a line of `ptx`: where, or
 * NULL. */
static char *target_line(char *ptx, int lo) {
  char want[32];
  int n = snprintf(want, sizeof want, ".target sm_%d", lo);
  for (char *p = ptx; (p = strstr(p, want)); p += n)
    if ((p == ptx || p[-1] == '\n') && !isalnum((unsigned char)p[n]) &&
        p[n] != '_')
      return p;
  return NULL;
}

/* Writes the PTX `ptx` with its `.target sm_LO` made `.target sm_HI` to
 * the work directory's file `name`; 0 or -2 (reported). */
static int retarget(const ptx_step *s, char *ptx) {
  char *t = target_line(ptx, s->lo);
  if (!t) {
    fprintf(stderr,
            "warpc: error: the PTX nvcc made has no line '.target sm_%d'; "
            "this is a bug in warpc\n",
            s->lo);
    return -2;
  }
  char *path = wp_strfmt("%s/%s", s->o->workdir, s->retarget);
  FILE *f = fopen(path, "wb");
  free(path);
  if (!f) {
    wp_temp_write_error(errno);
    return -2;
  }
  char old[32];
  int n = snprintf(old, sizeof old, ".target sm_%d", s->lo);
  fwrite(ptx, 1, (size_t)(t - ptx), f);
  fprintf(f, ".target sm_%d", s->hi);
  fputs(t + n, f);
  bool bad = ferror(f);
  int err = errno;
  if (fclose(f) == 0 && !bad)
    return 0;
  wp_temp_write_error(bad ? err : errno);
  return -2;
}

/* wp_tool_run.then of an nvcc run: the work directory's name out of the
 * PTX, and the highest arch's PTX derived when asked. */
static int after_nvcc(void *arg) {
  const ptx_step *s = arg;
  char *text = NULL;
  if (strip_workdir(s->o, s->ptx, s->retarget ? &text : NULL)) {
    free(text);
    return -2;
  }
  int rc = s->retarget ? retarget(s, text) : 0;
  free(text);
  return rc;
}

/* After wp_run_tools: the first failed device tool's messages, as run()
 * does (the same message for every arch is said once). */
static void report_first(const wp_tool_run *runs, int n) {
  for (int i = 0; i < n; i++)
    if (runs[i].rc != 0 && runs[i].rc != -3) {
      int gaps =
          runs[i].err_path ? wp_relay_tool_messages(runs[i].err_path) : 0;
      if (runs[i].rc != -2 && !gaps)
        fprintf(stderr, "warpc: error: '%s' failed%s\n", runs[i].argv[0],
                runs[i].rc < 0 ? " to start" : "");
      return;
    }
}

int wp_cuda_fatbin(const wp_cuda_options *o, const char *cu,
                   const char *fatbin_out) {
  int parch[2];
  int nptx = wp_cuda_ptx_archs(o->archs, o->narchs, parch);
  if (!nptx)
    return -1;
  /* nvcc once when the PTX of the lowest arch serves all: not across
     nvcc's two device compilers (CUDA 13 compiles compute_100 and later
     with NVVM 20, the archs before with NVVM 7: other PTX, not only the
     .target line) */
  bool one_nvvm = (parch[0] >= 100) == (parch[1] >= 100);
  int nnvcc = nptx == 2 && o->one_ptx && one_nvvm && o->workdir ? 1 : nptx;
  char *ptx[2] = {NULL, NULL};
  int ndev = nnvcc + o->narchs, n = ndev + o->n_also;
  argv_buf *argvs = calloc((size_t)ndev, sizeof *argvs);
  wp_tool_run *runs = calloc((size_t)n, sizeof *runs);
  ptx_step steps[2];
  if (!argvs || !runs) {
    fputs("warpc: fatal: out of memory\n", stderr);
    abort();
  }
  wp_cleanup *c = o->cleanup;
  /* the order in which ready tools start: the other tools (the host C
     compiles: a bad @wp.func_native snippet is the C compiler's error, as
     with --no-cuda), nvcc, then each ptxas once its PTX is made; runs[]
     holds o->also, then nvcc's runs (from `nv`), then ptxas's (from `px`) */
  int nv = o->n_also, px = nv + nnvcc;
  for (int i = 0; i < o->n_also; i++)
    runs[i] = o->also[i];
  for (int i = 0; i < nptx; i++) {
    ptx[i] = wp_strfmt("compute_%d.ptx", parch[i]);
    made(o, ptx[i]);
  }
  for (int i = 0; i < nnvcc; i++) {
    ptx_argv(&argvs[i], o, cu, parch[i], ptx[i]);
    steps[i] =
        (ptx_step){o, ptx[i], nnvcc < nptx ? ptx[1] : NULL, parch[0], parch[1]};
    runs[nv + i] = (wp_tool_run){.argv = argvs[i].items,
                                 .cwd = o->workdir,
                                 .then = after_nvcc,
                                 .arg = &steps[i]};
  }
  argv_buf fb = {0};
  push(&fb, wp_strfmt("%s/fatbinary", o->toolkit_bin));
  push(&fb, wp_strfmt("--create=%s", fatbin_out));
  add(&fb, "-64");
  /* each cubin from the newest PTX its arch can take: the highest arch's
     PTX for that arch (code under __CUDA_ARCH__ >= 900, such as a kernel's
     __cluster_dims__, is in it), the lowest arch's for the others; it waits
     for the nvcc run that makes that PTX (the only one when one_ptx) */
  for (int i = 0; i < o->narchs; i++) {
    char *cubin = wp_strfmt("sm_%d.cubin", o->archs[i]);
    int p = nptx == 2 && o->archs[i] >= parch[1] ? 1 : 0;
    int k = nnvcc + i;
    cubin_argv(&argvs[k], o, ptx[p], o->archs[i], cubin);
    runs[px + i] = (wp_tool_run){.argv = argvs[k].items,
                                 .cwd = o->workdir,
                                 .after = nv + (p < nnvcc ? p : 0) + 1};
    made(o, cubin);
    push(&fb, wp_strfmt("--image3=kind=elf,sm=%d,file=%s", o->archs[i], cubin));
    free(cubin);
  }
  for (int i = nv; i < n; i++) {
    char name[32];
    snprintf(name, sizeof name, "tool%d.err", i - nv);
    runs[i].err_path = c && c->dir ? wp_cleanup_file(c, name) : NULL;
  }
  int jobs = o->jobs > 0 ? o->jobs : wp_tool_jobs();
  int rc = wp_run_tools(runs, n, jobs, NULL, o->verbose, c);
  /* the device tools' failures, unless one of the others failed: the
     caller reports that one (a bad @wp.func_native snippet fails both the
     host compile and nvcc, and is said once) */
  bool also_ok = true;
  for (int i = 0; i < o->n_also; i++) {
    o->also[i].rc = runs[i].rc;
    also_ok &= runs[i].rc == 0 || runs[i].rc == -3;
  }
  bool nvcc_ok = true;
  for (int i = 0; i < nnvcc; i++) {
    nvcc_ok &= runs[nv + i].rc == 0;
    if (o->nvcc_failed && !*o->nvcc_failed && runs[nv + i].rc > 0)
      *o->nvcc_failed = runs[nv + i].err_path;
  }
  if (also_ok)
    report_first(runs + nv, nnvcc);
  if (also_ok && nvcc_ok)
    report_first(runs + px, o->narchs);
  /* as nvcc -gencode arch=compute_N,code=compute_N: the lowest arch's PTX
     lets the driver JIT for any newer GPU no cubin covers (sm_80 with
     sm_75,sm_90), the highest arch's gives GPUs past every cubin code using
     all of that arch */
  for (int i = 0; i < nptx && !rc; i++)
    push(&fb, wp_strfmt("--image3=kind=ptx,sm=%d,file=%s", parch[i], ptx[i]));
  made(o, fatbin_out);
  if (!rc)
    rc = run_cuda(&fb, o);
  free_argv(&fb);
  for (int i = 0; i < ndev; i++)
    free_argv(&argvs[i]);
  free(argvs);
  free(ptx[0]);
  free(ptx[1]);
  free(runs);
  return rc;
}

/* Whether `t` is or holds a bfloat16. */
static bool has_bf16(const ir_type *t) {
  if (!t)
    return false;
  if ((t->kind == IR_T_SCALAR || t->kind == IR_T_VEC || t->kind == IR_T_MAT) &&
      t->scalar == WP_SCALAR_BFLOAT16)
    return true;
  if (t->elem && t->elem != t && has_bf16(t->elem))
    return true;
  if (t->kind == IR_T_TUPLE) /* a struct's members are in the table */
    for (int i = 0; i < t->nmembers; i++)
      if (has_bf16(t->members[i]))
        return true;
  return false;
}

static bool module_arch_neutral(const ir_module *m) {
  for (const ir_func *f = m->funcs; f; f = f->next)
    if (f->native || f->options.cluster_dim > 1)
      return false;
  /* every type lowering made, used or not */
  for (int i = 0, n = ir_types_count(m->types); i < n; i++)
    if (has_bf16(ir_types_at(m->types, i)))
      return false;
  return true;
}

bool wp_cuda_arch_neutral(const ir_module *m) {
  return module_arch_neutral(m) && (!m->cuda || module_arch_neutral(m->cuda));
}

int wp_embed_fatbin(const char *cc, const char *target, wp_cleanup *c,
                    const char *fatbin, const char *symbol, const char *obj_out,
                    bool verbose) {
  /* the name of the fatbin file: no quote or backslash may reach .incbin */
  if (strpbrk(fatbin, "\"\\\n")) {
    fprintf(stderr, "warpc: error: unusable temporary path '%s'\n", fatbin);
    return -1;
  }
  const char *asm_path = wp_cleanup_file(c, "fatbin.S");
  FILE *f = asm_path ? fopen(asm_path, "w") : NULL;
  if (!f)
    return wp_temp_write_error(errno);
  fprintf(
      f,
      "  .section .nv_fatbin,\"a\"\n  .balign 16\n  .globl %s\n  .hidden %s\n"
      "%s:\n  .incbin \"%s\"\n  .section .note.GNU-stack,\"\",%%progbits\n",
      symbol, symbol, symbol, fatbin);
  bool bad = ferror(f);
  int err = errno;
  if (fclose(f) != 0 || bad)
    return wp_temp_write_error(bad ? err : errno);
  argv_buf a = {0};
  add(&a, cc);
  if (target)
    push(&a, wp_strfmt("--target=%s", target));
  add(&a, "-c");
  add(&a, asm_path);
  add(&a, "-o");
  add(&a, obj_out);
  return run(&a, NULL, verbose, c, NULL);
}

int wp_link_relocatable(const char *const *objs, int n, const char *out,
                        bool verbose, wp_cleanup *c) {
  argv_buf a = {0};
  const char *lld = getenv("WARPC_LD");
  add(&a, lld && *lld ? lld : "ld.lld");
  add(&a, "-r");
  for (int i = 0; i < n; i++)
    add(&a, objs[i]);
  add(&a, "-o");
  add(&a, out);
  return run(&a, NULL, verbose, c, NULL);
}
