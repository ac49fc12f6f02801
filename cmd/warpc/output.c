/* output.c - what warpc writes: text dumps of each stage (--emit), and the
 * host object (CPU code + embedded fatbin + launchers, one relocatable
 * object) with its header.  Work happens in the private temporary directory
 * of the cleanup record; the results go to the stages that outfiles.c made
 * for the outputs. */
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
  /* lowered for CUDA's block width when it differs (main.c) */
  return wp_emit_c(out, m->cuda ? m->cuda : m, &wp_target_cuda, eo);
}
static int write_header(FILE *out, ir_module *m, const wp_emit_options *eo) {
  return wp_emit_header(out, m, eo);
}

/* Writes fn's output to the file `path`, the output `shown` in messages,
 * or a work file in the private temporary directory when `shown` is NULL;
 * 0 or 2 (reported). */
static int write_file(const char *path, const char *shown, writer_fn fn,
                      ir_module *m, const wp_emit_options *eo) {
  FILE *f = fopen(path, "w");
  if (!f && shown)
    return warpc_write_error(shown, errno);
  if (!f) {
    wp_temp_write_error(errno);
    return 2;
  }
  int rc = fn(f, m, eo) != 0 ? 2 : 0;
  if (shown) {
    int wrc = warpc_stream_done(f, shown);
    return rc ? rc : wrc;
  }
  int err = warpc_stream_close(f);
  if (err)
    wp_temp_write_error(err);
  return rc ? rc : err ? 2 : 0;
}

/* Writes the CUDA C of `m` to `path` dated at the epoch: ptxas records the
 * source's modification time in the cubin's line table, and outputs must
 * not depend on when warpc ran.  0 or 2. */
static int write_cu_file(const char *path, ir_module *m,
                         const wp_emit_options *eo) {
  int rc = write_file(path, NULL, write_cu, m, eo);
  struct timespec epoch[2] = {{0, 0}, {0, 0}};
  if (!rc)
    utimensat(AT_FDCWD, path, epoch, 0);
  return rc;
}

/* Copies file `from` to the stream `to` (flushed first), for the output
 * `shown` (NULL: standard output), with write(2) so that a failed write
 * keeps its errno (stdio may lose it: a large fwrite bypasses the buffer
 * and the flush at the end then succeeds); 0 or 2 (reported). */
static int copy_to(const char *from, FILE *to, const char *shown) {
  if (fflush(to) != 0)
    return warpc_write_error(shown, errno);
  int in = open(from, O_RDONLY | O_CLOEXEC);
  bool reading = true;
  if (in >= 0 && warpc_copy_fd(in, fileno(to), &reading) == 0) {
    close(in);
    return 0;
  }
  int err = errno;
  if (in >= 0)
    close(in);
  if (!reading)
    return warpc_write_error(shown, err);
  warpc_error("cannot read '%s': %s\n", from, strerror(err));
  return 2;
}

/* The path of `name` in the work directory (made first), recorded for the
 * signal handler; NULL when the directory cannot be made (reported). */
static const char *wpath(wp_cleanup *c, const char *name) {
  const char *p = wp_cleanup_file(c, name);
  if (!p)
    warpc_tempdir_error(errno);
  return p;
}

/* The CUDA toolkit for this run: NULL with *rc = 0 when CUDA is off or
 * optional and missing (the warning cuda-toolkit to `diag`; *rc = 1 when
 * that is an error), *rc = 2 when required and missing. */
static char *toolkit(const options *o, bool required, wp_diag *diag, int *rc,
                     warpc_run *run) {
  *rc = 0;
  if (o->cuda == CUDA_OFF && !required)
    return NULL;
  char *bin = wp_cuda_find_toolkit();
  if (bin)
    return bin;
  if (required || o->cuda == CUDA_EXPLICIT) {
    warpc_error("CUDA output was requested but no CUDA toolkit was "
                "found (nvcc not on PATH; set CUDA_PATH)\n");
    *rc = 2;
    return NULL;
  }
  if (run->toolkit_reported) {
    *rc = run->toolkit_rc;
    return NULL;
  }
  int errors = wp_diag_error_count(diag);
  if (wp_diag_warning_is_error(diag, WP_W_CUDA_TOOLKIT))
    wp_warning(diag, WP_W_CUDA_TOOLKIT, (wp_loc){0},
               "no CUDA toolkit found (nvcc); give --no-cuda for a CPU-only "
               "object");
  else
    wp_warning(diag, WP_W_CUDA_TOOLKIT, (wp_loc){0},
               "no CUDA toolkit found (nvcc); writing a CPU-only object");
  *rc = wp_diag_error_count(diag) > errors ? 1 : 0;
  run->toolkit_reported = true;
  run->toolkit_rc = *rc;
  return NULL;
}

