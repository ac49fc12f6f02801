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

#include <stdbool.h>
#include <stdio.h>

#include "../ir/ir.h"

/* What differs between targets. */
typedef struct wp_target {
  const char *name; /* "cpu" */
  bool cuda;        /* CUDA C (device code) instead of host C */
} wp_target;

extern const wp_target wp_target_cpu;

typedef struct wp_emit_options {
  bool line_directives; /* #line "file.py" so debuggers show Python lines */
  const char *version;  /* warpc's version, printed in the banner */
} wp_emit_options;

/* Prints the whole translation unit for `m` on `target` to `out`: kernels'
 * entry points, their launchers (CPU target) and the @wp.func they call.
 * The module must have been verified.  Returns 0, or -1 on a write error. */
int wp_emit_c(FILE *out, ir_module *m, const wp_target *target,
              const wp_emit_options *opts);

/* Prints the C header declaring the typed launchers of `m` (the contract in
 * DESIGN.md: `wp_status m_k(const wp_launch *, <params>)`).  Returns 0, or
 * -1 on a write error. */
int wp_emit_header(FILE *out, const ir_module *m, const wp_emit_options *opts);

/* Prints the C typedef of a vector/matrix/tuple type, guarded by
 * `#ifndef WP_TYPE_<name>` so the generated C and several generated headers
 * can all define it. */
void wp_emit_typedef(FILE *out, const ir_type *t);

/* The text of an embedded file ("abi.h", "0core.h", ...), or NULL. */
const char *wp_embedded_file(const char *name);

/* ---- the tool driver ------------------------------------------------------
 */

/* Runs argv[0] (looked up in PATH) with argv, no shell, and waits.  With
 * `verbose` prints the command line to stderr first.  Returns the exit
 * status, or -1 when it could not be started (message on stderr). */
int wp_run_tool(char *const argv[], bool verbose);

/* Creates a private temporary directory (mode 0700) under $TMPDIR or /tmp;
 * returns a malloc'd path, or NULL with errno set. */
char *wp_make_temp_dir(void);

/* Removes the directory `path` and the files directly in it. */
void wp_remove_temp_dir(const char *path);

/* A temporary name beside `path` in the same directory (so rename() is
 * atomic), malloc'd: "<dir>/.<base>.XXXXXX" made unique with mkstemp; the
 * file exists (empty) on return.  NULL on failure. */
char *wp_temp_beside(const char *path);

#endif
