/* emit.h - lib/emit: IR -> C / CUDA C source, the typed C header, and the
 * driver that runs the external tools (clang, nvcc, ptxas, ...).
 *
 * One emitter walks the IR and prints C; a target description decides what
 * differs between CPU C and CUDA C.  The generated C includes no header: the
 * runtime ABI (<warp/abi.h>) and the builtin library (lib/emit/prelude) are
 * pasted at its top, so it compiles without a sysroot for any target.
 */
#ifndef WARPC_EMIT_H
#define WARPC_EMIT_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "../ir/ir.h"

/* What differs between targets. */
typedef struct wp_target {
  const char *name; /* "cpu" */
  bool cuda;        /* CUDA C (device code) instead of host C */
} wp_target;

extern const wp_target wp_target_cpu;
extern const wp_target wp_target_cuda;

typedef struct wp_emit_options {
  bool line_directives; /* #line "file.py" so debuggers show Python lines */
  const char *version;  /* warpc's version, printed in the banner */
  /* CPU target: the symbol of the embedded fatbin the kernel descriptors
     point at, or NULL for a CPU-only object */
  const char *fatbin_symbol;
  /* CPU target: the variants of every kernel's CPU code (warpc --cpu after
     the baseline): their symbol suffixes ("x86_64_v3") and x86-64 levels
     (3), highest level first.  The C is printed once: compiled as is, it
     holds the launchers and, per kernel, a range function that runs the
     variant of the highest level wp_cpu_level() allows; compiled with
     -DWP_CPU_VARIANT=<suffix>, only that variant's range functions
     (<kernel>_cpu__wpcpu_<suffix>, <kernel>_cpu_adj__wpcpu_<suffix>,
     hidden). */
  const char *const *cpu_variant_tags;
  const int *cpu_variant_levels;
  int n_cpu_variants;
  /* CPU target: no SPMD variants of kernels (warpc -fno-spmd;
     lib/emit/emit_spmd.c) */
  bool no_spmd;
  /* header: set when it goes with an object, to say which devices that
     runs on: the CUDA archs of its fatbin (n_cuda_archs 0: CPU only) */
  bool header_object;
  const int *cuda_archs;
  int n_cuda_archs;
  /* The name a source file is recorded under in everything emitted (#line
     directives, banners, the header's comments), e.g. relative or with a
     prefix mapped (warpc --prefix-map), or NULL to keep src->path; called
     with source_name_ctx. */
  const char *(*source_name)(void *ctx, const wp_source *src);
  void *source_name_ctx;
} wp_emit_options;

/* The name `src` is recorded under in emitted text: opts->source_name's
   answer, else src->path; "?" for no source. */
const char *wp_emit_source_name(const wp_emit_options *opts,
                                const wp_source *src);

/* Name of the CUDA entry of kernel `f` ("<module>_<kernel>_cuda_forward"),
 * in the module's arena. */
const char *wp_cuda_entry_name(const ir_func *f, bool backward);

/* Prints the whole translation unit for `m` on `target` to `out`: kernels'
 * entry points, their launchers (CPU target) and the @wp.func they call.
 * The CUDA target prints CUDA C (C++) with one `extern "C" __global__` entry
 * per kernel running a grid-stride loop over the launch.
 * The module must have been verified.  Returns 0, or -1 on a write error. */
int wp_emit_c(FILE *out, ir_module *m, const wp_target *target,
              const wp_emit_options *opts);

/* Prints the C header declaring the typed launchers of `m` (the contract in
 * DESIGN.md: `wp_status m_k(const wp_launch *, <params>)`).  Returns 0, or
 * -1 on a write error. */
int wp_emit_header(FILE *out, const ir_module *m, const wp_emit_options *opts);

/* The builtin whose prelude function the C name `fn` is: wp_<name>_<types>
 * (or wp_<name>), or its adjoint wp_adj_<name>_<types> (*adjoint set);
 * NULL when `fn` is neither.  *types points at the mangled argument types
 * in fn ("float32_mat33f"; "" for none).  For messages about a generated
 * call that the preludes lack. */
const ir_builtin *wp_builtin_of_c_name(const char *fn, bool *adjoint,
                                       const char **types);