static wp_cuda_options cuda_options(const options *o, const char *bin,
                                    wp_cleanup *c) {
  return (wp_cuda_options){.toolkit_bin = bin,
                           .workdir = c->dir,
                           .cleanup = c,
                           .archs = o->archs,
                           .narchs = o->narchs,
                           .nvcc_extra = o->xnvcc,
                           .n_nvcc_extra = o->nxnvcc,
                           .ptxas_extra = o->xptxas,
                           .n_ptxas_extra = o->nxptxas,
                           .opt_level = o->opt_level < 1 ? 0 : 3,
                           .jobs = o->jobs,
                           .verbose = o->verbose};
}

static const char *cc_of(const options *o) {
  const char *cc = o->cc ? o->cc : getenv("WARPC_CC");
  return cc && *cc ? cc : "clang";
}

#define WARPC_STR2(x) #x
#define WARPC_STR(x) WARPC_STR2(x)
#define WARPC_FRAME_FLAG "-Wframe-larger-than=" WARPC_STR(WARPC_MAX_FRAME)
/* IR_CPU_MAX_FRAME_BYTES, spelled as a literal for the flag */
#define WARPC_MAX_FRAME 6291456
_Static_assert(WARPC_MAX_FRAME == IR_CPU_MAX_FRAME_BYTES,
               "the -Wframe-larger-than flag is IR_CPU_MAX_FRAME_BYTES");

/* Whether the C compiler's messages in errf refuse a stack frame larger
 * than IR_CPU_MAX_FRAME_BYTES. */
static bool frame_too_large(const char *errf) {
  FILE *in = fopen(errf, "r");
  if (!in)
    return false;
  bool found = false;
  char *line = NULL;
  size_t cap = 0;
  while (!found && getline(&line, &cap, in) > 0)
    found = strstr(line, ": error:") && strstr(line, "-Wframe-larger-than");
  free(line);
  fclose(in);
  return found;
}

/* Whether the C compiler's messages (the file errf) report an error inside
 * the text of a @wp.func_native snippet: a line "PATH:LINE:COL: error:"
 * (nvcc's: "PATH(LINE): error:") whose PATH and LINE fall in a snippet of
 * m (the #line directives map the snippet into the Python file).  Such an
 * error is in the user's input. */
static bool error_in_snippet(const ir_module *m, const wp_emit_options *eo,
                             const char *errf) {
  FILE *in = fopen(errf, "r");
  if (!in)
    return false;
  bool found = false;
  char *line = NULL;
  size_t cap = 0;
  while (!found && getline(&line, &cap, in) > 0) {
    if (!strstr(line, ": error:"))
      continue;
    for (const ir_func *f = m->funcs; f && !found; f = f->next) {
      const wp_loc *l = &f->native_loc;
      if (!f->native || !l->src || !l->src->path)
        continue;
      const char *path = wp_emit_source_name(eo, l->src);
      size_t n = strlen(path);
      if (strncmp(line, path, n) || (line[n] != ':' && line[n] != '('))
        continue;
      unsigned long at = strtoul(line + n + 1, NULL, 10), last = l->line;
      for (uint32_t i = l->start; i < l->end && i < l->src->len; i++)
        last += l->src->text[i] == '\n';
      found = at >= l->line && at <= last;
    }
  }
  free(line);
  fclose(in);
  return found;
}

/* The status of a failed device compile: 1 when nvcc failed (its messages
 * in the file `nvcc_err`, already shown) on a @wp.func_native snippet that
 * is valid C but not CUDA C++, an error in the input (said); else 2. */
static int device_failure(const ir_module *m, const wp_emit_options *eo,
                          const char *nvcc_err) {
  if (!nvcc_err || !error_in_snippet(m, eo, nvcc_err))
    return 2;
  warpc_error("a @wp.func_native snippet is not valid CUDA C++ (it must be "
              "C, and C++ for CUDA, using only its parameters)\n");
  return 1;
}

