/* warnings.h - the named warnings of warpc, one table.
 *
 * Every warning warpc reports has a name: `-W<name>` enables it,
 * `-Wno-<name>` disables it, `-Werror=<name>` makes it an error, and its
 * text ends in "[-W<name>]" (or "[-Werror=<name>]"), as in gcc.  The table
 * below is the only list of them: the enum, the names, the defaults and
 * the descriptions printed by `warpc --help` and in SARIF rules all come
 * from it.  Names are compared only in wp_warn_lookup (the command line).
 */
#ifndef WARPC_SUPPORT_WARNINGS_H
#define WARPC_SUPPORT_WARNINGS_H

#include <stdbool.h>

/* X(ID, NAME, ENABLED_BY_DEFAULT, ONE-LINE DESCRIPTION), sorted by NAME. */
#define WP_WARNINGS(X)                                                         \
  X(ADJOINT_INPLACE, "adjoint-inplace", true,                                  \
    "'*=' or '/=' on an array element: its gradient uses the new value")       \
  X(ADJOINT_OVERWRITE, "adjoint-overwrite", true,                              \
    "an array read after a write: its gradient uses the new one")              \
  X(CUDA_TOOLKIT, "cuda-toolkit", true,                                        \
    "no CUDA toolkit found: the object holds CPU code only")                   \
  X(DEPRECATED_BUILTIN, "deprecated-builtin", true,                            \
    "a builtin that current warp-lang no longer has")                          \
  X(GENERIC_KERNEL, "generic-kernel", true,                                    \
    "a generic kernel not compiled (no instance, or nested)")                  \
  X(IGNORED_OPTION, "ignored-option", true,                                    \
    "a module or kernel option that warpc does not apply")                     \
  X(KERNEL_NOT_COMPILED, "kernel-not-compiled", true,                          \
    "a kernel defined where warpc does not compile it")                        \
  X(KERNEL_REDEFINED, "kernel-redefined", true,                                \
    "a nested kernel defined again (the last one counts)")                     \
  X(MISSING_BACKWARD, "missing-backward", true,                                \
    "a kernel that gets no backward kernel: a tile builtin lacks an adjoint")  \
  X(RETURN_TYPE, "return-type", true,                                          \
    "a func that can reach its end returns zero there, as in warp-lang")       \
  X(UNKNOWN_MODULE_OPTION, "unknown-module-option", true,                      \
    "a module option that warp-lang does not know")                            \
  X(UNKNOWN_WARNING_OPTION, "unknown-warning-option", true,                    \
    "a -W option that names no warning")                                       \
  X(UNUSED_ADJ_SNIPPET, "unused-adj-snippet", true,                            \
    "the adj_snippet of a @wp.func_native without a result")                   \
  X(WARP_NOT_IMPORTED, "warp-not-imported", true,                              \
    "a kernel made through a warp alias not imported")

typedef enum wp_warn {
#define WP_WARN_ENUM(id, name, on, desc) WP_W_##id,
  WP_WARNINGS(WP_WARN_ENUM)
#undef WP_WARN_ENUM
      WP_W_COUNT
} wp_warn;

typedef struct wp_warn_info {
  const char *name; /* without "-W": "ignored-option" */
  bool on;          /* enabled when no option names it */
  const char *description;
} wp_warn_info;

/* The entry of `w` (0 <= w < WP_W_COUNT); NULL for any other value. */
const wp_warn_info *wp_warn_info_of(wp_warn w);

/* The warning named `name` (without "-W"): true and *out set, or false
 * when no warning has that name. */
bool wp_warn_lookup(const char *name, wp_warn *out);

#endif