/* Copies a tool's messages (the file `path`, from wp_run_tool_err) to
 * standard error, then names the builtin behind each call of a prelude
 * function that the compiler found undeclared: "warpc: error: the
 * generated code calls 'wp_adj_div_float32_mat33f', which warpc's prelude
 * does not define: the adjoint of builtin 'div' for the argument types
 * float32_mat33f; this is a bug in warpc" (a gap that the test
 * unit.test_builtin_prelude is there to catch).  Returns the number of
 * such functions; 0 when the file cannot be read. */
int wp_relay_tool_messages(const char *path);

/* The text of an embedded file ("abi.h", "0core.h", ...), or NULL. */
const char *wp_embedded_file(const char *name);

/* ---- the tool driver ------------------------------------------------------
 */

/* What must be undone when a signal stops warpc: its private temporary
 * directory and the files that warpc or its tools make there, the
 * temporaries beside outputs, and the tool running now (run in a process
 * group of its own).  The command line's signal handler calls
 * wp_cleanup_on_signal(); every other function below changes the record
 * with the signals of wp_cleanup_sigset() blocked (and SIGTSTP, whose
 * handler stops the recorded tools), so the handlers always find it
 * consistent.  Zero-initialise it ({0}); one per compilation,
 * released by wp_cleanup_free(). */
/* The most tools wp_run_tools runs at once (warpc -j is clamped to it). */
#define WP_TOOL_JOBS_MAX 64

typedef struct wp_cleanup {
  char *dir;    /* the private temporary directory (malloc'd), or NULL */
  char **files; /* full paths of the files that may exist in dir */
  int nfiles, capfiles;
  char **temps; /* temporaries beside outputs (full paths, malloc'd) */
  int ntemps, captemps;
  volatile sig_atomic_t tool; /* process group of the running tool, or 0 */
  /* process groups of the tools wp_run_tools runs at once (0: none) */
  volatile sig_atomic_t jobs[WP_TOOL_JOBS_MAX];
} wp_cleanup;

/* The signals that stop a compilation and that wp_cleanup_on_signal()
 * undoes: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE. */
void wp_cleanup_sigset(sigset_t *set);

/* Makes c's private temporary directory (mode 0700, $TMPDIR or /tmp,
 * "warpc-XXXXXX") unless it exists.  0, or -1 with errno set. */
int wp_cleanup_make_dir(wp_cleanup *c);

/* The full path of `name` in c's directory (made first if needed),
 * recorded so that a signal removes it; the same string for the same name.
 * Owned by c.  NULL with errno set when the directory cannot be made. */
const char *wp_cleanup_file(wp_cleanup *c, const char *name);

/* wp_temp_beside(path), recorded in c.  Owned by c; NULL with errno set. */
const char *wp_cleanup_temp_beside(wp_cleanup *c, const char *path);

/* Renames the temporary `temp` (from wp_cleanup_temp_beside) to `path`
 * and forgets it, atomically with respect to the signal handler: 0, or -1
 * with errno set (then still recorded).  `temp` is freed on success. */
int wp_cleanup_rename(wp_cleanup *c, const char *temp, const char *path);

/* Removes the temporary `temp` and forgets it (freed). */
void wp_cleanup_remove(wp_cleanup *c, const char *temp);

/* The normal end: removes every temporary still recorded and the directory
 * with everything in it, and releases c (zeroed after). */
void wp_cleanup_free(wp_cleanup *c);

/* For a signal handler, async-signal-safe (kill, waitid, poll, unlink,
 * rmdir only; nothing allocated): sends `sig` to the running tool's
 * process group (SIGTERM for SIGPIPE), waits up to 2 s for it to exit,
 * then kills what is left of the group; removes the recorded temporaries,
 * the recorded files and the directory. */
void wp_cleanup_on_signal(wp_cleanup *c, int sig);

/* Runs argv[0] (looked up in PATH) with argv, no shell, and waits.  With
 * `verbose` prints the command line to stderr first.  Returns the exit
 * status, -1 when it could not be started (message on stderr), or -2 when
 * it was killed by a signal ("'TOOL' was killed by signal N (NAME)").
 * wp_run_tool_in with a cleanup record that has its directory also
 * returns -2 when the tool failed and the disk of that directory is (all
 * but) full or the file size limit is low, the likely cause, which is
 * reported ("cannot write in the temporary directory 'TMPDIR': No space
 * left on device (free: N bytes; 'TOOL' failed)").  After -2 the caller
 * adds no message of its own. */
int wp_run_tool(char *const argv[], bool verbose);