/* After a failed host compile with --target or --cpu: whether the C
 * compiler `cc` refuses the target or the CPU's flag itself (an empty C
 * file with only those fails too), so that the error is the user's option,
 * not warpc's code. */
static bool options_refused(const options *o, const char *cc,
                            const warpc_cpu *cpu, wp_cleanup *c) {
  const char *src = wpath(c, "target-probe.c");
  const char *err = wpath(c, "target-probe.err");
  const char *obj = wpath(c, "target-probe.o");
  FILE *f = src && err && obj ? fopen(src, "w") : NULL;
  if (!f)
    return false;
  fclose(f);
  char *target = o->target ? wp_strfmt("--target=%s", o->target) : NULL;
  /* -c: some refusals come from the back end */
  char *argv[10];
  int n = 0;
  argv[n++] = (char *)cc;
  if (target)
    argv[n++] = target;
  if (cpu)
    argv[n++] = (char *)cpu->flag;
  argv[n++] = "-c";
  argv[n++] = "-x";
  argv[n++] = "c";
  argv[n++] = (char *)src;
  argv[n++] = "-o";
  argv[n++] = (char *)obj;
  argv[n] = NULL;
  int st = wp_run_tool_err(argv, NULL, o->verbose, c, err);
  free(target);
  return st > 0;
}

/* The flags that map the directories clang records in debug info: the
 * working directory (DW_AT_comp_dir; as $PWD and as realpath) to the
 * recorded name of the input's directory, the private temporary directory
 * (the generated C's own name) to "."; the last given wins in gcc, the
 * longest match in clang. */
static void dir_maps(const wp_emit_options *eo, wp_cleanup *c, char *out[3]) {
  char *rec = warpc_record_dir(eo->source_name_ctx);
  char *cwd = warpc_cwd(), *phys = warpc_physical_cwd();
  out[0] = cwd ? wp_strfmt("-fdebug-prefix-map=%s=%s", cwd, rec) : NULL;
  out[1] = phys && (!cwd || strcmp(cwd, phys))
               ? wp_strfmt("-fdebug-prefix-map=%s=%s", phys, rec)
               : NULL;
  /* the temporary directory's name must not reach the object
     (deterministic output) */
  out[2] = wp_strfmt("-ffile-prefix-map=%s=.", c->dir);
  free(rec);
  free(cwd);
  free(phys);
}

/* One run of the C compiler on the host C: its argv and what it owns. */
typedef struct host_compile {
  const char **argv;
  const char *errf; /* the compiler's messages */
  const char *obj;
  const warpc_cpu *cpu; /* --cpu's, or NULL */
  char olevel[4];
  char *maps[3], *target, *define;
} host_compile;

/* Prepares the compile of the host C `csrc` into `obj` for CPU `cpu`
 * (NULL: the C compiler's default), as the variant `cpu->tag` when
 * `variant` (-DWP_CPU_VARIANT: its range functions only), its messages in
 * `errname` of the work directory; 0 or 2. */
static int host_prepare(const options *o, const wp_emit_options *eo,
                        wp_cleanup *c, const char *csrc, const char *obj,
                        const warpc_cpu *cpu, bool variant, const char *errname,
                        host_compile *h) {
  memset(h, 0, sizeof *h);
  h->errf = wpath(c, errname);
  h->obj = obj;
  h->cpu = cpu;
  if (!h->errf)
    return 2;
  memcpy(h->olevel, (char[4]){'-', 'O', (char)('0' + o->opt_level), 0}, 4);
  dir_maps(eo, c, h->maps);
  h->target = o->target ? wp_strfmt("--target=%s", o->target) : NULL;
  static const char *const fixed[] = {
      "-c", "-x", "c", "-std=c11", NULL /* -O */, "-fPIC", "-fwrapv",
      "-ffp-contract=off", "-fno-math-errno",
      /* no warnings, but a call of a function that nothing declares is an
         error: a prelude function warpc lacks fails here, not at the
         user's link */
      "-Wno-everything", "-Werror=implicit-function-declaration",
      /* a frame the stack of the thread running a block may not hold */
      WARPC_FRAME_FLAG, "-Werror=frame-larger-than", "-gline-tables-only"};
  size_t nfixed = sizeof fixed / sizeof fixed[0];
  h->define = variant ? wp_strfmt("-DWP_CPU_VARIANT=%s", cpu->tag) : NULL;
  /* cc, --target, the CPU, the variant, the fixed flags, maps, -Xcc's,
     source, -o, object, NULL */
  h->argv = calloc(nfixed + (size_t)o->nxcc + 11, sizeof *h->argv);
  if (!h->argv) {
    fputs("warpc: fatal: out of memory\n", stderr);
    abort();
  }
  int n = 0;
  h->argv[n++] = cc_of(o);
  if (h->target)
    h->argv[n++] = h->target;
  if (cpu)
    h->argv[n++] = cpu->flag;
  if (h->define)
    h->argv[n++] = h->define;
  for (size_t i = 0; i < nfixed; i++)
    h->argv[n++] = fixed[i] ? fixed[i] : h->olevel;
  for (int i = 0; i < 3; i++)
    if (h->maps[i])
      h->argv[n++] = h->maps[i];
  /* after warpc's own, so that -Xcc can override them */
  for (int i = 0; i < o->nxcc; i++)
    h->argv[n++] = o->xcc[i];
  h->argv[n++] = csrc;
  h->argv[n++] = "-o";
  h->argv[n++] = obj;
  h->argv[n] = NULL;
  return 0;
}

