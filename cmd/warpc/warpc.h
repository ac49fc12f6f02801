/* warpc.h - private interface of the warpc command line (cmd/warpc). */
#ifndef WARPC_CMD_H
#define WARPC_CMD_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "emit/emit.h"
#include "ir/ir.h"
#include "lower/lower.h"
#include "parse/parse.h"
#include "support/diag_log.h"
#include "support/sha256.h"

#ifndef WARPC_VERSION
#define WARPC_VERSION "0.0.0"
#endif
/* the warp-lang release whose kernel language warpc follows (WARP_VERSION) */
#ifndef WARPC_WARP_VERSION
#define WARPC_WARP_VERSION "0.0.0"
#endif

typedef enum emit_kind {
  EMIT_OBJ,
  EMIT_AST,
  EMIT_IR,
  EMIT_C,
  EMIT_CU,
  EMIT_HEADER,
  EMIT_PTX,
  EMIT_CUBIN,
  EMIT_FATBIN,
} emit_kind;

typedef enum cuda_mode {
  CUDA_DEFAULT,  /* the default arch list if a toolkit is found */
  CUDA_EXPLICIT, /* --cuda-arch: the toolkit is required */
  CUDA_OFF,      /* --no-cuda */
} cuda_mode;

/* --cuda-arch takes compute capabilities 50..200, each once: every list
 * fits.  The repeatable options have no limit (arrays as long as argv). */
enum { CUDA_ARCH_MIN = 50, CUDA_ARCH_MAX = 200 };

/* response.c: the command line with each "@file" argument replaced by the
 * words of the file (see response.c for the quoting), recursively.  `argv`
 * is NULL-terminated; `own[i]` says whether argv[i] is a malloc'd word of a
 * file (the others point into the caller's argv). */
enum { WARPC_MAX_RESPONSE_DEPTH = 32 }; /* @file naming @file ... */
typedef struct warpc_argv {
  int argc, cap;
  char **argv;
  bool *own;
} warpc_argv;
/* Fills *out (zeroed first; free it with warpc_argv_free even on failure);
 * 0, or 2 when a response file cannot be read, holds a NUL byte or an
 * unterminated quote, or nests too deep (reported on stderr). */
int warpc_argv_expand(int argc, char **argv, warpc_argv *out);
void warpc_argv_free(warpc_argv *a);

/* A CPU of --cpu (cpus.c): its name, the C compiler flag that selects it,
 * its architecture, its x86-64 level (1..4; 0 for AArch64) and the suffix
 * of its variants' symbols. */
enum { WARPC_CPU_X86_64 = 1, WARPC_CPU_AARCH64 = 2 };
typedef struct warpc_cpu {
  const char *name, *flag;
  int arch, level;
  const char *tag;
} warpc_cpu;
/* The most names of one --cpu list (the baseline and the x86-64 levels
 * above x86-64). */
enum { WARPC_CPUS_MAX = 4 };

typedef struct options {
  const char *input;   /* the input being compiled: one of inputs */
  const char **inputs; /* every input file, in order (several: -c style) */
  int ninputs;
  const char *output;
  const char *header;
  const char *module;
  const char *cc;
  const char *target;   /* clang --target triple for host code */
  const char *cpu_list; /* --cpu LIST as given */
  /* --cpu: the baseline, then the variants (higher x86-64 levels) */
  const warpc_cpu *cpus[WARPC_CPUS_MAX];
  int ncpus;
  emit_kind emit;
  int opt_level;
  int block_dim; /* --block-dim N (0: the file's, else 256) */
  int jobs;      /* -j N: nvcc/ptxas runs at once (0: the online CPUs) */
  bool verbose;
  bool emit_given;  /* --emit was on the command line (even --emit=obj) */
  bool syntax_only; /* -fsyntax-only: check the input, write nothing */
  bool no_spmd;     /* -fno-spmd: no SPMD variants of CPU kernels */
  bool keep_going;  /* -fkeep-going: leave out the kernels with errors */
  /* the diagnostics options (-W..., -w, -fdiagnostics-*): the model of
     every run's sink, copied by each compilation */
  wp_diag diag;
  wp_diag_format diag_format; /* -fdiagnostics-format */
  int diag_color;             /* -fdiagnostics-color: 0 auto, 1 always,
                                 2 never */
  const char **unknown_w;     /* -W options naming no warning, reported
                                 once as unknown-warning-option */
  int nunknown_w;
  bool no_adjoint;
  bool debug; /* --debug: keep asserts */
  bool line_directives;
  cuda_mode cuda;
  int archs[CUDA_ARCH_MAX - CUDA_ARCH_MIN + 1];
  int narchs;
  /* the repeatable options, in order (arrays of argc entries, malloc'd) */
  const char **xptxas;
  int nxptxas;
  const char **xnvcc;
  int nxnvcc;
  const char **xcc; /* -Xcc ARG: host C compiler arguments */
  int nxcc;
  const char **instantiate; /* --instantiate 'k(float32, ...)' */
  int ninstantiate;
  const char **include; /* -I DIR */
  int ninclude;
  bool depfile;             /* -MD (or -MF / -MT / -MQ): write a depfile */
  bool dep_phony;           /* -MP: a phony target per dependency */
  const char *dep_file;     /* -MF FILE */
  const char **dep_targets; /* -MT / -MQ TARGET */
  bool *dep_quote;          /* true: -MQ (quote for Make) */
  int ndep_targets;
  const char **prefix_maps; /* --prefix-map OLD=NEW, in order */
  int nprefix_maps;
  const char *cache_dir; /* --cache-dir DIR, else $WARPC_CACHE_DIR */
  warpc_argv args; /* argv with its @files expanded: what the above point to */
} options;

