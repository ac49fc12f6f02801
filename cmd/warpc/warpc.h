/* warpc.h - private interface of the warpc command line (cmd/warpc). */
#ifndef WARPC_CMD_H
#define WARPC_CMD_H

#include <stdbool.h>
#include <stdint.h>

#include "emit/emit.h"
#include "ir/ir.h"
#include "parse/parse.h"

#ifndef WARPC_VERSION
#define WARPC_VERSION "0.0.0"
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

enum { MAX_ARCHS = 16, MAX_PASS = 16, MAX_INCLUDE = 64, MAX_DEP_TARGETS = 16 };

typedef struct options {
  const char *input;
  const char *output;
  const char *header;
  const char *module;
  const char *cc;
  const char *target; /* clang --target triple for host code */
  emit_kind emit;
  int opt_level;
  bool verbose;
  bool no_adjoint;
  bool debug; /* --debug: keep asserts */
  bool line_directives;
  cuda_mode cuda;
  int archs[MAX_ARCHS];
  int narchs;
  const char *xptxas[MAX_PASS];
  int nxptxas;
  const char *xnvcc[MAX_PASS];
  int nxnvcc;
  const char *instantiate[MAX_PASS]; /* --instantiate 'k(float32, ...)' */
  int ninstantiate;
  const char *include[MAX_INCLUDE]; /* -I DIR, in order */
  int ninclude;
  bool depfile;         /* -MD (or -MF / -MT / -MQ): write a Make depfile */
  bool dep_phony;       /* -MP: a phony target per dependency */
  const char *dep_file; /* -MF FILE */
  const char *dep_targets[MAX_DEP_TARGETS]; /* -MT / -MQ TARGET, in order */
  bool dep_quote[MAX_DEP_TARGETS];          /* true: -MQ (quote for Make) */
  int ndep_targets;
} options;

/* options.c: parses argv; 0, or the exit status (usage error: 2; --help
 * and --version exit 0 after printing). */
int warpc_parse_args(int argc, char **argv, options *o);
int warpc_usage_error(const char *fmt, const char *arg);

/* util.c */
char *warpc_read_file(const char *path, uint32_t *len);
char *warpc_module_name(const char *path);
bool warpc_valid_ident(const char *s);
char *warpc_with_ext(const char *path, const char *ext);

/* depfile.c: the Make depfile of a compilation (-MD), `out_path` being the
 * main output.  It is written under a temporary name first, before the
 * outputs, so that a depfile that cannot be written leaves no output
 * behind: begin (0 or 2; nothing to undo on failure), then commit (rename
 * into place; 0 or 2) once the outputs are written, or abort. */
typedef struct warpc_depfile {
  char *path, *tmp;
} warpc_depfile;
int warpc_depfile_begin(const options *o, const ast_program *prog,
                        const char *out_path, warpc_depfile *d);
int warpc_depfile_commit(warpc_depfile *d);
void warpc_depfile_abort(warpc_depfile *d);

/* output.c: the outputs of a verified module; each returns the exit status.
 */
int warpc_emit_text(const options *o, ir_module *m, const ast_module *ast,
                    const wp_emit_options *eo);
int warpc_compile_object(const options *o, ir_module *m,
                         const wp_emit_options *eo, const char *out_path,
                         const char *header_path);

#endif