static void host_free(host_compile *h) {
  free(h->argv);
  for (int i = 0; i < 3; i++)
    free(h->maps[i]);
  free(h->target);
  free(h->define);
}

/* After the compile ended with `st` (wp_run_tool_err's): relays the
 * compiler's messages, says why it failed; 0, 1 (a bad @wp.func_native
 * snippet) or 2. */
static int host_result(const options *o, ir_module *m,
                       const wp_emit_options *eo, wp_cleanup *c,
                       const host_compile *h, int st) {
  const char *cc = cc_of(o);
  int gaps = wp_relay_tool_messages(h->errf);
  if (st == 0 && !warpc_is_object(h->obj)) {
    /* -Xcc -E, -S, -M, -fsyntax-only: output, but no object */
    warpc_error("the C compiler '%s' wrote no object file%s\n", cc,
                o->nxcc
                    ? " (an -Xcc option such as -E, -S, -M or -fsyntax-only "
                      "stops it before the object)"
                    : "");
    return 2;
  }
  if (st == 0 || st == -2) /* -2: a full disk or a signal, reported */
    return st ? 2 : 0;
  if (gaps)
    return 2; /* named the builtins */
  if (st < 0)
    warpc_error("could not run the C compiler '%s'\n", cc);
  else if (o->target && options_refused(o, cc, NULL, c)) {
    warpc_error("the C compiler '%s' does not take "
                "'--target=%s' (see its message above; --cc names the "
                "compiler, and clang takes every target LLVM was built "
                "for)\n",
                cc, o->target);
    return 2;
  } else if (h->cpu && options_refused(o, cc, h->cpu, c)) {
    warpc_error("the C compiler '%s' does not take '%s' (--cpu %s; see its "
                "message above)\n",
                cc, h->cpu->flag, h->cpu->name);
    return 2;
  } else if (frame_too_large(h->errf)) {
    warpc_error("a kernel needs a CPU stack frame of more than %d MiB, "
                "warpc's limit (its tiles are in the frame of the thread "
                "that runs a block: make them smaller or fewer; see LIMITS "
                "in warpc(1))\n",
                IR_CPU_MAX_FRAME_BYTES / (1024 * 1024));
    return 1;
  } else if (error_in_snippet(m, eo, h->errf)) {
    warpc_error("a @wp.func_native snippet is not valid C "
                "(it must be C, and C++ for CUDA, using only its "
                "parameters)\n");
    return 1;
  } else {
    bool native = false;
    for (const ir_func *f = m->funcs; f; f = f->next)
      native |= f->native != NULL;
    warpc_error("the C compiler '%s' failed on the generated "
                "code%s\n",
                cc,
                native ? "; a @wp.func_native snippet must be valid C (and C++ "
                         "for CUDA) using only its parameters"
                : o->cc || getenv("WARPC_CC") || o->nxcc
                    ? ""
                    : "; this is a bug in warpc");
  }
  return 2;
}

/* The compiles of the host C `csrc` into the objects objs[0..ncpus) (at
 * least one): the baseline (--cpu's first CPU, or the C compiler's
 * default), then each --cpu variant, into h[] and runs[]; their number, or
 * -1 (*rc set: 2). */
