/* output.c - what warpc writes: text dumps of each stage (--emit), and the
 * host object (CPU code + embedded fatbin + launchers, one relocatable
 * object) with its header.  Work happens in a private temporary directory;
 * outputs are written beside their final path and renamed, so a failure
 * leaves no partial file. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "warpc.h"

typedef int (*writer_fn)(FILE *out, ir_module *m, const wp_emit_options *eo);

static int write_c(FILE *out, ir_module *m, const wp_emit_options *eo) {
  return wp_emit_c(out, m, &wp_target_cpu, eo);
}
static int write_cu(FILE *out, ir_module *m, const wp_emit_options *eo) {
  return wp_emit_c(out, m, &wp_target_cuda, eo);
}
static int write_header(FILE *out, ir_module *m, const wp_emit_options *eo) {
  return wp_emit_header(out, m, eo);
}

/* Writes fn's output to `path` in `dir`; 0 or 2. */
static int write_file(const char *path, writer_fn fn, ir_module *m,
                      const wp_emit_options *eo) {
  FILE *f = fopen(path, "w");
  int bad = !f || fn(f, m, eo) != 0;
  if (f && fclose(f) != 0)
    bad = 1;
  if (bad)
    fprintf(stderr, "warpc: error: cannot write '%s': %s\n", path,
            strerror(errno));
  return bad ? 2 : 0;
}

/* Writes the CUDA C of `m` to `path` dated at the epoch: ptxas records the
 * source's modification time in the cubin's line table, and outputs must
 * not depend on when warpc ran.  0 or 2. */
static int write_cu_file(const char *path, ir_module *m,
                         const wp_emit_options *eo) {
  int rc = write_file(path, write_cu, m, eo);
  struct timespec epoch[2] = {{0, 0}, {0, 0}};
  if (!rc)
    utimensat(AT_FDCWD, path, epoch, 0);
  return rc;
}

/* Copies file `from` to the stream `to`; 0 or 2. */
static int copy_to(const char *from, FILE *to) {
  FILE *f = fopen(from, "rb");
  if (!f)
    return 2;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0)
    if (fwrite(buf, 1, n, to) != n) {
      fclose(f);
      return 2;
    }
  fclose(f);
  return 0;
}

typedef struct workdir {
  char *dir;
  char path[8][1100];
} workdir;

static const char *wpath(workdir *w, int slot, const char *name) {
  snprintf(w->path[slot], sizeof w->path[slot], "%s/%s", w->dir, name);
  return w->path[slot];
}

/* The CUDA toolkit for this run: NULL with *rc = 0 when CUDA is off or
 * optional and missing (a warning), *rc = 2 when required and missing. */
static char *toolkit(const options *o, bool required, int *rc) {
  *rc = 0;
  if (o->cuda == CUDA_OFF && !required)
    return NULL;
  char *bin = wp_cuda_find_toolkit();
  if (bin)
    return bin;
  if (required || o->cuda == CUDA_EXPLICIT) {
    fprintf(stderr,
            "warpc: error: CUDA output was requested but no CUDA toolkit was "
            "found (nvcc not on PATH; set CUDA_PATH)\n");
    *rc = 2;
  } else
    fprintf(stderr, "warpc: warning: no CUDA toolkit found (nvcc); writing a "
                    "CPU-only object\n");
  return NULL;
}

static wp_cuda_options cuda_options(const options *o, const char *bin,
                                    const char *dir) {
  return (wp_cuda_options){.toolkit_bin = bin,
                           .workdir = dir,
                           .archs = o->archs,
                           .narchs = o->narchs,
                           .nvcc_extra = o->xnvcc,
                           .n_nvcc_extra = o->nxnvcc,
                           .ptxas_extra = o->xptxas,
                           .n_ptxas_extra = o->nxptxas,
                           .opt_level = o->opt_level < 1 ? 0 : 3,
                           .verbose = o->verbose};
}