/* wp_run_tool in the working directory `cwd` (NULL: the current one).
 * With a cleanup record `c` (may be NULL) the tool runs in a process group
 * of its own, recorded in c while it runs, so that a signal handler can
 * stop it and every process it started; when c has its private directory,
 * the tool runs with $TMPDIR set to it, so its own temporaries are removed
 * with it. */
int wp_run_tool_in(char *const argv[], const char *cwd, bool verbose,
                   wp_cleanup *c);

/* wp_run_tool_in with the tool's standard error written to the file
 * `err_path` (absolute, created or truncated; NULL: warpc's own standard
 * error), for a caller that reads the tool's messages afterwards.  A file
 * that cannot be opened makes the run fail to start (-1, reported). */
int wp_run_tool_err(char *const argv[], const char *cwd, bool verbose,
                    wp_cleanup *c, const char *err_path);

/* One tool of wp_run_tools: its argv (NULL-terminated), the file for its
 * standard error (as wp_run_tool_err; NULL: warpc's), and its result: as
 * wp_run_tool_err's, or -3 when it was not started (an earlier one
 * failed).  `after` (1-based; 0: none) names the run that must end well
 * before this one starts; `cwd`, when set, replaces wp_run_tools's for
 * this run; `then`, when set, is called with `arg` in warpc itself as soon
 * as the tool ended well, before the runs after it start (a step on its
 * output: 0, or -2 when it failed and said why). */
typedef struct wp_tool_run {
  char **argv;
  const char *err_path;
  int rc;
  int after;
  const char *cwd;
  int (*then)(void *arg);
  void *arg;
} wp_tool_run;

/* Runs the tools runs[0..n) as wp_run_tool_err does, up to `jobs` (clamped
 * to 1..WP_TOOL_JOBS_MAX) at once: whenever a slot is free, the first run
 * not yet started whose `after` run has ended well starts (the verbose
 * lines in that order); after a failure starts no more and waits for those
 * running.  Each runs in a process group of its own recorded in c->jobs
 * while it runs.  0 when every tool succeeded, else -1; the caller reports
 * the failures from runs[].rc (its messages: -2 and -1 are reported). */
int wp_run_tools(wp_tool_run *runs, int n, int jobs, const char *cwd,
                 bool verbose, wp_cleanup *c);

/* The number of tools to run at once by default: the online CPUs, 1 to
 * WP_TOOL_JOBS_MAX. */
int wp_tool_jobs(void);

/* printf into a fresh malloc'd string; aborts with a message when out of
 * memory (as the arena does). */
char *wp_strfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Where private temporary directories are made: $TMPDIR, or /tmp when it
 * is unset or empty (not owned by the caller). */
const char *wp_temp_base(void);

/* Reports (stderr) that a work file in the private temporary directory
 * could not be written, errno `err` (0: EIO): "warpc: error: cannot write
 * in the temporary directory 'TMPDIR': REASON".  Returns -1. */
int wp_temp_write_error(int err);

/* Creates a private temporary directory (mode 0700) under wp_temp_base();
 * returns a malloc'd path, or NULL with errno set. */
char *wp_make_temp_dir(void);

/* Removes the directory `path` and the files directly in it. */
void wp_remove_temp_dir(const char *path);

/* A temporary name beside `path` in the same directory (so rename() is
 * atomic), malloc'd: "<dir>/.<base>.XXXXXX" made unique with mkstemp, or
 * "<dir>/.wpcXXXXXX" when that name is too long for the file system (a
 * base of more than NAME_MAX - 8 characters); the file exists (empty, mode
 * 0666 & ~umask) on return.  NULL on failure, with errno set. */
char *wp_temp_beside(const char *path);

/* ---- the CUDA device pipeline (device.c) -----------------------------------
 */

/* Archs compiled when none is requested: Turing, Ampere (incl. Jetson Orin
 * sm_87), Ada, Hopper; zero-terminated. */
extern const int wp_cuda_default_archs[];
/* Archs compiled for a Jetson (Orin, sm_87) when none is requested;
 * zero-terminated. */
extern const int wp_cuda_jetson_archs[];
/* The default archs for host target `target` (warpc --target, NULL for
 * the host): Jetson's for aarch64*, else wp_cuda_default_archs. */
const int *wp_cuda_default_archs_for(const char *target);

