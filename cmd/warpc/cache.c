/* cache.c - warpc's object cache (--cache-dir, $WARPC_CACHE_DIR): the final
 * object of a compilation stored under the SHA-256 of everything that
 * decides its bytes (warpc's version and executable, the generated C and
 * CUDA C, every option that reaches a tool, each tool's path, size and
 * modification time), so that a second build of an unchanged input runs no
 * clang, nvcc, ptxas, fatbinary nor ld.  Entries are DIR/XX/KEY.o, written
 * under a temporary name and renamed, so concurrent builds share a
 * directory safely; nothing is ever evicted (remove the directory to
 * empty it).  A cache that cannot be read or written is a warning, never
 * a failed build. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "warpc.h"

/* the layout of an entry's key; changed when what is hashed changes */
#define CACHE_FORMAT "warpc-cache-1"

void warpc_cache_word(wp_sha256 *s, const char *w) {
  /* length-prefixed: ("ab", "c") and ("a", "bc") differ */
  size_t n = w ? strlen(w) : (size_t)-1;
  wp_sha256_update(s, &n, sizeof n);
  if (w)
    wp_sha256_update(s, w, strlen(w));
}

int warpc_cache_file(wp_sha256 *s, const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  char buf[65536];
  ssize_t got;
  uint64_t total = 0;
  while ((got = read(fd, buf, sizeof buf)) != 0) {
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0) {
      close(fd);
      return -1;
    }
    wp_sha256_update(s, buf, (size_t)got);
    total += (uint64_t)got;
  }
  close(fd);
  wp_sha256_update(s, &total, sizeof total);
  return 0;
}

/* The file `name` runs as (argv[0] looked up in $PATH as posix_spawnp
 * does), malloc'd; NULL when not found. */
static char *which(const char *name) {
  if (strchr(name, '/'))
    return access(name, X_OK) == 0 ? wp_strfmt("%s", name) : NULL;
  const char *path = getenv("PATH");
  if (!path)
    path = "/bin:/usr/bin";
  while (*path) {
    size_t n = strcspn(path, ":");
    char *f =
        n ? wp_strfmt("%.*s/%s", (int)n, path, name) : wp_strfmt("./%s", name);
    if (access(f, X_OK) == 0)
      return f;
    free(f);
    path += n + (path[n] == ':');
  }
  return NULL;
}

void warpc_cache_tool(wp_sha256 *s, const char *name) {
  warpc_cache_word(s, name);
  char *found = which(name);
  /* the file itself: the same clang through another link or directory of
     $PATH is the same tool (its name, which can change what it does, is
     the word above) */
  char *f = found ? realpath(found, NULL) : NULL;
  free(found);
  struct stat st;
  if (f && stat(f, &st) == 0) {
    /* as ccache's compiler_check=mtime: a new version of the tool is a new
       file */
    char *id = wp_strfmt("%s %lld %lld.%09ld", f, (long long)st.st_size,
                         (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
    warpc_cache_word(s, id);
    free(id);
  } else
    warpc_cache_word(s, NULL);
  free(f);
}

void warpc_cache_begin(wp_sha256 *s) {
  wp_sha256_init(s);
  warpc_cache_word(s, CACHE_FORMAT);
  warpc_cache_word(s, WARPC_VERSION);
  /* the executable itself: a warpc built from other sources with the same
     version number emits or drives the tools differently.  Identified as
     the tools are (its file, size and modification time), not by its
     bytes: hashing 4 MB took most of a cache hit's 160 ms. */
  char *self = realpath("/proc/self/exe", NULL);
  struct stat st;
  if (self && stat(self, &st) == 0) {
    char *id = wp_strfmt("%s %lld %lld.%09ld", self, (long long)st.st_size,
                         (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
    warpc_cache_word(s, id);
    free(id);
  } else
    warpc_cache_word(s, NULL);
  free(self);
}

char *warpc_cache_entry(const char *dir, wp_sha256 *s) {
  unsigned char d[32];
  wp_sha256_final(s, d);
  char hex[65];
  for (int i = 0; i < 32; i++)
    snprintf(hex + 2 * i, 3, "%02x", d[i]);
  return wp_strfmt("%s/%.2s/%s.o", dir, hex, hex + 2);
}

bool warpc_cache_fetch(const char *entry, const warpc_outfile *out,
                       bool verbose, int *rc) {
  *rc = 0;
  if (!warpc_is_object(entry)) {
    if (verbose)
      fprintf(stderr, "warpc: cache miss: %s\n", entry);
    return false;
  }
  if (verbose)
    fprintf(stderr, "warpc: cache hit: %s\n", entry);
  *rc = warpc_outputs_place(out, entry);
  return true;
}

/* mkdir -p of `dir` (mode 0777 & ~umask): 0, or -1 with errno. */
static int make_dirs(const char *dir) {
  char *p = wp_strfmt("%s", dir);
  int rc = 0;
  for (char *s = p + 1; rc == 0; s++) {
    if (*s && *s != '/')
      continue;
    char c = *s;
    *s = 0;
    if (mkdir(p, 0777) != 0 && errno != EEXIST)
      rc = -1;
    *s = c;
    if (!c)
      break;
  }
  free(p);
  return rc;
}

void warpc_cache_store(const char *entry, const char *obj, const options *o) {
  const char *slash = strrchr(entry, '/');
  char *dir = wp_strfmt("%.*s", (int)(slash - entry), entry);
  char *tmp = wp_strfmt("%s/.tmp.XXXXXX", dir);
  int err = 0, fd = -1, in = -1;
  bool reading = false;
  if (make_dirs(dir) != 0 || (fd = mkstemp(tmp)) < 0)
    err = errno;
  else if ((in = open(obj, O_RDONLY | O_CLOEXEC)) < 0 ||
           warpc_copy_fd(in, fd, &reading) != 0 || fchmod(fd, 0644) != 0)
    err = errno ? errno : EIO;
  if (in >= 0)
    close(in);
  if (fd >= 0 && close(fd) != 0 && !err)
    err = errno;
  if (!err && rename(tmp, entry) != 0)
    err = errno;
  if (err && fd >= 0)
    unlink(tmp);
  if (err && !o->diag.no_warnings)
    fprintf(stderr,
            "warpc: warning: cannot store the object in the cache '%s': %s\n",
            o->cache_dir, strerror(err));
  else if (!err && o->verbose)
    fprintf(stderr, "warpc: cache store: %s\n", entry);
  free(tmp);
  free(dir);
}