/* Builds `<dir>/module.fatbin` from the CUDA C of `m`; 0 or 2. */
static int build_fatbin(const options *o, ir_module *m,
                        const wp_emit_options *eo, const char *bin,
                        workdir *w) {
  if (write_cu_file(wpath(w, 0, "module.cu"), m, eo))
    return 2;
  wpath(w, 1, "module.fatbin");
  wp_cuda_options co = cuda_options(o, bin, w->dir);
  return wp_cuda_fatbin(&co, "module.cu", "module.fatbin") ? 2 : 0;
}

static const char *cc_of(const options *o) {
  const char *cc = o->cc ? o->cc : getenv("WARPC_CC");
  return cc && *cc ? cc : "clang";
}

/* Compiles the host C of `m` into `obj`; 0 or 2. */
static int compile_host(const options *o, ir_module *m,
                        const wp_emit_options *eo, workdir *w,
                        const char *obj) {
  const char *csrc = wpath(w, 2, "module.c");
  if (write_file(csrc, write_c, m, eo))
    return 2;
  char olevel[4] = {'-', 'O', (char)('0' + o->opt_level), 0};
  /* the temporary directory's name must not reach the object
     (deterministic output) */
  char prefix_map[1200], target[300];
  snprintf(prefix_map, sizeof prefix_map, "-ffile-prefix-map=%s=.", w->dir);
  snprintf(target, sizeof target, "--target=%s", o->target ? o->target : "");
  const char *cc = cc_of(o);
  char *argv[24];
  int n = 0;
  argv[n++] = (char *)cc;
  if (o->target)
    argv[n++] = target;
  const char *fixed[] = {"-c",
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
                         prefix_map};
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
    argv[n++] = (char *)fixed[i];
  argv[n++] = (char *)csrc;
  argv[n++] = "-o";
  argv[n++] = (char *)obj;
  argv[n] = NULL;
  int st = wp_run_tool(argv, o->verbose);
  if (st == 0)
    return 0;
  if (st < 0)
    fprintf(stderr, "warpc: error: could not run the C compiler '%s'\n", cc);
  else {
    bool native = false;
    for (const ir_func *f = m->funcs; f; f = f->next)
      native |= f->native != NULL;
    fprintf(stderr,
            "warpc: error: the C compiler '%s' failed on the generated "
            "code%s\n",
            cc,
            native ? "; a @wp.func_native snippet must be valid C (and C++ "
                     "for CUDA) using only its parameters"
            : o->cc || getenv("WARPC_CC") ? ""
                                          : "; this is a bug in warpc");
  }
  return 2;
}

static int make_workdir(workdir *w) {
  w->dir = wp_make_temp_dir();
  if (!w->dir)
    fprintf(stderr, "warpc: error: cannot create a temporary directory: %s\n",
            strerror(errno));
  return w->dir ? 0 : 2;
}

static void free_workdir(workdir *w) {
  if (w->dir)
    wp_remove_temp_dir(w->dir);
  free(w->dir);
}

