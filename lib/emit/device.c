/* device.c - the CUDA device-code pipeline: CUDA C -> PTX (nvcc) -> one
 * cubin per requested arch (ptxas) -> a fatbin that also carries the PTX of
 * the lowest and the highest requested arch (fatbinary), and the embedding of
 * that fatbin into a host object (an assembler .incbin in a `.nv_fatbin`
 * section, where cuobjdump finds it, joined with `ld.lld -r`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emit.h"

enum { MAX_ARGV = 64 };

const int wp_cuda_default_archs[] = {75, 80, 86, 87, 89, 90, 0};

static bool executable(const char *path) {
  return access(path, X_OK) == 0;
}

char *wp_cuda_find_toolkit(void) {
  const char *envs[] = {"WARPC_CUDA_PATH", "CUDA_PATH", "CUDA_HOME"};
  char buf[4096];
  /* $WARPC_CUDA_PATH, when set, is the only place looked at */
  const char *own = getenv("WARPC_CUDA_PATH");
  if (own) {
    snprintf(buf, sizeof buf, "%s/bin/nvcc", own);
    if (!executable(buf))
      return NULL;
    snprintf(buf, sizeof buf, "%s/bin", own);
    return strdup(buf);
  }
  for (size_t i = 0; i < sizeof envs / sizeof envs[0]; i++) {
    const char *v = getenv(envs[i]);
    if (v && *v) {
      snprintf(buf, sizeof buf, "%s/bin/nvcc", v);
      if (executable(buf)) {
        snprintf(buf, sizeof buf, "%s/bin", v);
        return strdup(buf);
      }
    }
  }
  const char *path = getenv("PATH");
  while (path && *path) {
    size_t n = strcspn(path, ":");
    snprintf(buf, sizeof buf, "%.*s/nvcc", (int)n, path);
    if (n && executable(buf)) {
      snprintf(buf, sizeof buf, "%.*s", (int)n, path);
      return strdup(buf);
    }
    path += n + (path[n] == ':');
  }
  if (executable("/usr/local/cuda/bin/nvcc"))
    return strdup("/usr/local/cuda/bin");
  return NULL;
}

typedef struct argv_buf {
  char *items[MAX_ARGV];
  int n;
  char store[MAX_ARGV][2048];
} argv_buf;

static void add(argv_buf *a, const char *fmt, const char *s) {
  if (a->n >= MAX_ARGV - 1)
    return;
  snprintf(a->store[a->n], sizeof a->store[a->n], fmt, s);
  a->items[a->n] = a->store[a->n];
  a->items[++a->n] = NULL;
}

static void addi(argv_buf *a, const char *fmt, int v) {
  if (a->n >= MAX_ARGV - 1)
    return;
  snprintf(a->store[a->n], sizeof a->store[a->n], fmt, v);
  a->items[a->n] = a->store[a->n];
  a->items[++a->n] = NULL;
}

static int run(argv_buf *a, const wp_cuda_options *o) {
  int rc = wp_run_tool_in(a->items, o->workdir, o->verbose);
  if (rc != 0)
    fprintf(stderr, "warpc: error: '%s' failed%s\n", a->items[0],
            rc < 0 ? " to start" : "");
  return rc == 0 ? 0 : -1;
}

/* nvcc writes absolute source names into PTX `.file` directives: drop the
 * work directory's prefix so identical inputs give identical outputs. */
static int strip_workdir(const wp_cuda_options *o, const char *ptx) {
  if (!o->workdir)
    return 0;
  char path[2048];
  snprintf(path, sizeof path, "%s/%s", o->workdir, ptx);
  FILE *f = fopen(path, "rb");
  if (!f)
    return -1;
  size_t cap = 1 << 20, n = 0, got;
  char *buf = malloc(cap + 1);
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0)
    if ((n += got) == cap) {
      char *nb = realloc(buf, (cap *= 2) + 1);
      if (!nb)
        free(buf);
      buf = nb;
    }
  fclose(f);
  if (!buf)
    return -1;
  buf[n] = 0;
  char prefix[1100];
  snprintf(prefix, sizeof prefix, "%s/", o->workdir);
  size_t plen = strlen(prefix);
  f = fopen(path, "wb");
  if (!f) {
    free(buf);
    return -1;
  }
  for (char *p = buf, *hit; *p; p = hit + plen) {
    hit = strstr(p, prefix);
    if (!hit) {
      fputs(p, f);
      break;
    }
    fwrite(p, 1, (size_t)(hit - p), f);
  }
  free(buf);
  return fclose(f) == 0 ? 0 : -1;
}

