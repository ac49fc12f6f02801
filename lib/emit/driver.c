/* driver.c - running external tools (posix_spawnp with an argv, never a
 * shell), private temporary directories, temporary output names for atomic
 * writes, and the record of all of them that a signal handler undoes
 * (wp_cleanup). */
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "emit.h"

extern char **environ;

/* ---- helpers ------------------------------------------------------------ */

char *wp_strfmt(const char *fmt, ...) {
  va_list ap, aq;
  va_start(ap, fmt);
  va_copy(aq, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *s = n < 0 ? NULL : malloc((size_t)n + 1);
  if (!s) {
    fputs("warpc: fatal: out of memory\n", stderr);
    abort();
  }
  vsnprintf(s, (size_t)n + 1, fmt, aq);
  va_end(aq);
  return s;
}

static void *grow(void *p, int *cap, size_t elem) {
  int ncap = *cap ? *cap * 2 : 16;
  void *q = realloc(p, (size_t)ncap * elem);
  if (!q) {
    fputs("warpc: fatal: out of memory\n", stderr);
    abort();
  }
  *cap = ncap;
  return q;
}

void wp_cleanup_sigset(sigset_t *set) {
  sigemptyset(set);
  sigaddset(set, SIGINT);
  sigaddset(set, SIGTERM);
  sigaddset(set, SIGHUP);
  sigaddset(set, SIGQUIT);
  sigaddset(set, SIGPIPE);
}

/* Blocks the handled signals while the record changes, and SIGTSTP, whose
 * handler (cmd/warpc/signals.c) stops the recorded tool: a ^Z between the
 * tool's start and its record stopped warpc alone (cli.signal_cleanup
 * failed so once, on a busy machine). */
static void block(sigset_t *old) {
  sigset_t s;
  wp_cleanup_sigset(&s);
  sigaddset(&s, SIGTSTP);
  sigprocmask(SIG_BLOCK, &s, old);
}

static void unblock(const sigset_t *old) {
  sigprocmask(SIG_SETMASK, old, NULL);
}

/* ---- tools -------------------------------------------------------------- */

/* The room a tool is taken to need in the work directory: twice what the
 * files recorded there hold, and at least this much.  A heuristic for the
 * message after a failure (wp_run_tool_in), not a limit. */
enum { TOOL_ROOM_MIN = 1 << 20 };

/* After a tool run in c's directory failed: ENOSPC when the file system
 * there has less room than a tool is taken to need (or no free inode),
 * EFBIG when the file size limit (ulimit -f) is below it; *have is the
 * room, or the limit, in bytes.  0 when neither. */
static int no_room(const wp_cleanup *c, unsigned long long *have) {
  unsigned long long need = 0;
  for (int i = 0; i < c->nfiles; i++) {
    struct stat st;
    if (stat(c->files[i], &st) == 0)
      need += 2 * (unsigned long long)st.st_size;
  }
  need = need < TOOL_ROOM_MIN ? TOOL_ROOM_MIN : need;
  struct statvfs vs;
  if (statvfs(c->dir, &vs) == 0) {
    /* root may use the blocks reserved for it */
    unsigned long long blocks = geteuid() == 0 ? vs.f_bfree : vs.f_bavail;
    *have = blocks * (unsigned long long)vs.f_frsize;
    if (*have < need || (vs.f_files && !vs.f_favail))
      return ENOSPC;
  }
  struct rlimit rl;
  if (getrlimit(RLIMIT_FSIZE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
      (unsigned long long)rl.rlim_cur < need) {
    *have = (unsigned long long)rl.rlim_cur;
    return EFBIG;
  }
  return 0;
}

int wp_run_tool(char *const argv[], bool verbose) {
  return wp_run_tool_in(argv, NULL, verbose, NULL);
}

int wp_run_tool_in(char *const argv[], const char *cwd, bool verbose,
                   wp_cleanup *c) {
  return wp_run_tool_err(argv, cwd, verbose, c, NULL);
}

/* Starts argv (printed first when verbose) in a process group of its own
 * when `c` is given, recorded in *slot (c->tool or one of c->jobs) with the
 * handled signals blocked.  The pid, or -1 (reported). */
static pid_t spawn_tool(char *const argv[], const char *cwd, bool verbose,
                        wp_cleanup *c, const char *err_path,
                        volatile sig_atomic_t *slot) {
  if (verbose) {
    if (cwd)
      fprintf(stderr, "cd %s && ", cwd);
    for (int i = 0; argv[i]; i++)
      fprintf(stderr, "%s%s", i ? " " : "", argv[i]);
    fputc('\n', stderr);
  }
  /* with a private directory, the tool's own temporaries (nvcc's tmpxft_*,
     clang's *.s) go there, so a signal's sweep removes them too */
  char **env = environ, *tmpdir_var = NULL;
  if (c && c->dir) {
    size_t n = 0;
    while (environ[n])
      n++;
    env = malloc((n + 2) * sizeof *env);
    if (!env) {
      fputs("warpc: fatal: out of memory\n", stderr);
      abort();
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
      if (strncmp(environ[i], "TMPDIR=", 7))
        env[k++] = environ[i];
    env[k++] = tmpdir_var = wp_strfmt("TMPDIR=%s", c->dir);
    env[k] = NULL;
  }
  pid_t pid;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (cwd)
    posix_spawn_file_actions_addchdir_np(&fa, cwd);
  if (err_path) /* opened by the child, after the chdir: an absolute path */
    posix_spawn_file_actions_addopen(&fa, 2, err_path,
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t old;
  if (c) {
    /* a process group of its own, which the handler signals as a whole
       (nvcc's cicc and ptxas included); the child starts with warpc's
       signal mask of before the block */
    block(&old);
    posix_spawnattr_setflags(&attr,
                             POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setsigmask(&attr, &old);
  }
  int err = posix_spawnp(&pid, argv[0], &fa, &attr, argv, env);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  if (env != environ) {
    free(env);
    free(tmpdir_var);
  }
  if (c) {
    if (!err)
      *slot = pid;
    unblock(&old);
  }
  if (err) {
    fprintf(stderr, "warpc: error: cannot run '%s': %s\n", argv[0],
            strerror(err));
    return -1;
  }
  return pid;
}

/* Reaps `pid`, which has exited (waitid WNOWAIT said so), clearing its
 * record `slot` with the handled signals blocked: until then its pid (its
 * process group's id) cannot be reused, so the handler never signals a
 * stranger.  Its wait status, or -1. */
static int reap_tool(pid_t pid, wp_cleanup *c, volatile sig_atomic_t *slot) {
  sigset_t old;
  if (c)
    block(&old);
  int status = 0;
  pid_t got;
  while ((got = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
    ;
  if (c) {
    *slot = 0;
    unblock(&old);
  }
  return got < 0 ? -1 : status;
}

/* The result of a tool that ended with wait status `status` (-1: lost). */
static int tool_result(char *const argv[], wp_cleanup *c, int status) {
  if (status == -1)
    return -1;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return 0;
  /* a full disk or the file size limit: the cause, not the tool, named */
  unsigned long long have = 0;
  int why = c && c->dir ? no_room(c, &have) : 0;
  if (why) {
    fprintf(stderr,
            "warpc: error: cannot write in the temporary directory '%s': %s "
            "(%s %llu bytes; '%s' failed)\n",
            wp_temp_base(), strerror(why),
            why == ENOSPC ? "free:" : "the file size limit (ulimit -f) is",
            have, argv[0]);
    return -2;
  }
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  fprintf(stderr, "warpc: error: '%s' was killed by signal %d (%s)\n", argv[0],
          WIFSIGNALED(status) ? WTERMSIG(status) : 0,
          WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : "stopped");
  return -2; /* said: the caller adds nothing (it did start) */
}

int wp_run_tool_err(char *const argv[], const char *cwd, bool verbose,
                    wp_cleanup *c, const char *err_path) {
  pid_t pid = spawn_tool(argv, cwd, verbose, c, err_path, c ? &c->tool : NULL);
  if (pid < 0)
    return -1;
  siginfo_t si;
  while (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT) < 0)
    if (errno != EINTR)
      break;
  return tool_result(argv, c, reap_tool(pid, c, c ? &c->tool : NULL));
}

int wp_tool_jobs(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > WP_TOOL_JOBS_MAX ? WP_TOOL_JOBS_MAX : (int)n;
}

/* The first run not started whose `after` run ended well, or n. */
static int next_ready(const wp_tool_run *runs, const bool *started, int n) {
  for (int i = 0; i < n; i++)
    if (!started[i] && (runs[i].after < 1 || runs[i].after > n ||
                        runs[runs[i].after - 1].rc == 0))
      return i;
  return n;
}

int wp_run_tools(wp_tool_run *runs, int n, int jobs, const char *cwd,
                 bool verbose, wp_cleanup *c) {
  jobs = jobs < 1 ? 1 : jobs > WP_TOOL_JOBS_MAX ? WP_TOOL_JOBS_MAX : jobs;
  pid_t pids[WP_TOOL_JOBS_MAX] = {0};
  int which[WP_TOOL_JOBS_MAX], left = n, running = 0, failed = 0;
  volatile sig_atomic_t none[WP_TOOL_JOBS_MAX] = {0};
  volatile sig_atomic_t *slots = c ? c->jobs : none;
  bool *started = calloc((size_t)n + 1, sizeof *started);
  if (!started) {
    fputs("warpc: fatal: out of memory\n", stderr);
    abort();
  }
  for (int i = 0; i < n; i++)
    runs[i].rc = -3; /* not run */
  while (running > 0 || (left > 0 && !failed)) {
    /* start ready tools in order while a slot is free and none failed */
    for (int k = 0; k < jobs && left > 0 && !failed; k++)
      if (!pids[k]) {
        int next = next_ready(runs, started, n);
        if (next == n)
          break;
        started[next] = true;
        left--;
        pid_t pid =
            spawn_tool(runs[next].argv, runs[next].cwd ? runs[next].cwd : cwd,
                       verbose, c, runs[next].err_path, &slots[k]);
        if (pid < 0) {
          runs[next].rc = -1;
          failed = 1;
          break;
        }
        pids[k] = pid;
        which[k] = next;
        running++;
      }
    if (!running)
      break;
    /* one of them ended (none of warpc's other children runs now) */
    siginfo_t si;
    si.si_pid = 0;
    if (waitid(P_ALL, 0, &si, WEXITED | WNOWAIT) < 0) {
      if (errno == EINTR)
        continue;
      /* ECHILD: someone else reaped them; their results are lost */
      for (int k = 0; k < jobs; k++)
        if (pids[k])
          runs[which[k]].rc = -1;
      break;
    }
    int k = 0;
    while (k < jobs && pids[k] != si.si_pid)
      k++;
    if (k == jobs) { /* not one of these: reap it, it is no one's */
      while (waitpid(si.si_pid, NULL, 0) < 0 && errno == EINTR)
        ;
      continue;
    }
    int st = reap_tool(pids[k], c, &slots[k]);
    int r = which[k];
    runs[r].rc = tool_result(runs[r].argv, c, st);
    if (runs[r].rc == 0 && runs[r].then)
      runs[r].rc = runs[r].then(runs[r].arg);
    failed |= runs[r].rc != 0;
    pids[k] = 0;
    running--;
  }
  free(started);
  for (int i = 0; i < n; i++)
    if (runs[i].rc != 0)
      return -1;
  return 0;
}

/* ---- temporary directories and files ------------------------------------ */

const char *wp_temp_base(void) {
  const char *base = getenv("TMPDIR");
  return base && *base ? base : "/tmp";
}

int wp_temp_write_error(int err) {
  fprintf(stderr,
          "warpc: error: cannot write in the temporary directory '%s': %s\n",
          wp_temp_base(), strerror(err ? err : EIO));
  return -1;
}

char *wp_make_temp_dir(void) {
  const char *base = wp_temp_base();
  char *path = wp_strfmt("%s/warpc-XXXXXX", base);
  if (!mkdtemp(path)) {
    int e = errno;
    free(path);
    errno = e;
    return NULL;
  }
  return path;
}

void wp_remove_temp_dir(const char *path) {
  DIR *d = opendir(path);
  if (d) {
    struct dirent *ent;
    while ((ent = readdir(d))) {
      if (!strcmp(ent->d_name, ".") || !strcmp(ent->d_name, ".."))
        continue;
      char *f = wp_strfmt("%s/%s", path, ent->d_name);
      unlink(f);
      free(f);
    }
    closedir(d);
  }
  rmdir(path);
}

char *wp_temp_beside(const char *path) {
  const char *slash = strrchr(path, '/');
  int dirlen = slash ? (int)(slash - path) + 1 : 0;
  const char *base = slash ? slash + 1 : path;
  char *tmp = wp_strfmt("%.*s.%s.XXXXXX", dirlen, path, base);
  int fd = mkstemp(tmp);
  if (fd < 0 && errno == ENAMETOOLONG) {
    /* a valid name of NAME_MAX or fewer characters, too long with the 8
       added: a short name in the same directory, the rename as atomic */
    free(tmp);
    tmp = wp_strfmt("%.*s.wpcXXXXXX", dirlen, path);
    fd = mkstemp(tmp);
  }
  if (fd < 0) {
    int e = errno;
    free(tmp);
    errno = e;
    return NULL;
  }
  /* mkstemp makes 0600; outputs get the usual 0666 & ~umask */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  close(fd);
  return tmp;
}

/* ---- the cleanup record ------------------------------------------------- */

int wp_cleanup_make_dir(wp_cleanup *c) {
  if (c->dir)
    return 0;
  sigset_t old;
  block(&old);
  c->dir = wp_make_temp_dir();
  int e = errno;
  unblock(&old);
  errno = e;
  return c->dir ? 0 : -1;
}

const char *wp_cleanup_file(wp_cleanup *c, const char *name) {
  if (wp_cleanup_make_dir(c))
    return NULL;
  char *path = wp_strfmt("%s/%s", c->dir, name);
  for (int i = 0; i < c->nfiles; i++)
    if (!strcmp(c->files[i], path)) {
      free(path);
      return c->files[i];
    }
  sigset_t old;
  block(&old);
  if (c->nfiles == c->capfiles)
    c->files = grow(c->files, &c->capfiles, sizeof *c->files);
  c->files[c->nfiles++] = path;
  unblock(&old);
  return path;
}

const char *wp_cleanup_temp_beside(wp_cleanup *c, const char *path) {
  sigset_t old;
  block(&old);
  if (c->ntemps == c->captemps)
    c->temps = grow(c->temps, &c->captemps, sizeof *c->temps);
  char *t = wp_temp_beside(path);
  int e = errno;
  if (t)
    c->temps[c->ntemps++] = t;
  unblock(&old);
  errno = e;
  return t;
}

/* Drops the record of `temp` (signals blocked by the caller). */
static void forget(wp_cleanup *c, const char *temp) {
  for (int i = 0; i < c->ntemps; i++)
    if (c->temps[i] == temp) {
      char *t = c->temps[i];
      c->temps[i] = c->temps[--c->ntemps];
      free(t);
      return;
    }
}

int wp_cleanup_rename(wp_cleanup *c, const char *temp, const char *path) {
  sigset_t old;
  block(&old);
  int rc = rename(temp, path);
  int e = errno;
  if (!rc)
    forget(c, temp);
  unblock(&old);
  errno = e;
  return rc;
}

void wp_cleanup_remove(wp_cleanup *c, const char *temp) {
  sigset_t old;
  block(&old);
  unlink(temp);
  forget(c, temp);
  unblock(&old);
}

void wp_cleanup_free(wp_cleanup *c) {
  sigset_t old;
  block(&old);
  for (int i = 0; i < c->ntemps; i++) {
    unlink(c->temps[i]);
    free(c->temps[i]);
  }
  for (int i = 0; i < c->nfiles; i++)
    free(c->files[i]);
  if (c->dir) /* also what the tools left there */
    wp_remove_temp_dir(c->dir);
  free(c->temps);
  free(c->files);
  free(c->dir);
  *c = (wp_cleanup){0};
  unblock(&old);
}

#ifdef __linux__
/* Empties `dir` of files no one recorded (a tool's own temporaries, when
 * it had to be killed), with the getdents64 system call: readdir() may
 * allocate, which a signal handler must not. */
static void sweep(const char *dir) {
  int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    return;
  _Alignas(8) char buf[4096];
  long n;
  while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
    for (long off = 0; off < n;) {
      /* struct linux_dirent64: u64 ino, s64 off, u16 reclen, u8 type,
         char name[] */
      unsigned short reclen;
      memcpy(&reclen, buf + off + 16, sizeof reclen);
      const char *name = buf + off + 19;
      if (strcmp(name, ".") && strcmp(name, ".."))
        unlinkat(fd, name, 0);
      off += reclen;
    }
  close(fd);
}
#endif

/* Stops the tool in the process group `pg` and what it started, then
 * reaps it (the handler's part of wp_cleanup_on_signal). */
static void stop_tool(pid_t pg, int sig) {
  kill(-pg, sig == SIGPIPE ? SIGTERM : sig);
  kill(-pg, SIGCONT); /* a tool stopped with warpc (^Z) must see it */
  bool gone = false;
  for (int i = 0; i < 200 && !gone; i++) { /* 2 s */
    siginfo_t si;
    si.si_pid = 0;
    if (waitid(P_PID, (id_t)pg, &si, WEXITED | WNOHANG | WNOWAIT) < 0)
      gone = errno != EINTR; /* ECHILD: reaped already */
    else if (si.si_pid == pg)
      gone = true;
    else
      poll(NULL, 0, 10);
  }
  /* what is left of the group (the tool itself, if it did not stop, and
     anything it started); the tool is not reaped yet, so its group id is
     still ours; then reaped, so that no zombie outlives warpc */
  kill(-pg, SIGKILL);
  while (waitpid(pg, NULL, 0) < 0 && errno == EINTR)
    ;
}

void wp_cleanup_on_signal(wp_cleanup *c, int sig) {
  /* every group signalled first, so that they stop at once */
  for (int k = 0; k < WP_TOOL_JOBS_MAX; k++)
    if (c->jobs[k] > 0) {
      kill(-(pid_t)c->jobs[k], sig == SIGPIPE ? SIGTERM : sig);
      kill(-(pid_t)c->jobs[k], SIGCONT);
    }
  if (c->tool > 0)
    stop_tool(c->tool, sig);
  for (int k = 0; k < WP_TOOL_JOBS_MAX; k++)
    if (c->jobs[k] > 0)
      stop_tool(c->jobs[k], sig);
  for (int i = 0; i < c->ntemps; i++)
    unlink(c->temps[i]);
  for (int i = 0; i < c->nfiles; i++)
    unlink(c->files[i]);
  if (c->dir && rmdir(c->dir) != 0) {
#ifdef __linux__
    sweep(c->dir);
    rmdir(c->dir);
#endif
  }
}