static int host_runs(const options *o, const wp_emit_options *eo, wp_cleanup *c,
                     const char *csrc, const char **objs, host_compile *h,
                     wp_tool_run *runs, int *rc) {
  int n = o->ncpus > 1 ? o->ncpus : 1;
  *rc = 0;
  for (int i = 0; i < n; i++) {
    char *err = i ? wp_strfmt("cc_%s.err", o->cpus[i]->tag) : NULL;
    *rc = host_prepare(o, eo, c, csrc, objs[i], o->ncpus ? o->cpus[i] : NULL,
                       i > 0, err ? err : "cc.err", &h[i]);
    free(err);
    runs[i] = (wp_tool_run){.argv = (char **)h[i].argv, .err_path = h[i].errf};
    if (*rc) {
      for (int k = 0; k <= i; k++)
        host_free(&h[k]);
      return -1;
    }
  }
  return n;
}

/* After the host compiles h[0..n) ran (runs[].rc): reports the first
 * failure (the others ran on the same C) and frees them; 0, 1 or 2. */
static int host_results(const options *o, ir_module *m,
                        const wp_emit_options *eo, wp_cleanup *c,
                        host_compile *h, const wp_tool_run *runs, int n) {
  int rc = 0;
  for (int i = 0; i < n && !rc; i++)
    if (runs[i].rc != -3) /* -3: not started after a failure */
      rc = host_result(o, m, eo, c, &h[i], runs[i].rc);
  for (int i = 0; i < n; i++)
    host_free(&h[i]);
  return rc;
}

/* Compiles the host C `csrc` into the objects objs[0..ncpus), up to -j at
 * once; 0, 1 or 2. */
static int compile_host(const options *o, ir_module *m,
                        const wp_emit_options *eo, wp_cleanup *c,
                        const char *csrc, const char **objs) {
  host_compile h[WARPC_CPUS_MAX];
  wp_tool_run runs[WARPC_CPUS_MAX];
  int rc, n = host_runs(o, eo, c, csrc, objs, h, runs, &rc);
  if (n < 0)
    return rc;
  if (n == 1)
    runs[0].rc =
        wp_run_tool_err(runs[0].argv, NULL, o->verbose, c, runs[0].err_path);
  else
    wp_run_tools(runs, n, o->jobs > 0 ? o->jobs : wp_tool_jobs(), NULL,
                 o->verbose, c);
  return host_results(o, m, eo, c, h, runs, n);
}

/* The cache entry of this compilation, whose sources are written (module.c,
 * and module.cu when `bin` names a toolkit): malloc'd; NULL when there is
 * no cache, or -Xcc/-Xnvcc/-Xptxas options are given (they may name files
 * or ask for messages that a cache hit could not reproduce). */
static char *cache_entry(const options *o, const wp_emit_options *eo,
                         const char *bin, wp_cleanup *c) {
  if (!o->cache_dir || !*o->cache_dir || o->nxcc || o->nxnvcc || o->nxptxas)
    return NULL;
  wp_sha256 s;
  warpc_cache_begin(&s);
  /* every option that reaches a tool (the rest reach the generated text) */
  char *rec = warpc_record_dir(eo->source_name_ctx);
  warpc_cache_word(&s, rec);
  free(rec);
  char olevel[2] = {(char)('0' + o->opt_level), 0};
  warpc_cache_word(&s, olevel);
  warpc_cache_word(&s, o->target);
  for (int i = 0; i < o->ncpus; i++)
    warpc_cache_word(&s, o->cpus[i]->name);
  warpc_cache_tool(&s, cc_of(o));
  const char *ld = getenv("WARPC_LD");
  warpc_cache_tool(&s, ld && *ld ? ld : "ld.lld");
  bool ok = warpc_cache_file(&s, wp_cleanup_file(c, "module.c")) == 0;
  warpc_cache_word(&s, bin ? "cuda" : "cpu");
  if (bin) {
    for (int i = 0; i < o->narchs; i++) {
      char arch[16];
      snprintf(arch, sizeof arch, "%d", o->archs[i]);
      warpc_cache_word(&s, arch);
    }
    const char *tools[] = {"nvcc", "ptxas", "fatbinary"};
    for (int i = 0; i < 3; i++) {
      char *t = wp_strfmt("%s/%s", bin, tools[i]);
      warpc_cache_tool(&s, t);
      free(t);
    }
    /* nvcc reads these */
    warpc_cache_word(&s, getenv("NVCC_PREPEND_FLAGS"));
    warpc_cache_word(&s, getenv("NVCC_APPEND_FLAGS"));
    ok = ok && warpc_cache_file(&s, wp_cleanup_file(c, "module.cu")) == 0;
  }
  char *entry = warpc_cache_entry(o->cache_dir, &s);
  if (ok)
    return entry;
  free(entry);
  return NULL;
}

