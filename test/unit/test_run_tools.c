/* test_run_tools.c - wp_run_tools's schedule: a run starts only after the
 * run it names in `after` ended well, its `then` step runs in between (and
 * can fail it), each run may have a working directory of its own, and a
 * failure leaves the runs after it unstarted (-3). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../lib/emit/emit.h"
#include "check.h"

CHECK_TALLY;

static char *dir, *logpath;

/* The log's text: malloc'd. */
static char *log_text(void) {
  FILE *f = fopen(logpath, "r");
  char *s = calloc(256, 1);
  if (f && s) {
    size_t n = fread(s, 1, 255, f);
    s[n] = 0;
  }
  if (f)
    fclose(f);
  return s;
}

/* sh -c SCRIPT, with $L the log */
static char **sh(const char *script) {
  char **a = calloc(4, sizeof *a);
  a[0] = "sh";
  a[1] = "-c";
  a[2] = wp_strfmt("L='%s'; %s", logpath, script);
  return a;
}

static void free_sh(char **a) {
  free(a[2]);
  free(a);
}

static int then_calls;
static char *then_saw;

/* a `then` step: records the log as it was when called */
static int step(void *arg) {
  then_calls++;
  free(then_saw);
  then_saw = log_text();
  return arg ? -2 : 0;
}

static void reset(void) {
  unlink(logpath);
  then_calls = 0;
}

int main(void) {
  char tmpl[] = "/tmp/test_run_tools.XXXXXX";
  dir = mkdtemp(tmpl);
  CHECK(dir != NULL);
  if (!dir)
    return check_report(NULL);
  logpath = wp_strfmt("%s/log", dir);

  /* B waits for A (slow); C needs nothing and runs at once; A's step
     sees A's line and not B's */
  for (int jobs = 1; jobs <= 2; jobs++) {
    reset();
    char **a = sh("sleep 0.3; echo A >>\"$L\""), **b = sh("echo B >>\"$L\""),
         **c = sh("echo C >>\"$L\"");
    wp_tool_run runs[3] = {
        {.argv = a, .then = step},
        {.argv = b, .after = 1},
        {.argv = c},
    };
    CHECK(wp_run_tools(runs, 3, jobs, NULL, false, NULL) == 0);
    CHECK(runs[0].rc == 0 && runs[1].rc == 0 && runs[2].rc == 0);
    char *got = log_text();
    /* -j 1 starts the first ready run each time: A, then B (ready now)
       before C; -j 2 starts A and C, B after A */
    CHECK(strcmp(got, jobs == 1 ? "A\nB\nC\n" : "C\nA\nB\n") == 0);
    CHECK(then_calls == 1 && then_saw && !strstr(then_saw, "B") &&
          strstr(then_saw, "A"));
    free(got);
    free_sh(a);
    free_sh(b);
    free_sh(c);
  }

  /* a run after a failed one never starts; the independent one ran */
  {
    reset();
    char **a = sh("exit 3"), **b = sh("echo B >>\"$L\""),
         **c = sh("echo C >>\"$L\"");
    wp_tool_run runs[3] = {
        {.argv = c},
        {.argv = a, .then = step},
        {.argv = b, .after = 2},
    };
    CHECK(wp_run_tools(runs, 3, 2, NULL, false, NULL) == -1);
    CHECK(runs[0].rc == 0 && runs[1].rc == 3 && runs[2].rc == -3);
    CHECK(then_calls == 0); /* no step after a failed tool */
    char *got = log_text();
    CHECK(strcmp(got, "C\n") == 0);
    free(got);
    free_sh(a);
    free_sh(b);
    free_sh(c);
  }

  /* a failing step fails its run (-2: it said why) and stops the runs
     after it */
  {
    reset();
    char **a = sh("echo A >>\"$L\""), **b = sh("echo B >>\"$L\"");
    wp_tool_run runs[2] = {
        {.argv = a, .then = step, .arg = (void *)1},
        {.argv = b, .after = 1},
    };
    CHECK(wp_run_tools(runs, 2, 2, NULL, false, NULL) == -1);
    CHECK(runs[0].rc == -2 && runs[1].rc == -3 && then_calls == 1);
    char *got = log_text();
    CHECK(strcmp(got, "A\n") == 0);
    free(got);
    free_sh(a);
    free_sh(b);
  }

  /* a run's own working directory replaces the common one */
  {
    reset();
    char *sub = wp_strfmt("%s/sub", dir);
    CHECK(mkdir(sub, 0700) == 0);
    char **a = sh("pwd >>\"$L\""), **b = sh("pwd >>\"$L\"");
    wp_tool_run runs[2] = {{.argv = a, .cwd = sub}, {.argv = b, .after = 1}};
    CHECK(wp_run_tools(runs, 2, 1, dir, false, NULL) == 0);
    char *got = log_text(), *want = wp_strfmt("%s\n%s\n", sub, dir);
    CHECK(strcmp(got, want) == 0);
    free(got);
    free(want);
    rmdir(sub);
    free(sub);
    free_sh(a);
    free_sh(b);
  }

  unlink(logpath);
  rmdir(dir);
  free(logpath);
  free(then_saw);
  return check_report(NULL);
}
