/* diag_log.h - diagnostics recorded instead of printed, and written out as
 * gcc's -fdiagnostics-format=json or as SARIF 2.1.0.
 *
 * A wp_diag whose `log` is set appends one record per diagnostic it reports
 * (after -w, -Wno-NAME and -Werror have been applied; max_errors too).  The
 * records own copies of their texts, so a log outlives the sources it
 * describes; only `loc` points into them (for wp_diag_replay).
 */
#ifndef WARPC_SUPPORT_DIAG_LOG_H
#define WARPC_SUPPORT_DIAG_LOG_H

#include "diag.h"

typedef enum wp_diag_format {
  WP_DIAG_TEXT,  /* gcc's text, the default */
  WP_DIAG_JSON,  /* gcc's -fdiagnostics-format=json: one array */
  WP_DIAG_SARIF, /* SARIF 2.1.0: one log, one run */
} wp_diag_format;

typedef struct wp_diag_record {
  wp_severity sev; /* as reported: an error for a warning made an error */
  wp_warn warn;    /* the warning (also when made an error); WP_W_COUNT: none */
  bool fatal;      /* "too many errors emitted, stopping now" */
  char *path;      /* the file; NULL when there is no location */
  uint32_t line, col; /* 1-based, col in characters */
  uint32_t end_col;   /* one past the last character of the range, on the
                         first line of the range */
  char *message;
  wp_loc loc; /* as reported: valid while its source is */
} wp_diag_record;

/* A new empty log (malloc'd; aborts when out of memory). */
wp_diag_log *wp_diag_log_new(void);
void wp_diag_log_free(wp_diag_log *log);

/* Appends a record: the strings are copied. */
void wp_diag_log_add(wp_diag_log *log, const wp_diag_record *r);

/* The number of records, and record `i` (NULL when out of range). */
int wp_diag_log_count(const wp_diag_log *log);
const wp_diag_record *wp_diag_log_at(const wp_diag_log *log, int i);

/* Writes the log to `out` as a gcc-style JSON array: an object per error or
 * warning ("kind", "message", "option" for a warning, "locations" with
 * "caret" and "finish", "children" holding the notes after it), then a
 * newline.  0, or -1 when writing failed. */
int wp_diag_log_write_json(const wp_diag_log *log, FILE *out);

/* Writes the log to `out` as one SARIF 2.1.0 log: one run, tool.driver
 * "warpc" version `version` with a rule per named warning, a result per
 * error or warning (its notes as relatedLocations), then a newline.  0, or
 * -1 when writing failed. */
int wp_diag_log_write_sarif(const wp_diag_log *log, FILE *out,
                            const char *version);

#endif