typedef struct wp_cuda_options {
  const char *toolkit_bin; /* directory holding nvcc, ptxas, fatbinary */
  const int *archs;        /* compute capabilities, e.g. 75, 90 */
  int narchs;
  const char *const *nvcc_extra; /* -Xnvcc pass-through */
  int n_nvcc_extra;
  const char *const *ptxas_extra; /* -Xptxas pass-through */
  int n_ptxas_extra;
  int opt_level; /* ptxas -O */
  bool verbose;
  /* where the tools run; file names given relative to it stay out of the
     outputs' debug information (deterministic objects) */
  const char *workdir;
  /* where the files made in workdir and the running tool are recorded for
     a signal handler (may be NULL; else its directory is workdir) */
  wp_cleanup *cleanup;
  /* nvcc and ptxas runs at once (warpc -j; 0: the CPUs, wp_tool_jobs) */
  int jobs;
  /* the CUDA C does not depend on the arch (wp_cuda_arch_neutral): nvcc
     runs once, for the lowest arch, and the highest arch's PTX is that PTX
     with its `.target` line naming the highest arch */
  bool one_ptx;
  /* tools independent of the device code (the host C compiles) that
     wp_cuda_fatbin runs among its own, sharing the -j slots; their results
     are left in also[i].rc (-3: not started after a failure) for the caller
     to report */
  wp_tool_run *also;
  int n_also;
  /* when set, receives the file of nvcc's messages (in workdir, removed
     with it) when nvcc ran and failed, for the caller to tell an error in
     the user's code (a @wp.func_native snippet) from one of warpc's */
  const char **nvcc_failed;
} wp_cuda_options;

/* The CUDA toolkit's bin directory: $WARPC_CUDA_PATH/bin when that is set
 * (and nothing else then), else $CUDA_PATH or $CUDA_HOME (+ /bin), nvcc on
 * PATH, /usr/local/cuda/bin.  malloc'd, or NULL when there is none. */
char *wp_cuda_find_toolkit(void);

/* nvcc: CUDA C file `cu` -> PTX for compute_<arch>.  0, or -1 (reported). */
int wp_cuda_ptx(const wp_cuda_options *o, const char *cu, int arch,
                const char *ptx_out);

/* ptxas: PTX -> cubin for sm_<arch>.  0, or -1 (reported). */
int wp_cuda_cubin(const wp_cuda_options *o, const char *ptx, int arch,
                  const char *cubin_out);

/* The archs whose PTX a fatbin for archs[0..n) carries: the lowest (so a
 * GPU newer than it that no cubin runs on JIT-compiles it) and the highest
 * when it differs.  Writes them to out[], lowest first; returns 0..2. */
int wp_cuda_ptx_archs(const int *archs, int n, int out[2]);

/* The whole pipeline, run in o->workdir (file names are relative to it,
 * intermediate files are made there): a cubin per arch plus the PTX of
 * wp_cuda_ptx_archs, packed by fatbinary into `fatbin_out`.  Each ptxas
 * starts as soon as its PTX is made, o->also's tools beside them.  0, or
 * -1: a device tool failed (reported) or one of o->also did (not
 * reported). */
int wp_cuda_fatbin(const wp_cuda_options *o, const char *cu,
                   const char *fatbin_out);

/* Whether module m's CUDA C is the same for every arch, so that the PTX
 * nvcc makes for one arch serves all (wp_cuda_options.one_ptx): no
 * @wp.func_native snippet (its C++ may test __CUDA_ARCH__), no bfloat16
 * type (the prelude converts to it with sm_80's instruction from sm_80 on),
 * no kernel with __cluster_dims__ (sm_90 on).  Those are the only places
 * where warpc's CUDA C tests the arch (test/cli/cuda_ptx_once.sh checks
 * the prelude and the emitter for others). */
bool wp_cuda_arch_neutral(const ir_module *m);

/* Assembles an object defining the hidden symbol `symbol` as the bytes of
 * `fatbin`, in a `.nv_fatbin` section, with the C compiler `cc` (and clang's
 * --target when `target` is set); the assembler source is made in c's
 * directory.  0, or -1 (reported). */
int wp_embed_fatbin(const char *cc, const char *target, wp_cleanup *c,
                    const char *fatbin, const char *symbol, const char *obj_out,
                    bool verbose);

/* `ld.lld -r`: joins objects into one relocatable object ($WARPC_LD
 * overrides the linker); the linker is recorded in c (may be NULL) while it
 * runs.  0, or -1 (reported). */
int wp_link_relocatable(const char *const *objs, int n, const char *out,
                        bool verbose, wp_cleanup *c);

#endif
