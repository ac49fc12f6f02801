/* pathmap.c - the names under which warpc records source files in what it
 * writes (#line directives, so debug line tables and PTX .file entries; the
 * banners of the generated C; the header's comments), so that the same
 * input gives the same bytes from any working directory and checkout
 * location.  A file is recorded as its absolute path with the last
 * matching --prefix-map applied, or else relative to the main input's
 * directory (the main input: its file name).  Diagnostics and depfiles keep
 * the paths as given: they are for the user and for make. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "warpc.h"

char *warpc_cwd(void) {
  const char *pwd = getenv("PWD");
  struct stat a, b;
  if (pwd && pwd[0] == '/' && stat(pwd, &a) == 0 && stat(".", &b) == 0 &&
      a.st_dev == b.st_dev && a.st_ino == b.st_ino)
    return wp_strfmt("%s", pwd);
  size_t cap = 256;
  for (;;) {
    char *buf = malloc(cap);
    if (!buf) {
      fputs("warpc: fatal: out of memory\n", stderr);
      abort();
    }
    if (getcwd(buf, cap))
      return buf;
    free(buf);
    if (errno != ERANGE)
      return NULL;
    cap *= 2;
  }
}

char *warpc_physical_cwd(void) {
  char *p = realpath(".", NULL);
  return p;
}

char *warpc_abs_path(const char *path) {
  char *cwd = path[0] == '/' ? NULL : warpc_cwd();
  char *full = cwd ? wp_strfmt("%s/%s", cwd, path) : wp_strfmt("%s", path);
  free(cwd);
  if (full[0] != '/') /* no working directory: as given */
    return full;
  /* components in place: "", ".", ".." dropped or popped lexically */
  char *out = malloc(strlen(full) + 2);
  if (!out) {
    fputs("warpc: fatal: out of memory\n", stderr);
    abort();
  }
  size_t n = 0;
  for (char *p = full; *p;) {
    while (*p == '/')
      p++;
    size_t len = strcspn(p, "/");
    if (len == 0 || (len == 1 && p[0] == '.')) {
    } else if (len == 2 && p[0] == '.' && p[1] == '.') {
      while (n > 0 && out[n - 1] != '/')
        n--;
      if (n > 0)
        n--; /* the slash before the popped component */
    } else {
      out[n++] = '/';
      memcpy(out + n, p, len);
      n += len;
    }
    p += len;
  }
  if (n == 0)
    out[n++] = '/';
  out[n] = 0;
  free(full);
  return out;
}

int warpc_add_prefix_map(options *o, const char *arg) {
  const char *eq = strchr(arg, '=');
  if (!eq || eq == arg)
    return warpc_usage_error("--prefix-map takes OLD=NEW (OLD not empty), "
                             "not '%s'",
                             arg);
  o->prefix_maps[o->nprefix_maps++] = arg;
  return 0;
}

/* The absolute form of the OLD of map `m` (OLD=NEW), malloc'd, and its
 * NEW in *new_part. */
static char *map_old(const char *m, const char **new_part) {
  const char *eq = strchr(m, '=');
  *new_part = eq + 1;
  char *old = wp_strfmt("%.*s", (int)(eq - m), m);
  char *abs = warpc_abs_path(old);
  free(old);
  return abs;
}

char *warpc_map_path(const options *o, const char *abs) {
  for (int i = o->nprefix_maps - 1; i >= 0; i--) { /* the last match wins */
    const char *nw;
    char *old = map_old(o->prefix_maps[i], &nw);
    size_t n = strlen(old);
    /* "/" as OLD matches every absolute path; else a whole component */
    bool hit = !strncmp(abs, old, n) &&
               (abs[n] == 0 || abs[n] == '/' || old[n - 1] == '/');
    free(old);
    if (!hit)
      continue;
    const char *rest = abs + (n == 1 ? 0 : n);
    size_t nl = strlen(nw);
    if (nl && nw[nl - 1] == '/' && rest[0] == '/')
      rest++;
    if (!nl && rest[0] == '/')
      rest++; /* OLD= : relative to OLD */
    if (!nl && !rest[0])
      return wp_strfmt(".");
    return wp_strfmt("%s%s", nw, rest);
  }
  return NULL;
}

/* `abs` relative to the directory `base` (both absolute, normalised) when
 * they share a first component ("../lib/m.py"), else abs itself; malloc'd. */
static char *relative_to(const char *abs, const char *base) {
  size_t common = 0; /* the length of the common directory prefix */
  for (size_t i = 0;; i++) {
    bool ea = abs[i] == 0 || abs[i] == '/', eb = base[i] == 0 || base[i] == '/';
    if (ea && eb)
      common = i;
    if (!abs[i] || !base[i] || abs[i] != base[i])
      break;
  }
  if (common == 0 && strcmp(base, "/"))
    return wp_strfmt("%s", abs); /* nothing shared but the root */
  int ups = 0;
  for (const char *p = base + common; *p; p++)
    ups += *p == '/';
  const char *rest = abs + common + (abs[common] == '/');
  size_t cap = (size_t)ups * 3 + strlen(rest) + 2;
  char *out = malloc(cap);
  if (!out) {
    fputs("warpc: fatal: out of memory\n", stderr);
    abort();
  }
  out[0] = 0;
  for (int i = 0; i < ups; i++)
    strcat(out, "../");
  strcat(out, rest);
  if (!out[0])
    strcpy(out, ".");
  else if (out[strlen(out) - 1] == '/')
    out[strlen(out) - 1] = 0;
  return out;
}

void warpc_names_init(warpc_names *n, const options *o) {
  *n = (warpc_names){.o = o};
  if (warpc_from_stdin(o)) {
    n->base = warpc_abs_path(".");
  } else {
    char *abs = warpc_abs_path(o->input);
    char *slash = strrchr(abs, '/');
    /* no slash: the working directory is unknown (removed) */
    n->base = !slash         ? wp_strfmt(".")
              : slash == abs ? wp_strfmt("/")
                             : wp_strfmt("%.*s", (int)(slash - abs), abs);
    free(abs);
  }
}

char *warpc_record_name(const warpc_names *n, const char *path) {
  if (!strcmp(path, WARPC_STDIN_NAME))
    return wp_strfmt("%s", path);
  char *abs = warpc_abs_path(path);
  char *name = warpc_map_path(n->o, abs);
  if (!name)
    name = relative_to(abs, n->base);
  free(abs);
  return name;
}

char *warpc_record_dir(const warpc_names *n) {
  char *name = warpc_map_path(n->o, n->base);
  return name ? name : wp_strfmt(".");
}

const char *warpc_source_name(void *ctx, const wp_source *src) {
  warpc_names *n = ctx;
  for (int i = 0; i < n->count; i++)
    if (n->srcs[i] == src)
      return n->names[i];
  if (n->count == n->cap) {
    n->cap = n->cap ? n->cap * 2 : 8;
    n->srcs = realloc(n->srcs, (size_t)n->cap * sizeof *n->srcs);
    n->names = realloc(n->names, (size_t)n->cap * sizeof *n->names);
    if (!n->srcs || !n->names) {
      fputs("warpc: fatal: out of memory\n", stderr);
      abort();
    }
  }
  n->srcs[n->count] = src;
  n->names[n->count] = warpc_record_name(n, src->path);
  return n->names[n->count++];
}

void warpc_names_free(warpc_names *n) {
  for (int i = 0; i < n->count; i++)
    free(n->names[i]);
  free(n->names);
  free(n->srcs);
  free(n->base);
  *n = (warpc_names){0};
}