/* Runs the tools on the written sources: the object in `obj`; 0, 1 or 2.
 * The host code (for --cpu's baseline), one object per --cpu variant and
 * the embedded fatbin are linked into one relocatable object. */
static int build_object(const options *o, ir_module *m,
                        const wp_emit_options *eo, const char *bin,
                        wp_cleanup *c, const char *obj) {
  const char *csrc = wpath(c, "module.c");
  if (!csrc)
    return 2;
  if (!bin && o->ncpus <= 1)
    return compile_host(o, m, eo, c, csrc, &obj);
  const char *objs[WARPC_CPUS_MAX + 1];
  int nobjs = o->ncpus > 1 ? o->ncpus : 1;
  int rc = 0;
  for (int i = 0; i < nobjs; i++) {
    char *name =
        i ? wp_strfmt("host_%s.o", o->cpus[i]->tag) : wp_strfmt("host.o");
    objs[i] = wpath(c, name);
    free(name);
    rc = rc || !objs[i] ? 2 : 0;
  }
  if (!rc && !bin)
    rc = compile_host(o, m, eo, c, csrc, objs);
  else if (!rc) {
    /* the host compiles run beside nvcc and ptxas: they are independent */
    host_compile h[WARPC_CPUS_MAX];
    wp_tool_run runs[WARPC_CPUS_MAX];
    int n = host_runs(o, eo, c, csrc, objs, h, runs, &rc);
    if (n > 0) {
      wp_cuda_options co = cuda_options(o, bin, c);
      co.one_ptx = !o->nxnvcc && wp_cuda_arch_neutral(m);
      co.also = runs;
      co.n_also = n;
      const char *nvcc_err = NULL;
      co.nvcc_failed = &nvcc_err;
      int dev = wp_cuda_fatbin(&co, "module.cu", "module.fatbin");
      rc = host_results(o, m, eo, c, h, runs, n);
      if (!rc && dev)
        rc = device_failure(m, eo, nvcc_err);
    }
    const char *fb = wpath(c, "fatbin.o");
    const char *fatbin = wpath(c, "module.fatbin");
    if (!rc && (!fb || !fatbin ||
                wp_embed_fatbin(cc_of(o), o->target, c, fatbin,
                                eo->fatbin_symbol, fb, o->verbose)))
      rc = 2;
    objs[nobjs++] = fb;
  }
  if (!rc && wp_link_relocatable(objs, nobjs, obj, o->verbose, c))
    rc = 2;
  return rc;
}

/* The --cpu variants into eo (tags and levels: WARPC_CPUS_MAX entries),
 * highest level first. */
static void cpu_variants(const options *o, wp_emit_options *eo,
                         const char **tags, int *levels) {
  for (int i = o->ncpus - 1; i >= 1; i--) {
    int k = eo->n_cpu_variants++;
    for (; k > 0 && levels[k - 1] < o->cpus[i]->level; k--) {
      tags[k] = tags[k - 1];
      levels[k] = levels[k - 1];
    }
    tags[k] = o->cpus[i]->tag;
    levels[k] = o->cpus[i]->level;
  }
  eo->cpu_variant_tags = tags;
  eo->cpu_variant_levels = levels;
}

