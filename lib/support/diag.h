/* diag.h - source files, locations and GCC-style diagnostics.
 *
 * Diagnostics print as
 *     FILE:LINE:COL: error: MESSAGE
 *         <the source line>
 *                 ^~~~
 * LINE and COL are 1-based; COL counts characters (UTF-8 code points), as
 * Python and GCC do (wp_loc.col itself is a byte column).  Errors are
 * collected: callers keep going after reporting one and check
 * wp_diag_error_count() at the end of a stage.
 */
#ifndef WARPC_SUPPORT_DIAG_H
#define WARPC_SUPPORT_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* A source file held in memory.  `text` is NUL-terminated; the caller owns it
 * and keeps it alive as long as anything refers to it. */
typedef struct wp_source {
  const char *path; /* as given on the command line; printed in diagnostics */
  const char *text;
  uint32_t len;
} wp_source;

/* A half-open byte range [start, end) of a source, with the 1-based line and
 * column of its start.  A zero `src` means "no location". */
typedef struct wp_loc {
  const wp_source *src;
  uint32_t start, end;
  uint32_t line, col;
} wp_loc;

typedef enum wp_severity {
  WP_SEV_ERROR,
  WP_SEV_WARNING,
  WP_SEV_NOTE,
} wp_severity;

/* The diagnostics sink of one compilation.  Zero-initialise, then set `out`
 * (stderr when NULL). */
typedef struct wp_diag {
  FILE *out;
  int errors;
  int warnings;
  int max_errors;   /* stop printing after this many errors; 0 = 50 */
  bool werror;      /* -Werror: every warning is an error ("[-Werror]") */
  bool no_warnings; /* -w: warnings (and their notes) are not printed */
  bool muted;       /* the notes that follow a warning -w dropped */
} wp_diag;

/* Reports a diagnostic at `loc` (printf-style message, no trailing newline).
 * A warning counts in `warnings`; with `werror` it is reported and counted as
 * an error, its message followed by " [-Werror]"; with `no_warnings` (which
 * wins over `werror`, as in gcc) neither it nor the notes after it are
 * printed. */
void wp_diag_report(wp_diag *d, wp_severity sev, wp_loc loc, const char *fmt,
                    ...) __attribute__((format(printf, 4, 5)));
void wp_diag_vreport(wp_diag *d, wp_severity sev, wp_loc loc, const char *fmt,
                     va_list ap);

/* Shorthands for wp_diag_report with WP_SEV_ERROR / WP_SEV_NOTE. */
void wp_error(wp_diag *d, wp_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void wp_note(wp_diag *d, wp_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void wp_warning(wp_diag *d, wp_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Number of errors reported so far. */
int wp_diag_error_count(const wp_diag *d);

#endif
