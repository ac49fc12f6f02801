/* outfiles.c - every file warpc writes goes through here, so that outputs
 * added later get the same treatment (warpc.h describes the rules): gcc's
 * way with special files, no output that is an input or another output,
 * and write errors reported. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "warpc.h"

int warpc_outputs_add(warpc_outputs *w, const char *path, const char *what) {
  if (w->n == w->cap) {
    w->cap = w->cap ? w->cap * 2 : 4;
    w->v = realloc(w->v, (size_t)w->cap * sizeof *w->v);
    if (!w->v) {
      fputs("warpc: fatal: out of memory\n", stderr);
      abort();
    }
  }
  w->v[w->n] = (warpc_outfile){.what = what,
                               .path = wp_strfmt("%s", path),
                               .to_stdout = !strcmp(path, "-")};
  return w->n++;
}

/* A name that does not exist yet (`path`, kept by f): its directory and
 * last component identify it. */
static void identify_new(warpc_outfile *f, const char *path) {
  const char *slash = strrchr(path, '/');
  char *dir =
      slash ? wp_strfmt("%.*s", slash == path ? 1 : (int)(slash - path), path)
            : wp_strfmt(".");
  struct stat ds;
  if (stat(dir, &ds) == 0) {
    f->known = f->is_new = true;
    f->dev = (unsigned long long)ds.st_dev;
    f->ino = (unsigned long long)ds.st_ino;
    f->base = slash ? slash + 1 : path;
  }
  free(dir);
}

/* The name a dangling symlink `link` finally points at (following a chain
 * of dangling links, relative targets taken from each link's directory),
 * malloc'd; NULL for a loop, an unreadable link or a target that exists
 * after all. */
static char *dangling_target(const char *link) {
  char *cur = wp_strfmt("%s", link);
  for (int hops = 0; hops < 40; hops++) { /* Linux's MAXSYMLINKS */
    struct stat st;
    if (lstat(cur, &st) != 0)
      return errno == ENOENT ? cur : (free(cur), NULL);
    if (!S_ISLNK(st.st_mode))
      break;
    size_t cap = (size_t)st.st_size + 2;
    char *t = malloc(cap);
    ssize_t n = t ? readlink(cur, t, cap - 1) : -1;
    if (n < 0 || (size_t)n >= cap - 1) {
      free(t);
      break;
    }
    t[n] = 0;
    const char *slash = strrchr(cur, '/');
    char *next = t[0] == '/' || !slash
                     ? wp_strfmt("%s", t)
                     : wp_strfmt("%.*s/%s", (int)(slash - cur), cur, t);
    free(t);
    free(cur);
    cur = next;
  }
  free(cur);
  return NULL;
}

/* What is at f->path now: its identity, and whether it is written in
 * place.  0, or 2 for a directory (reported). */
static int classify(warpc_outfile *f) {
  f->known = f->is_new = f->in_place = f->fifo = f->chardev = false;
  if (f->to_stdout) { /* no file of warpc's to compare */
    f->in_place = true;
    return 0;
  }
  struct stat st;
  if (lstat(f->path, &st) != 0) {
    if (errno == ENOENT)
      identify_new(f, f->path);
    return 0; /* other errors are reported when it is written */
  }
  if (S_ISLNK(st.st_mode)) {
    /* the target gets the content; a dangling link's target is made, and
       is identified as the new name it is */
    f->in_place = true;
    struct stat ts;
    if (stat(f->path, &ts) == 0)
      st = ts;
    else {
      free(f->named);
      f->named = dangling_target(f->path);
      if (f->named)
        identify_new(f, f->named);
      return 0;
    }
  }
  if (S_ISDIR(st.st_mode)) {
    warpc_error("cannot write the %s '%s': Is a directory\n", f->what, f->path);
    return 2;
  }
  if (!S_ISREG(st.st_mode))
    f->in_place = true; /* devices, FIFOs, sockets, symlinks */
  f->fifo = S_ISFIFO(st.st_mode);
  f->chardev = S_ISCHR(st.st_mode);
  f->known = true;
  f->dev = (unsigned long long)st.st_dev;
  f->ino = (unsigned long long)st.st_ino;
  return 0;
}