int warpc_compile_object(const options *o, ir_module *m,
                         const wp_emit_options *eo_in, wp_cleanup *c,
                         const warpc_outfile *out, const warpc_outfile *hdr,
                         wp_diag *diag, warpc_run *run) {
  /* the tools write in the work directory only: what fails beside the
     output is warpc's copy, which can say why */
  const char *obj = wpath(c, "module.o");
  int rc = obj ? 0 : 2;
  char *bin = rc ? NULL : toolkit(o, false, diag, &rc, run);
  wp_emit_options eo = *eo_in;
  char *symbol = wp_strfmt("%s_wp_fatbin", m->name);
  const char *cu = bin && !rc ? wpath(c, "module.cu") : NULL;
  if (bin && !rc && (!cu || write_cu_file(cu, m, &eo)))
    rc = 2;
  if (bin) {
    eo.fatbin_symbol = symbol;
    eo.cuda_archs = o->archs;
    eo.n_cuda_archs = o->narchs;
  }
  eo.header_object = true;
  const char *tags[WARPC_CPUS_MAX];
  int levels[WARPC_CPUS_MAX];
  cpu_variants(o, &eo, tags, levels);
  const char *csrc = rc ? NULL : wpath(c, "module.c");
  if (!rc && (!csrc || write_file(csrc, NULL, write_c, m, &eo)))
    rc = 2;
  char *entry = rc ? NULL : cache_entry(o, &eo, bin, c);
  bool hit = entry && warpc_cache_fetch(entry, out, o->verbose, &rc);
  if (!rc && !hit) {
    rc = build_object(o, m, &eo, bin, c, obj);
    if (!rc)
      rc = warpc_outputs_place(out, obj);
    if (!rc && entry)
      warpc_cache_store(entry, obj, o);
  }
  if (!rc)
    rc = write_file(hdr->stage, hdr->path, write_header, m, &eo);
  free(entry);
  free(symbol);
  free(bin);
  return rc;
}

/* Device-code kinds: built in the work directory, then copied out. */
static int device_output(const options *o, ir_module *m,
                         const wp_emit_options *eo, wp_cleanup *c, FILE *out,
                         const char *shown) {
  int rc = 0;
  char *bin = toolkit(o, true, NULL, &rc, NULL);
  const char *cu = rc ? NULL : wpath(c, "module.cu");
  if (cu) {
    wp_cuda_options co = cuda_options(o, bin, c);
    co.one_ptx = !o->nxnvcc && wp_cuda_arch_neutral(m);
    const char *nvcc_err = NULL;
    co.nvcc_failed = &nvcc_err;
    int hi = o->archs[0];
    for (int i = 1; i < o->narchs; i++)
      hi = o->archs[i] > hi ? o->archs[i] : hi;
    /* tools run in the work directory on relative names */
    const char *name = o->emit == EMIT_FATBIN  ? "module.fatbin"
                       : o->emit == EMIT_CUBIN ? "module.cubin"
                                               : "module.ptx";
    const char *result = wpath(c, name);
    rc = result ? write_cu_file(cu, m, eo) : 2;
    if (!rc && o->emit == EMIT_FATBIN)
      rc = wp_cuda_fatbin(&co, "module.cu", name)
               ? device_failure(m, eo, nvcc_err)
               : 0;
    else if (!rc) {
      /* ptx: the highest arch's; cubin: the first requested arch's */
      int arch = o->emit == EMIT_PTX ? hi : o->archs[0];
      rc = wp_cuda_ptx(&co, "module.cu", arch, "module.ptx")
               ? device_failure(m, eo, nvcc_err)
               : 0;
      if (!rc && o->emit == EMIT_CUBIN)
        rc = wp_cuda_cubin(&co, "module.ptx", arch, name) ? 2 : 0;
    }
    if (!rc)
      rc = copy_to(result, out, shown);
  } else if (!rc)
    rc = 2;
  free(bin);
  return rc;
}

int warpc_emit_text(const options *o, ir_module *m, const ast_module *ast,
                    const wp_emit_options *eo, wp_cleanup *c, FILE *out,
                    const char *shown) {
  switch (o->emit) {
  case EMIT_AST: wp_ast_print(out, ast); return 0;
  case EMIT_IR: ir_print(out, m); return 0;
  case EMIT_C: { /* as compiled: with the --cpu variants' dispatch */
    wp_emit_options ce = *eo;
    const char *tags[WARPC_CPUS_MAX];
    int levels[WARPC_CPUS_MAX];
    cpu_variants(o, &ce, tags, levels);
    return write_c(out, m, &ce) ? 2 : 0;
  }
  case EMIT_CU: return write_cu(out, m, eo) ? 2 : 0;
  case EMIT_HEADER: return write_header(out, m, eo) ? 2 : 0;
  default: return device_output(o, m, eo, c, out, shown);
  }
}