/* options.c: parses argv; 0, or the exit status (usage error: 2; --help
 * and --version exit after printing: 0, or 2 when standard output cannot
 * be written).  warpc_free_args releases the arrays. */
int warpc_parse_args(int argc, char **argv, options *o);
void warpc_free_args(options *o);
int warpc_usage_error(const char *fmt, const char *arg);
/* cpus.c: checks o->cpu_list (after --target is known) into o->cpus; 0, or
 * 2 after a usage error (an unknown name, another architecture than the
 * host code's, a variant not above the baseline, more than
 * WARPC_CPUS_MAX). */
int warpc_parse_cpus(options *o);

/* util.c: the driver's own errors on stderr.  warpc_error_label writes
 * "warpc: error: ", coloured as gcc colours it ("warpc:" bold, "error:"
 * bold red) when warpc_error_color(true) was called: once the colour
 * options are known (a first look at argv, before any usage error, then
 * the parsed -fdiagnostics-color).  warpc_error: the label, then the
 * printf-style text (its newline included). */
void warpc_error_color(bool on);
void warpc_error_label(void);
void warpc_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* diagopts.c: the diagnostics options.  warpc_diag_option handles argv
 * word `a` when it is one (-w, -Werror, -W[no-]NAME, -W[no-]error=NAME,
 * -f[no-]diagnostics-color[=WHEN], -fdiagnostics-format=FORMAT): 1 when
 * handled, 0 when `a` is no diagnostics option, or 2 after a usage error
 * (reported).  warpc_diag_color_auto decides -fdiagnostics-color=auto
 * (the default) once every option is read. */
int warpc_diag_option(const char *a, options *o);
void warpc_diag_color_auto(options *o);
/* A first look at argv (before it is parsed, response files unexpanded or
 * expanded): the colour its -f[no-]diagnostics-color options ask for (the
 * last wins; a bad WHEN is left to the parse), given to warpc_error_color
 * so that usage errors are coloured as the options say. */
void warpc_diag_color_prescan(int argc, char **argv);

/* util.c.  warpc_read_file: the whole file, NUL-terminated, malloc'd, its
 * length in *len; "-" reads standard input; NULL with errno set on failure.
 * warpc_from_stdin: whether the input is standard input ("-"); its name in
 * diagnostics is WARPC_STDIN_NAME, its default module name "stdin". */
#define WARPC_STDIN_NAME "<stdin>"
char *warpc_read_file(const char *path, uint32_t *len);
/* Whether the file `path` is an ELF relocatable object (ET_REL; what every
 * --target warpc builds for makes): false when it cannot be read.  Checks
 * the C compiler's output and an object cache entry. */
bool warpc_is_object(const char *path);
bool warpc_from_stdin(const options *o);
char *warpc_module_name(const char *path);
bool warpc_valid_ident(const char *s);
char *warpc_with_ext(const char *path, const char *ext);

/* pathmap.c: the names under which source files are recorded in the
 * outputs (see pathmap.c).  warpc_cwd: the working directory, $PWD when it
 * names it (as compilers record it), else getcwd's; warpc_physical_cwd:
 * realpath(".").  Both malloc'd, NULL when unknown.  warpc_abs_path:
 * `path` made absolute from warpc_cwd() and normalised lexically (".",
 * "..", repeated slashes), malloc'd.  warpc_add_prefix_map: records the
 * --prefix-map argument OLD=NEW (0, or 2 for a malformed one, reported).
 * warpc_map_path: the absolute path `abs` with the last --prefix-map whose
 * OLD (made absolute) is a leading part of whole components replaced by
 * its NEW (an empty NEW makes the rest relative), malloc'd; NULL when no
 * map matches. */
