/* check.h - the checks of the unit tests (test/unit/NAME.c): one tally of
 * passed and failed checks per test program, the CHECK macros that count
 * into it, and the report main() returns with.
 *
 *   CHECK(cond)                  counts cond as passed or failed in the
 *                                program's tally, `checks`; a failure also
 *                                prints "FILE:LINE: CHECK failed: COND" on
 *                                stderr (and "  last error: MSG" where
 *                                CHECK_LAST_ERROR is defined, below)
 *   CHECK_IN(tally, cond)        the same in a tally of the test's own (a
 *                                check_tally *, e.g. passed to each test)
 *   CHECK_ERR(call, code, text)  tests of libwarprt (<warp/warp.h>): the
 *                                call returns the wp_status `code` and
 *                                wp_last_error() then contains `text` (two
 *                                checks)
 *   check_report(name)           prints "P passed, F failed" (after "NAME: "
 *                                when name is not NULL) on stdout and gives
 *                                main's exit status: 0 when nothing failed,
 *                                else 1; check_report_in(tally, name) for a
 *                                tally of the test's own
 *
 * The program's tally is defined once, by `CHECK_TALLY;` at file scope in
 * the file that holds main(); the other files of the same program (e.g.
 * test/unit/cuda/) only include this header.  The counters are atomic:
 * checks may run on several threads.
 *
 * A test of libwarprt defines CHECK_LAST_ERROR as wp_last_error (any
 * function returning a const char *) before including this header: every
 * failed check then also prints the runtime's last error message. */
#ifndef WARPC_TEST_UNIT_CHECK_H
#define WARPC_TEST_UNIT_CHECK_H

#include <stdio.h>
#include <string.h>

typedef struct check_tally {
  _Atomic int passed, failed;
} check_tally;

/* The program's tally (CHECK_TALLY defines it). */
extern check_tally checks;
#define CHECK_TALLY check_tally checks

/* Prints a failed check: where, what, and the last error if any. */
static inline void check_failed(const char *file, int line, const char *cond) {
#ifdef CHECK_LAST_ERROR
  fprintf(stderr, "%s:%d: CHECK failed: %s\n  last error: %s\n", file, line,
          cond, CHECK_LAST_ERROR());
#else
  fprintf(stderr, "%s:%d: CHECK failed: %s\n", file, line, cond);
#endif
}

#define CHECK_IN(tally, cond)                                                  \
  do {                                                                         \
    if (cond) {                                                                \
      (tally)->passed++;                                                       \
    } else {                                                                   \
      (tally)->failed++;                                                       \
      check_failed(__FILE__, __LINE__, #cond);                                 \
    }                                                                          \
  } while (0)

#define CHECK(cond) CHECK_IN(&checks, cond)

/* The call returns `code` and the message contains `text`. */
#define CHECK_ERR(call, code, text)                                            \
  do {                                                                         \
    wp_status st_ = (call);                                                    \
    CHECK(st_ == (code));                                                      \
    CHECK(strstr(wp_last_error(), (text)) != NULL);                            \
  } while (0)

/* Prints the tally ("NAME: P passed, F failed", NAME: only when name is not
 * NULL); returns main's exit status (1 when a check failed). */
static inline int check_report_in(const check_tally *t, const char *name) {
  int passed = t->passed, failed = t->failed;
  if (name)
    printf("%s: ", name);
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}

/* The same for the program's tally. */
#define check_report(name) check_report_in(&checks, (name))

#endif