static bool same(const warpc_outfile *a, const warpc_outfile *b) {
  return a->known && b->known && !a->chardev && a->is_new == b->is_new &&
         a->dev == b->dev && a->ino == b->ino &&
         (!a->is_new || !strcmp(a->base, b->base));
}

int warpc_outputs_check(warpc_outputs *w, const char *const *inputs, int n) {
  for (int i = 0; i < w->n; i++)
    if (classify(&w->v[i]))
      return 2;
  for (int j = 0; j < n; j++) {
    struct stat st;
    if (stat(inputs[j], &st) != 0 || S_ISCHR(st.st_mode))
      continue;
    for (int i = 0; i < w->n; i++) {
      const warpc_outfile *f = &w->v[i];
      if (f->known && !f->is_new && !f->chardev &&
          f->dev == (unsigned long long)st.st_dev &&
          f->ino == (unsigned long long)st.st_ino) {
        warpc_error("the %s '%s' would overwrite %s '%s'\n", f->what, f->path,
                    j ? "the imported module" : "the input", inputs[j]);
        return 2;
      }
    }
  }
  for (int i = 0; i < w->n; i++)
    for (int k = 0; k < i; k++)
      if (same(&w->v[i], &w->v[k])) {
        warpc_error("the %s '%s' and the %s '%s' are the "
                    "same file\n",
                    w->v[k].what, w->v[k].path, w->v[i].what, w->v[i].path);
        return 2;
      }
  return 0;
}

int warpc_outputs_prepare(warpc_outputs *w) {
  for (int i = 0; i < w->n; i++) {
    warpc_outfile *f = &w->v[i];
    if (f->in_place) {
      char *name = wp_strfmt("out.%d", i);
      f->stage = wp_cleanup_file(&w->cl, name);
      free(name);
      if (!f->stage)
        return warpc_tempdir_error(errno);
    } else if (!(f->stage = wp_cleanup_temp_beside(&w->cl, f->path))) {
      warpc_error("cannot write '%s': %s\n", f->path, strerror(errno));
      return 2;
    }
  }
  return 0;
}

int warpc_copy_fd(int in, int out, bool *reading) {
  char buf[65536];
  ssize_t got;
  *reading = false;
  while ((got = read(in, buf, sizeof buf)) != 0) {
    if (got < 0) {
      if (errno == EINTR)
        continue;
      *reading = true;
      return -1;
    }
    for (ssize_t done = 0; done < got;) {
      ssize_t put = write(out, buf + done, (size_t)(got - done));
      if (put > 0)
        done += put;
      else if (put == 0) {
        errno = EIO;
        return -1;
      } else if (errno != EINTR)
        return -1;
    }
  }
  return 0;
}

/* Writes the file `from` into `to` in place (opened as it is: a device, a
 * FIFO, a symlink's target, created if missing; NULL: standard output).
 * 0, or -1 with errno, *reading true when `from` could not be read. */
static int copy_into(const char *from, const char *to, bool *reading) {
  *reading = true;
  int in = open(from, O_RDONLY | O_CLOEXEC);
  if (in < 0)
    return -1;
  *reading = false;
  int out =
      !to ? STDOUT_FILENO
          : open(to, O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY | O_CLOEXEC, 0666);
  int rc = out < 0 || (!to && fflush(stdout) != 0)
               ? -1
               : warpc_copy_fd(in, out, reading),
      err = errno;
  if (to && out >= 0 && close(out) != 0 && !rc)
    rc = -1, err = errno;
  close(in);
  errno = err;
  return rc;
}

/* The report of a failed copy_into for the output `f`; 2. */
static int copy_error(const char *from, const warpc_outfile *f, bool reading) {
  if (!reading)
    return warpc_write_error(f->to_stdout ? NULL : f->path, errno);
  warpc_error("cannot read '%s': %s\n", from, strerror(errno));
  return 2;
}

int warpc_outputs_place(const warpc_outfile *f, const char *from) {
  bool reading;
  return copy_into(from, f->stage, &reading) ? copy_error(from, f, reading) : 0;
}

