/* diagopts.c - the diagnostics options of warpc, as gcc spells them:
 *   -w, -Werror, -Wno-error, -WNAME, -Wno-NAME, -Werror=NAME,
 *   -Wno-error=NAME, -Wall, -Wextra (every warning),
 *   -fdiagnostics-color[=auto|always|never], -fno-diagnostics-color,
 *   -fdiagnostics-format=text|json|sarif (json-stderr, sarif-stderr),
 *   -fmax-errors=N (0: no limit).
 * A -W option that names no warning is not an error: it is reported once,
 * as the warning unknown-warning-option, when compiling starts (main.c). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "warpc.h"

enum { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

static int color_option(const char *a, options *o) {
  if (!strcmp(a, "-fdiagnostics-color"))
    o->diag_color = COLOR_ALWAYS;
  else if (!strcmp(a, "-fno-diagnostics-color"))
    o->diag_color = COLOR_NEVER;
  else if (!strncmp(a, "-fdiagnostics-color=", 20)) {
    const char *v = a + 20;
    if (!strcmp(v, "auto"))
      o->diag_color = COLOR_AUTO;
    else if (!strcmp(v, "always"))
      o->diag_color = COLOR_ALWAYS;
    else if (!strcmp(v, "never"))
      o->diag_color = COLOR_NEVER;
    else
      return warpc_usage_error("argument to '-fdiagnostics-color=' should be "
                               "one of 'never', 'always', 'auto' (not '%s')",
                               v);
  } else
    return 0;
  return 1;
}

static int format_option(const char *a, options *o) {
  if (strncmp(a, "-fdiagnostics-format=", 21))
    return 0;
  const char *v = a + 21;
  if (!strcmp(v, "text"))
    o->diag_format = WP_DIAG_TEXT;
  else if (!strcmp(v, "json") || !strcmp(v, "json-stderr"))
    o->diag_format = WP_DIAG_JSON;
  else if (!strcmp(v, "sarif") || !strcmp(v, "sarif-stderr"))
    o->diag_format = WP_DIAG_SARIF;
  else
    return warpc_usage_error("argument to '-fdiagnostics-format=' should be "
                             "one of 'text', 'json', 'sarif' (not '%s')",
                             v);
  return 1;
}

/* -fmax-errors=N: report N errors, then stop with "too many errors
 * emitted" (0: every error, as in gcc; default 50). */
static int max_errors_option(const char *a, options *o) {
  if (strncmp(a, "-fmax-errors=", 13))
    return 0;
  const char *v = a + 13;
  char *end;
  errno = 0;
  long n = strtol(v, &end, 10);
  if (!*v || *end || n < 0 || *v == '-' || *v == '+')
    return warpc_usage_error("argument to '-fmax-errors=' should be a "
                             "non-negative integer (not '%s')",
                             v);
  o->diag.max_errors = n == 0 || errno || n > INT_MAX ? INT_MAX : (int)n;
  return 1;
}

/* -WNAME, -Wno-NAME, -Werror=NAME, -Wno-error=NAME with NAME known: sets
 * it; unknown: kept for the unknown-warning-option warning. */
static int named_option(const char *a, options *o) {
  bool no = !strncmp(a, "-Wno-", 5);
  const char *name = a + (no ? 5 : 2);
  bool error = !strncmp(name, "error=", 6);
  if (error)
    name += 6;
  wp_warn w;
  if (!*name || !wp_warn_lookup(name, &w)) {
    o->unknown_w[o->nunknown_w++] = a;
    return 1;
  }
  if (error)
    o->diag.warn_error[w] = no ? WP_WERR_OFF : WP_WERR_ON;
  if (!error || !no) /* -Werror=NAME enables NAME too, as in gcc */
    o->diag.warn[w] = no ? WP_WARN_OFF : WP_WARN_ON;
  return 1;
}

int warpc_diag_option(const char *a, options *o) {
  if (!strcmp(a, "-w"))
    o->diag.no_warnings = true;
  else if (!strcmp(a, "-Werror"))
    o->diag.werror = true;
  else if (!strcmp(a, "-Wno-error"))
    o->diag.werror = false;
  else if (!strcmp(a, "-Wall") || !strcmp(a, "-Wextra")) {
    /* every warning not named before (a -Wno-NAME before it stays) */
    for (int w = 0; w < WP_W_COUNT; w++)
      if (o->diag.warn[w] == WP_WARN_DEFAULT)
        o->diag.warn[w] = WP_WARN_ON;
  } else if (!strncmp(a, "-W", 2) && a[2])
    return named_option(a, o);
  else if (!strncmp(a, "-f", 2) || !strncmp(a, "-fno-", 5)) {
    int rc = color_option(a, o);
    if (!rc)
      rc = format_option(a, o);
    return rc ? rc : max_errors_option(a, o);
  } else
    return 0;
  return 1;
}

/* Whether colour mode `mode` (COLOR_*) colours stderr. */
static bool color_on(int mode) {
  const char *term = getenv("TERM"), *no_color = getenv("NO_COLOR");
  if (mode == COLOR_AUTO)
    return isatty(STDERR_FILENO) && term && *term && strcmp(term, "dumb") &&
           !(no_color && *no_color);
  return mode == COLOR_ALWAYS;
}

void warpc_diag_color_auto(options *o) {
  o->diag.color = color_on(o->diag_color);
  warpc_error_color(o->diag.color);
}

void warpc_diag_color_prescan(int argc, char **argv) {
  int mode = COLOR_AUTO;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-fdiagnostics-color") ||
        !strcmp(a, "-fdiagnostics-color=always"))
      mode = COLOR_ALWAYS;
    else if (!strcmp(a, "-fno-diagnostics-color") ||
             !strcmp(a, "-fdiagnostics-color=never"))
      mode = COLOR_NEVER;
    else if (!strcmp(a, "-fdiagnostics-color=auto"))
      mode = COLOR_AUTO;
  }
  warpc_error_color(color_on(mode));
}
