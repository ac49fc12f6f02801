/* driver.c - running external tools (posix_spawnp with an argv, never a
 * shell), private temporary directories and temporary output names for
 * atomic writes. */
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np */
#include <dirent.h>
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "emit.h"

extern char **environ;

int wp_run_tool(char *const argv[], bool verbose) {
  return wp_run_tool_in(argv, NULL, verbose);
}

int wp_run_tool_in(char *const argv[], const char *cwd, bool verbose) {
  if (verbose) {
    if (cwd)
      fprintf(stderr, "cd %s && ", cwd);
    for (int i = 0; argv[i]; i++)
      fprintf(stderr, "%s%s", i ? " " : "", argv[i]);
    fputc('\n', stderr);
  }
  pid_t pid;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (cwd)
    posix_spawn_file_actions_addchdir_np(&fa, cwd);
  int err = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (err) {
    fprintf(stderr, "warpc: error: cannot run '%s': %s\n", argv[0],
            strerror(err));
    return -1;
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  fprintf(stderr, "warpc: error: '%s' was killed by signal %d\n", argv[0],
          WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  return -1;
}

char *wp_make_temp_dir(void) {
  const char *base = getenv("TMPDIR");
  if (!base || !*base)
    base = "/tmp";
  size_t n = strlen(base) + 32;
  char *path = malloc(n);
  if (!path)
    return NULL;
  snprintf(path, n, "%s/warpc-XXXXXX", base);
  if (!mkdtemp(path)) {
    free(path);
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
      size_t n = strlen(path) + strlen(ent->d_name) + 2;
      char *f = malloc(n);
      if (f) {
        snprintf(f, n, "%s/%s", path, ent->d_name);
        unlink(f);
        free(f);
      }
    }
    closedir(d);
  }
  rmdir(path);
}

char *wp_temp_beside(const char *path) {
  const char *slash = strrchr(path, '/');
  size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
  const char *base = slash ? slash + 1 : path;
  size_t n = strlen(path) + 16;
  char *tmp = malloc(n);
  if (!tmp)
    return NULL;
  snprintf(tmp, n, "%.*s.%s.XXXXXX", (int)dirlen, path, base);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    free(tmp);
    return NULL;
  }
  /* mkstemp makes 0600; outputs get the usual 0666 & ~umask */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  close(fd);
  return tmp;
}