/* Whether the regular file `path` (followed if a symlink) holds exactly
 * what the file `stage` does. */
static bool same_content(const char *stage, const char *path) {
  struct stat a, b;
  if (stat(stage, &a) != 0 || stat(path, &b) != 0 || !S_ISREG(b.st_mode) ||
      a.st_size != b.st_size)
    return false;
  FILE *x = fopen(stage, "rb"), *y = fopen(path, "rb");
  bool same = x && y;
  char bx[8192], by[8192];
  size_t nx;
  while (same && (nx = fread(bx, 1, sizeof bx, x)) > 0)
    same = fread(by, 1, nx, y) == nx && !memcmp(bx, by, nx);
  same = same && !ferror(x) && !ferror(y) && fgetc(y) == EOF;
  if (x)
    fclose(x);
  if (y)
    fclose(y);
  return same;
}

/* A keep_same output that already holds its content: marked kept (and
 * committed), its stage removed; true.  Else false. */
static bool keep(warpc_outputs *w, warpc_outfile *f) {
  if (!f->keep_same || f->to_stdout || f->fifo || f->chardev ||
      !same_content(f->stage, f->path))
    return false;
  if (!f->in_place) {
    wp_cleanup_remove(&w->cl, f->stage);
    f->stage = NULL;
  }
  f->kept = f->committed = true;
  return true;
}

int warpc_outputs_commit(warpc_outputs *w) {
  for (int i = 0; i < w->n; i++) {
    warpc_outfile *f = &w->v[i];
    if (!f->in_place || keep(w, f))
      continue;
    bool reading;
    if (copy_into(f->stage, f->to_stdout ? NULL : f->path, &reading) != 0)
      return copy_error(f->stage, f, reading);
    f->committed = true;
  }
  for (int i = 0; i < w->n; i++) {
    warpc_outfile *f = &w->v[i];
    if (f->in_place || keep(w, f))
      continue;
    if (wp_cleanup_rename(&w->cl, f->stage, f->path) != 0) {
      warpc_error("cannot write '%s': %s\n", f->path, strerror(errno));
      /* no set of outputs of which only some are new */
      for (int k = 0; k < i; k++)
        if (!w->v[k].in_place && w->v[k].committed && !w->v[k].kept)
          unlink(w->v[k].path);
      return 2;
    }
    f->stage = NULL;
    f->committed = true;
  }
  return 0;
}

void warpc_outputs_finish(warpc_outputs *w) {
  for (int i = 0; i < w->n; i++) {
    warpc_outfile *f = &w->v[i];
    struct stat st;
    /* a reader blocked on a FIFO output that is not written sees end of
       file instead of waiting forever (without a reader: ENXIO, nothing) */
    if (!f->committed && !f->to_stdout && stat(f->path, &st) == 0 &&
        S_ISFIFO(st.st_mode)) {
      int fd = open(f->path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
      if (fd >= 0)
        close(fd);
    }
    free(f->path);
    free(f->named);
  }
  wp_cleanup_free(&w->cl);
  free(w->v);
  *w = (warpc_outputs){0};
}

int warpc_write_error(const char *path, int err) {
  const char *why = err ? strerror(err) : "write error";
  if (path)
    warpc_error("cannot write '%s': %s\n", path, why);
  else
    warpc_error("cannot write to standard output: %s\n", why);
  return 2;
}

int warpc_tempdir_error(int err) {
  warpc_error("cannot create a temporary directory in '%s': %s\n",
              wp_temp_base(), strerror(err));
  return 2;
}

int warpc_stream_close(FILE *f) {
  bool bad = ferror(f) != 0;
  errno = 0;
  int err = (f == stdout ? fflush(f) : fclose(f)) != 0 ? errno : 0;
  return err ? err : bad ? EIO : 0;
}

int warpc_stream_done(FILE *f, const char *path) {
  bool bad = ferror(f) != 0;
  errno = 0;
  int err = (f == stdout ? fflush(f) : fclose(f)) != 0 ? errno : 0;
  if (!bad && !err)
    return 0;
  return warpc_write_error(path, err);
}