char *warpc_cwd(void);
char *warpc_physical_cwd(void);
char *warpc_abs_path(const char *path);
int warpc_add_prefix_map(options *o, const char *arg);
char *warpc_map_path(const options *o, const char *abs);

/* The recorded names of one compilation's sources (a cache per source). */
typedef struct warpc_names {
  const options *o;
  char *base; /* the main input's directory, absolute */
  const wp_source **srcs;
  char **names;
  int count, cap;
} warpc_names;
/* Starts the names of the compilation of o->input. */
void warpc_names_init(warpc_names *n, const options *o);
/* The name the file `path` is recorded under: mapped by --prefix-map, else
 * relative to the main input's directory when the two share a first
 * component, else absolute; WARPC_STDIN_NAME as it is.  Malloc'd. */
char *warpc_record_name(const warpc_names *n, const char *path);
/* The name the main input's directory is recorded under (the compilation
 * directory of debug info): mapped by --prefix-map, else ".".  Malloc'd. */
char *warpc_record_dir(const warpc_names *n);
/* wp_emit_options.source_name for a warpc_names `ctx`: the recorded name
 * of `src` (owned by ctx). */
const char *warpc_source_name(void *ctx, const wp_source *src);
void warpc_names_free(warpc_names *n);

/* outfiles.c: every file warpc writes, as gcc writes them.  A regular file
 * or a new path is written under a temporary name beside it and renamed
 * into place at the end; anything else that exists there (a character or
 * block device, FIFO, socket, or a symlink, dangling or not) is opened and
 * written in place at the end, never replaced nor unlinked, its content
 * having been made in the private temporary directory first.  Before
 * anything is written, an output that is an input file, or two outputs that
 * are one file (same device and inode, or the same new name in one
 * directory), is a usage error; character devices (/dev/null) are exempt.
 * The record of temporaries (`cl`) is what the signal handler undoes. */
typedef struct warpc_outfile {
  const char *what;  /* "output", "header", "depfile": for messages */
  char *path;        /* the destination, as given */
  const char *stage; /* where the content is written first (owned by cl) */
  bool in_place;     /* written into path at commit */
  bool to_stdout;    /* path "-": written to standard output at commit */
  bool fifo, chardev;
  bool known; /* dev/ino (of the directory for a new name) identify it */
  bool is_new;
  unsigned long long dev, ino;
  const char *base; /* a new name: its last component, in path or named */
  char *named;      /* a dangling symlink: the new name it points at */
  bool committed;
  /* the header: a regular file (or a symlink to one) that already holds
     the new content is left alone (its mtime and inode kept), so that what
     includes it is not rebuilt; set by the caller after warpc_outputs_add */
  bool keep_same;
  bool kept; /* keep_same applied: the file was not touched */
} warpc_outfile;

typedef struct warpc_outputs {
  wp_cleanup cl;
  warpc_outfile *v;
  int n, cap;
} warpc_outputs;

/* Adds the output `path` (copied), described as `what` (a string literal:
 * "output", "header", "depfile"); returns its index in w->v.  The path "-"
 * is standard output, written at commit as an in-place output is. */
int warpc_outputs_add(warpc_outputs *w, const char *path, const char *what);

/* Refuses (message, 2) an output that is one of the `n` files of `inputs`
 * (inputs[0] the input, the rest imported modules), an output that is
 * another output, and one that is a directory; classifies each output.
 * Called again with more inputs once they are known.  0 or 2. */
int warpc_outputs_check(warpc_outputs *w, const char *const *inputs, int n);

/* Makes the place where each output is written first (its stage).  0 or 2
 * (reported; warpc_outputs_finish undoes it). */
int warpc_outputs_prepare(warpc_outputs *w);

/* Writes the file `from` (a tool's result in the private temporary
 * directory) to the stage of `f`, so that a full disk or a write error
 * there is warpc's to report, naming the output: 0, or 2 (reported:
 * "cannot write 'PATH': REASON"). */
int warpc_outputs_place(const warpc_outfile *f, const char *from);

/* Moves every output into place: in-place outputs first (written from
 * their stage), then the renames; a keep_same output whose file already
 * holds its content is left as it is.  0 or 2 (reported). */
int warpc_outputs_commit(warpc_outputs *w);

/* The end of a run, successful or not: removes the stages left and the
 * private temporary directory; after a failure, a FIFO output whose reader
 * waits gets end of file.  Releases w. */
void warpc_outputs_finish(warpc_outputs *w);