int wp_cuda_ptx(const wp_cuda_options *o, const char *cu, int arch,
                const char *ptx_out) {
  argv_buf a = {.n = 0};
  add(&a, "%s/nvcc", o->toolkit_bin);
  add(&a, "%s", "-ptx");
  addi(&a, "-arch=compute_%d", arch);
  add(&a, "%s", "-lineinfo");
  add(&a, "%s", "-std=c++17");
  add(&a, "%s", "-w");
  add(&a, "%s", "-x");
  add(&a, "%s", "cu");
  for (int i = 0; i < o->n_nvcc_extra; i++)
    add(&a, "%s", o->nvcc_extra[i]);
  add(&a, "%s", cu);
  add(&a, "%s", "-o");
  add(&a, "%s", ptx_out);
  if (run(&a, o))
    return -1;
  return strip_workdir(o, ptx_out);
}

int wp_cuda_cubin(const wp_cuda_options *o, const char *ptx, int arch,
                  const char *cubin_out) {
  argv_buf a = {.n = 0};
  add(&a, "%s/ptxas", o->toolkit_bin);
  addi(&a, "-arch=sm_%d", arch);
  addi(&a, "-O%d", o->opt_level);
  for (int i = 0; i < o->n_ptxas_extra; i++)
    add(&a, "%s", o->ptxas_extra[i]);
  add(&a, "%s", ptx);
  add(&a, "%s", "-o");
  add(&a, "%s", cubin_out);
  return run(&a, o);
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

int wp_cuda_fatbin(const wp_cuda_options *o, const char *cu,
                   const char *fatbin_out) {
  char ptx[2][1024], cubin[1024], spec[1200];
  int parch[2];
  int nptx = wp_cuda_ptx_archs(o->archs, o->narchs, parch);
  for (int i = 0; i < nptx; i++) {
    snprintf(ptx[i], sizeof ptx[i], "compute_%d.ptx", parch[i]);
    if (wp_cuda_ptx(o, cu, parch[i], ptx[i]))
      return -1;
  }
  argv_buf fb = {.n = 0};
  add(&fb, "%s/fatbinary", o->toolkit_bin);
  add(&fb, "--create=%s", fatbin_out);
  add(&fb, "%s", "-64");
  /* the lowest arch's PTX assembles for every higher real arch */
  for (int i = 0; i < o->narchs; i++) {
    snprintf(cubin, sizeof cubin, "sm_%d.cubin", o->archs[i]);
    if (wp_cuda_cubin(o, ptx[0], o->archs[i], cubin))
      return -1;
    snprintf(spec, sizeof spec, "--image3=kind=elf,sm=%d,file=%s", o->archs[i],
             cubin);
    add(&fb, "%s", spec);
  }
  /* as nvcc -gencode arch=compute_N,code=compute_N: the lowest arch's PTX
     lets the driver JIT for any newer GPU no cubin covers (sm_80 with
     sm_75,sm_90), the highest arch's gives GPUs past every cubin code using
     all of that arch */
  for (int i = 0; i < nptx; i++) {
    snprintf(spec, sizeof spec, "--image3=kind=ptx,sm=%d,file=%s", parch[i],
             ptx[i]);
    add(&fb, "%s", spec);
  }
  return run(&fb, o);
}

int wp_embed_fatbin(const char *cc, const char *target, const char *dir,
                    const char *fatbin, const char *symbol, const char *obj_out,
                    bool verbose) {
  char asm_path[1024];
  snprintf(asm_path, sizeof asm_path, "%s/fatbin.S", dir);
  FILE *f = fopen(asm_path, "w");
  if (!f)
    return -1;
  /* the name of the fatbin file: no quote or backslash may reach .incbin */
  if (strpbrk(fatbin, "\"\\\n")) {
    fclose(f);
    fprintf(stderr, "warpc: error: unusable temporary path '%s'\n", fatbin);
    return -1;
  }
  fprintf(
      f,
      "  .section .nv_fatbin,\"a\"\n  .balign 16\n  .globl %s\n  .hidden %s\n"
      "%s:\n  .incbin \"%s\"\n  .section .note.GNU-stack,\"\",%%progbits\n",
      symbol, symbol, symbol, fatbin);
  if (fclose(f) != 0)
    return -1;
  argv_buf a = {.n = 0};
  add(&a, "%s", cc);
  if (target)
    add(&a, "--target=%s", target);
  add(&a, "%s", "-c");
  add(&a, "%s", asm_path);
  add(&a, "%s", "-o");
  add(&a, "%s", obj_out);
  wp_cuda_options o = {.verbose = verbose};
  return run(&a, &o);
}

int wp_link_relocatable(const char *const *objs, int n, const char *out,
                        bool verbose) {
  argv_buf a = {.n = 0};
  const char *lld = getenv("WARPC_LD");
  add(&a, "%s", lld && *lld ? lld : "ld.lld");
  add(&a, "%s", "-r");
  for (int i = 0; i < n; i++)
    add(&a, "%s", objs[i]);
  add(&a, "%s", "-o");
  add(&a, "%s", out);
  wp_cuda_options o = {.verbose = verbose};
  return run(&a, &o);
}