int warpc_compile_object(const options *o, ir_module *m,
                         const wp_emit_options *eo_in, const char *out_path,
                         const char *header_path) {
  workdir w = {0};
  int rc = make_workdir(&w);
  char *bin = rc ? NULL : toolkit(o, false, &rc);
  wp_emit_options eo = *eo_in;
  char symbol[300];
  snprintf(symbol, sizeof symbol, "%s_wp_fatbin", m->name);
  if (!rc && bin) {
    rc = build_fatbin(o, m, &eo, bin, &w);
    eo.fatbin_symbol = symbol;
    eo.cuda_archs = o->archs;
    eo.n_cuda_archs = o->narchs;
  }
  eo.header_object = true;
  char *tmp_obj = rc ? NULL : wp_temp_beside(out_path);
  char *tmp_h = rc ? NULL : wp_temp_beside(header_path);
  if (!rc && (!tmp_obj || !tmp_h)) {
    fprintf(stderr, "warpc: error: cannot create a file beside '%s': %s\n",
            tmp_obj ? header_path : out_path, strerror(errno));
    rc = 2;
  }
  if (!rc && bin) {
    const char *host = wpath(&w, 3, "host.o"), *fb = wpath(&w, 4, "fatbin.o");
    rc = compile_host(o, m, &eo, &w, host);
    if (!rc && wp_embed_fatbin(cc_of(o), o->target, w.dir, w.path[1], symbol,
                               fb, o->verbose))
      rc = 2;
    const char *objs[] = {host, fb};
    if (!rc && wp_link_relocatable(objs, 2, tmp_obj, o->verbose))
      rc = 2;
  } else if (!rc)
    rc = compile_host(o, m, &eo, &w, tmp_obj);
  if (!rc)
    rc = write_file(tmp_h, write_header, m, &eo);
  if (!rc && (rename(tmp_obj, out_path) || rename(tmp_h, header_path))) {
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
  free(bin);
  free_workdir(&w);
  return rc;
}

/* Device-code kinds: built in the work directory, then copied out. */
static int device_output(const options *o, ir_module *m,
                         const wp_emit_options *eo, FILE *out) {
  workdir w = {0};
  int rc = make_workdir(&w);
  char *bin = rc ? NULL : toolkit(o, true, &rc);
  if (!rc) {
    wp_cuda_options co = cuda_options(o, bin, w.dir);
    int hi = o->archs[0];
    for (int i = 1; i < o->narchs; i++)
      hi = o->archs[i] > hi ? o->archs[i] : hi;
    /* tools run in the work directory on relative names */
    const char *name = o->emit == EMIT_FATBIN  ? "module.fatbin"
                       : o->emit == EMIT_CUBIN ? "module.cubin"
                                               : "module.ptx";
    const char *result = wpath(&w, 2, name);
    rc = write_cu_file(wpath(&w, 0, "module.cu"), m, eo);
    if (!rc && o->emit == EMIT_FATBIN)
      rc = wp_cuda_fatbin(&co, "module.cu", name) ? 2 : 0;
    else if (!rc) {
      /* ptx: the highest arch's; cubin: the first requested arch's */
      int arch = o->emit == EMIT_PTX ? hi : o->archs[0];
      rc = wp_cuda_ptx(&co, "module.cu", arch, "module.ptx") ? 2 : 0;
      if (!rc && o->emit == EMIT_CUBIN)
        rc = wp_cuda_cubin(&co, "module.ptx", arch, name) ? 2 : 0;
    }
    if (!rc && copy_to(result, out)) {
      fprintf(stderr, "warpc: error: cannot write the output\n");
      rc = 2;
    }
  }
  free(bin);
  free_workdir(&w);
  return rc;
}

int warpc_emit_text(const options *o, ir_module *m, const ast_module *ast,
                    const wp_emit_options *eo) {
  bool binary = o->emit == EMIT_CUBIN || o->emit == EMIT_FATBIN;
  bool to_stdout = !o->output || !strcmp(o->output, "-");
  if (binary && to_stdout) {
    fprintf(stderr, "warpc: error: --emit=%s needs -o FILE\n",
            o->emit == EMIT_CUBIN ? "cubin" : "fatbin");
    return 2;
  }
  FILE *out = stdout;
  char *tmp = NULL;
  if (!to_stdout) {
    tmp = wp_temp_beside(o->output);
    out = tmp ? fopen(tmp, "wb") : NULL;
    if (!out) {
      fprintf(stderr, "warpc: error: cannot write '%s': %s\n", o->output,
              strerror(errno));
      if (tmp)
        unlink(tmp);
      free(tmp);
      return 2;
    }
  }
  int rc = 0;
  switch (o->emit) {
  case EMIT_AST: wp_ast_print(out, ast); break;
  case EMIT_IR: ir_print(out, m); break;
  case EMIT_C: rc = write_c(out, m, eo) ? 2 : 0; break;
  case EMIT_CU: rc = write_cu(out, m, eo) ? 2 : 0; break;
  case EMIT_HEADER: rc = write_header(out, m, eo) ? 2 : 0; break;
  default: rc = device_output(o, m, eo, out); break;
  }
  if (out != stdout) {
    if (fclose(out) != 0 || rc || rename(tmp, o->output) != 0) {
      if (!rc)
        fprintf(stderr, "warpc: error: cannot write '%s'\n", o->output);
      unlink(tmp);
      rc = 2;
    }
    free(tmp);
  } else
    fflush(stdout);
  return rc;
}
