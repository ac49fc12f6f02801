/* diag.h - source files, locations and GCC-style diagnostics.
 *
 * Diagnostics print as
 *     FILE:LINE:COL: error: MESSAGE
 *         <the source line>
 *                 ^~~~
 * LINE and COL are 1-based; COL counts characters (UTF-8 code points), as
 * Python and GCC do (wp_loc.col itself is a byte column).  In text, the
 * message and the source line are written as wp_utf8_put writes them
 * (utf8.h: control characters as "<U+001B>", valid UTF-8 only).  Errors are
 * collected: callers keep going after reporting one and check
 * wp_diag_error_count() at the end of a stage.
 *
 * Every warning is named (warnings.h): its text ends in " [-WNAME]", or in
 * " [-Werror=NAME]" when -Werror or -Werror=NAME made it an error, as gcc
 * prints them.  Instead of text, a sink can record its diagnostics in a
 * wp_diag_log (diag_log.h), written at the end as gcc's JSON or as SARIF.
 */
#ifndef WARPC_SUPPORT_DIAG_H
#define WARPC_SUPPORT_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "warnings.h"

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

/* What -W options say of one warning (wp_diag.warn[]); zero: its default. */
enum { WP_WARN_DEFAULT, WP_WARN_ON, WP_WARN_OFF };
/* What -Werror=NAME / -Wno-error=NAME say (wp_diag.warn_error[]); zero:
 * as -Werror says. */
enum { WP_WERR_DEFAULT, WP_WERR_ON, WP_WERR_OFF };

typedef struct wp_diag_log wp_diag_log; /* diag_log.h */

/* The diagnostics sink of one compilation.  Zero-initialise, then set `out`
 * (stderr when NULL) and the options. */
typedef struct wp_diag {
  FILE *out;
  int errors;  /* errors reported: a stage that made one failed */
  int werrors; /* warnings made errors (-Werror): they fail the run (in
                  wp_diag_error_count) but, as in gcc, change nothing else:
                  a stage goes on as if they were warnings */
  int warnings;
  int max_errors;   /* print this many errors (0 = 50); the first past it
                       prints "too many errors emitted" instead */
  bool werror;      /* -Werror: every warning is an error */
  bool no_warnings; /* -w: warnings (and their notes) are not reported */
  bool color;       /* text with gcc's SGR colours (-fdiagnostics-color) */
  bool muted;       /* the notes that follow a warning -w dropped */
  unsigned char warn[WP_W_COUNT];       /* WP_WARN_*: -WNAME, -Wno-NAME */
  unsigned char warn_error[WP_W_COUNT]; /* WP_WERR_*: -W[no-]error=NAME */
  wp_diag_log *log; /* when set, diagnostics are recorded, not printed */
} wp_diag;

/* Reports an error or a note (`sev`; WP_SEV_WARNING is reported as an
 * error: warnings go through wp_warning) at `loc`, printf-style message
 * without a trailing newline.  A note after a warning that was not
 * reported is not reported either. */
void wp_diag_report(wp_diag *d, wp_severity sev, wp_loc loc, const char *fmt,
                    ...) __attribute__((format(printf, 4, 5)));
void wp_diag_vreport(wp_diag *d, wp_severity sev, wp_loc loc, const char *fmt,
                     va_list ap);

/* Shorthands for wp_diag_report with WP_SEV_ERROR / WP_SEV_NOTE. */
void wp_error(wp_diag *d, wp_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void wp_note(wp_diag *d, wp_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Reports warning `w` at `loc` (no location: "warpc: warning: ...").
 * Nothing when it is disabled (-Wno-NAME, or off by default) or with
 * `no_warnings` (-w, which wins over everything, as in gcc), and then the
 * notes after it are dropped too.  When wp_diag_warning_is_error, it is
 * reported as an error, "[-Werror=NAME]" after its message;
 * otherwise it counts in `warnings`, "[-WNAME]" after its message.  A
 * promoted warning counts in `werrors`, not `errors`: only its label
 * differs, so what follows it (stages, notes) is as without -Werror. */
void wp_warning(wp_diag *d, wp_warn w, wp_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void wp_vwarning(wp_diag *d, wp_warn w, wp_loc loc, const char *fmt,
                 va_list ap);

/* Whether warning `w` is reported (enabled and no -w). */
bool wp_diag_warning_enabled(const wp_diag *d, wp_warn w);

/* Whether warning `w`, if reported, is an error: -Werror=NAME, or -Werror
 * without -Wno-error=NAME. */
bool wp_diag_warning_is_error(const wp_diag *d, wp_warn w);

/* A sink that records into `log` what `parent` would report, every warning
 * that `parent` enables as a warning (none promoted, -w ignored), for
 * wp_diag_replay through `parent` later; max_errors 1. */
wp_diag wp_diag_capture(const wp_diag *parent, wp_diag_log *log);

/* Reports every diagnostic of `log` (made by a wp_diag_capture sink) to `d`,
 * as if reported there first; the sources they point into must be alive. */
void wp_diag_replay(wp_diag *d, const wp_diag_log *log);

/* Number of errors reported so far, warnings made errors included: what
 * decides whether the run fails. */
int wp_diag_error_count(const wp_diag *d);

#endif
