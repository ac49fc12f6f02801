/* signals.c - a signal that stops warpc (SIGINT, SIGTERM, SIGHUP, SIGQUIT,
 * SIGPIPE) stops the tool it runs, removes the private temporary directory
 * and the temporaries beside the outputs, then kills warpc with the same
 * signal so that the caller sees it in the exit status; SIGTSTP (^Z) stops
 * the tool with warpc, and it continues when warpc does.  The handler only
 * makes async-signal-safe calls on a record prepared in advance
 * (wp_cleanup, lib/emit/driver.c). */
#include <errno.h>
#include <signal.h>
#include <unistd.h>

#include "warpc.h"

/* The record of the running compilation: the only global of the command
 * line, as a signal handler has no other way to find it. */
static wp_cleanup *volatile active;

static void on_signal(int sig) {
  int saved = errno;
  wp_cleanup *c = active;
  if (c)
    wp_cleanup_on_signal(c, sig);
  struct sigaction dfl = {.sa_handler = SIG_DFL};
  sigemptyset(&dfl.sa_mask);
  sigaction(sig, &dfl, NULL);
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, sig);
  sigprocmask(SIG_UNBLOCK, &s, NULL);
  raise(sig);
  errno = saved;
  _exit(128 + sig); /* not reached: the default action ends warpc */
}

/* ^Z: the tool, in a process group of its own, is not in the terminal's
 * foreground group; it is stopped with warpc and continued with it. */
static void on_stop(int sig) {
  int saved = errno;
  wp_cleanup *c = active;
  pid_t tool = c ? c->tool : 0;
  if (tool > 0)
    kill(-tool, SIGSTOP);
  for (int k = 0; c && k < WP_TOOL_JOBS_MAX; k++)
    if (c->jobs[k] > 0)
      kill(-(pid_t)c->jobs[k], SIGSTOP);
  struct sigaction dfl = {.sa_handler = SIG_DFL},
                   mine = {.sa_handler = on_stop};
  sigemptyset(&dfl.sa_mask);
  sigemptyset(&mine.sa_mask);
  sigaction(sig, &dfl, NULL);
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, sig);
  sigprocmask(SIG_UNBLOCK, &s, NULL);
  raise(sig); /* stops warpc here until SIGCONT */
  sigprocmask(SIG_BLOCK, &s, NULL);
  sigaction(sig, &mine, NULL);
  if (tool > 0)
    kill(-tool, SIGCONT);
  for (int k = 0; c && k < WP_TOOL_JOBS_MAX; k++)
    if (c->jobs[k] > 0)
      kill(-(pid_t)c->jobs[k], SIGCONT);
  errno = saved;
}

void warpc_signals_install(wp_cleanup *c) {
  active = c;
  sigset_t set;
  wp_cleanup_sigset(&set);
  struct sigaction sa = {.sa_handler = on_signal};
  sa.sa_mask = set; /* one cleanup at a time */
  for (int sig = 1; sig < NSIG; sig++) {
    if (!sigismember(&set, sig))
      continue;
    struct sigaction old;
    /* a signal ignored by whoever started warpc (nohup) stays ignored */
    if (sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN)
      continue;
    sigaction(sig, &sa, NULL);
  }
  struct sigaction old, stop = {.sa_handler = on_stop};
  sigemptyset(&stop.sa_mask);
  if (sigaction(SIGTSTP, NULL, &old) == 0 && old.sa_handler == SIG_DFL)
    sigaction(SIGTSTP, &stop, NULL);
}