/* Ends the writing of stream `f` (closed, unless it is stdout, which is
 * flushed): 0, or 2 with "warpc: error: cannot write 'PATH': REASON" (or
 * "... to standard output" when `path` is NULL) when a write, the flush or
 * the close failed. */
int warpc_stream_done(FILE *f, const char *path);

/* Ends the writing of stream `f` as warpc_stream_done does, reporting
 * nothing: 0, or the errno of the failure (EIO when it is not known). */
int warpc_stream_close(FILE *f);

/* Reports (stderr) that the output `path` (NULL: standard output) cannot
 * be written because of errno `err` (0: unknown): "warpc: error: cannot
 * write 'PATH': REASON" or "... to standard output: REASON".  Returns 2. */
int warpc_write_error(const char *path, int err);

/* Reports (stderr) that the private temporary directory cannot be made,
 * errno `err`: "warpc: error: cannot create a temporary directory in
 * 'TMPDIR': REASON" (the directory is $TMPDIR or /tmp).  Returns 2. */
int warpc_tempdir_error(int err);

/* Copies everything from the descriptor `in` to the descriptor `out`, with
 * write(2), so that a failed write keeps its errno: 0, or -1 with errno
 * set and *reading true when reading `in` failed, false when writing. */
int warpc_copy_fd(int in, int out, bool *reading);

/* cache.c: the object cache (see cache.c).  A key is built with
 * warpc_cache_begin (warpc's version and executable), then words
 * (warpc_cache_word; NULL is a word of its own), files' contents
 * (warpc_cache_file: 0, or -1 when unreadable) and tools
 * (warpc_cache_tool: the name, and the path, size and mtime of the file it
 * runs as); warpc_cache_entry ends it: the entry's path DIR/XX/KEY.o,
 * malloc'd.  warpc_cache_fetch: when `entry` holds an object, places it
 * as the output `out` (*rc: 0, or 2 reported) and returns true; false for
 * a miss.  With `verbose` both say so on stderr.  warpc_cache_store: copies
 * the object `obj` into `entry` (atomically: a temporary beside it,
 * renamed); a failure is a warning (unless -w), never an error. */
void warpc_cache_begin(wp_sha256 *s);
void warpc_cache_word(wp_sha256 *s, const char *w);
int warpc_cache_file(wp_sha256 *s, const char *path);
void warpc_cache_tool(wp_sha256 *s, const char *name);
char *warpc_cache_entry(const char *dir, wp_sha256 *s);
bool warpc_cache_fetch(const char *entry, const warpc_outfile *out,
                       bool verbose, int *rc);
void warpc_cache_store(const char *entry, const char *obj, const options *o);

/* signals.c: SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGPIPE (those not
 * ignored when warpc started) undo `c` (wp_cleanup_on_signal) and then
 * end warpc with the same signal.  `c` must live until exit. */
void warpc_signals_install(wp_cleanup *c);

/* depfile.c: writes the Make depfile of a compilation to `stage`, for the
 * depfile named `shown` in messages, `out_path` being the main output.  0
 * or 2 (reported). */
int warpc_depfile_write(const options *o, const ast_program *prog,
                        const char *out_path, const char *stage,
                        const char *shown);

/* output.c: the outputs of a verified module; each returns the exit
 * status.  Text kinds are written to `out`, for the output named `shown`
 * in messages (NULL: standard output): the errors of stdio writes are the
 * caller's to check (warpc_stream_done), those of the device kinds, copied
 * with write(2), are reported.  The object and the header go to the stages
 * of `obj` and `hdr`.  Work files go in c's directory, tools run recorded
 * in c.  eo->source_name_ctx is the compilation's warpc_names. */
int warpc_emit_text(const options *o, ir_module *m, const ast_module *ast,
                    const wp_emit_options *eo, wp_cleanup *c, FILE *out,
                    const char *shown);
/* What the inputs of one run share.  A missing CUDA toolkit is reported
 * (the warning cuda-toolkit) once per run: at the first input that needs
 * it; later inputs get the same outcome (a CPU-only object, or a failure
 * when the warning is an error) without a second report. */
typedef struct warpc_run {
  bool toolkit_reported; /* the missing toolkit was reported */
  int toolkit_rc;        /* its outcome: 0, or 1 when it was an error */
} warpc_run;

/* (the missing-toolkit warning of an object, cuda-toolkit, goes to `diag`,
 * once per `run`) */
int warpc_compile_object(const options *o, ir_module *m,
                         const wp_emit_options *eo, wp_cleanup *c,
                         const warpc_outfile *obj, const warpc_outfile *hdr,
                         wp_diag *diag, warpc_run *run);

#endif
