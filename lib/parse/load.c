/* load.c - multi-file programs: finds, reads and parses the Python modules a
 * kernel file imports (searched like C headers: the importing file's own
 * directory, then the -I directories) and records what each import binds. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "parse.h"

typedef struct loader {
  wp_arena *A;
  wp_diag *diag;
  const char *const *dirs;
  int ndirs;
  wp_ptrvec modules; /* ast_module * */
  wp_ptrvec keys;    /* real path of each module (a directory ends in /) */
  wp_ptrvec files;
} loader;

/* Top-level modules that are host code only: never looked for on disk. */
static const char *const host_modules[] = {
    "__future__",  "abc",         "argparse",
    "array",       "builtins",    "cmath",
    "collections", "contextlib",  "copy",
    "ctypes",      "dataclasses", "enum",
    "functools",   "gc",          "glob",
    "importlib",   "inspect",     "io",
    "itertools",   "jax",         "json",
    "logging",     "math",        "matplotlib",
    "numbers",     "numpy",       "operator",
    "os",          "pathlib",     "pickle",
    "platform",    "pytest",      "random",
    "re",          "scipy",       "shutil",
    "struct",      "subprocess",  "sys",
    "tempfile",    "time",        "timeit",
    "torch",       "typing",      "typing_extensions",
    "unittest",    "warnings",
};

static bool is_host_module(const char *m) {
  size_t n = strcspn(m, ".");
  for (size_t i = 0; i < sizeof host_modules / sizeof host_modules[0]; i++)
    if (strlen(host_modules[i]) == n && !strncmp(host_modules[i], m, n))
      return true;
  return false;
}

static char *join(loader *L, const char *dir, const char *name) {
  if (!*dir)
    return wp_arena_strdup(L->A, name);
  size_t n = strlen(dir);
  return wp_arena_printf(L->A, "%s%s%s", dir, dir[n - 1] == '/' ? "" : "/",
                         name);
}

/* The directory part of `path` as a prefix ("" for a bare name). */
static const char *dir_of(loader *L, const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash)
    return "";
  return wp_arena_strndup(L->A, path, slash == path ? 1 : slash - path);
}

static bool is_file(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static const char *key_of(loader *L, const char *path, bool dir) {
  char *r = realpath(path, NULL);
  const char *k = wp_arena_printf(L->A, "%s%s", r ? r : path, dir ? "/" : "");
  free(r);
  return k;
}

static int find_key(loader *L, const char *key) {
  for (int i = 0; i < L->keys.count; i++)
    if (!strcmp(L->keys.items[i], key))
      return i;
  return -1;
}

static void resolve_imports(loader *L, int mi);

static int add_module(loader *L, ast_module *m, const char *key) {
  wp_ptrvec_push(L->A, &L->modules, m);
  wp_ptrvec_push(L->A, &L->keys, (void *)key);
  return L->modules.count - 1;
}

/* Reads a file into the arena; NULL with errno set on failure. */
static char *read_all(loader *L, const char *path, uint32_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 1 << 14, n = 0, got;
  char *buf = malloc(cap + 1);
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0)
    if ((n += got) == cap) {
      char *nb = realloc(buf, (cap *= 2) + 1);
      if (!nb)
        free(buf);
      buf = nb;
    }
  int err = ferror(f) ? (errno ? errno : EIO) : 0;
  fclose(f);
  if (!buf || err || n > UINT32_MAX) {
    free(buf);
    errno = err ? err : ENOMEM;
    return NULL;
  }
  char *text = wp_arena_strndup(L->A, buf, n);
  free(buf);
  *len = (uint32_t)n;
  return text;
}

/* Loads the module in file `path` (or the namespace package `path`, a
 * directory, when `ns`), once; its index, or -1 when it cannot be read
 * (reported at `at`). */
static int load(loader *L, const char *path, const char *name, bool package,
                bool ns, wp_loc at) {
  const char *key = key_of(L, path, ns);
  int idx = find_key(L, key);
  if (idx >= 0)
    return idx;
  ast_module *m;
  if (ns) {
    m = WP_NEW(L->A, ast_module);
  } else {
    wp_source *src = WP_NEW(L->A, wp_source);
    src->path = path;
    char *text = read_all(L, path, &src->len);
    if (!text) {
      wp_error(L->diag, at, "cannot read '%s': %s", path, strerror(errno));
      return -1;
    }
    src->text = text;
    wp_ptrvec_push(L->A, &L->files, (void *)path);
    m = wp_parse(src, L->A, L->diag);
    if (!m)
      return -1;
  }
  m->mod_name = name;
  m->is_package = package;
  m->dir = ns ? path : dir_of(L, path);
  idx = add_module(L, m, key);
  resolve_imports(L, idx); /* after add_module: a cycle finds it */
  return idx;
}

typedef enum { FIND_ANY, FIND_REGULAR, FIND_NAMESPACE } find_mode;

/* Module `name` (one identifier) directly in directory `dir`; its index, or
 * -1 when there is none. */
static int find_in(loader *L, const char *dir, const char *name,
                   const char *full, find_mode mode, wp_loc at) {
  char *pkg = join(L, dir, name);
  if (mode != FIND_NAMESPACE) {
    char *init = join(L, pkg, "__init__.py");
    if (is_file(init))
      return load(L, init, full, true, false, at);
    char *py = wp_arena_printf(L->A, "%s.py", pkg);
    if (is_file(py))
      return load(L, py, full, false, false, at);
  }
  if (mode != FIND_REGULAR && is_dir(pkg))
    return load(L, pkg, full, true, true, at);
  return -1;
}

static void add_submodule(loader *L, int parent, const char *name, int child) {
  ast_module *p = L->modules.items[parent];
  for (int i = 0; i < p->nsubmods; i++)
    if (!strcmp(p->submods[i].name, name))
      return;
  ast_submodule *s = WP_NEW_ARRAY(L->A, ast_submodule, p->nsubmods + 1);
  if (p->nsubmods)
    memcpy(s, p->submods, sizeof *s * (size_t)p->nsubmods);
  s[p->nsubmods].name = name;
  s[p->nsubmods].module = child;
  p->submods = s;
  p->nsubmods++;
}

/* The dotted module `rest` below package `parent`: the index of its last
 * component, or -1.  *top gets the first component's module. */
static int find_below(loader *L, int parent, const char *prefix,
                      const char *rest, wp_loc at) {
  while (*rest) {
    ast_module *p = L->modules.items[parent];
    size_t n = strcspn(rest, ".");
    char *part = wp_arena_strndup(L->A, rest, n);
    if (!p->is_package)
      return -1;
    const char *full =
        *prefix ? wp_arena_printf(L->A, "%s.%s", prefix, part) : part;
    int child = find_in(L, p->dir, part, full, FIND_ANY, at);
    if (child < 0)
      return -1;
    add_submodule(L, parent, part, child);
    parent = child;
    prefix = full;
    rest += n + (rest[n] == '.');
  }
  return parent;
}

/* Absolute dotted `name` imported from a file in `dir`: the module of its
 * last component (-1 when missing); *top the module of its first. */
static int find_absolute(loader *L, const char *dir, const char *name, int *top,
                         wp_loc at) {
  size_t n = strcspn(name, ".");
  char *first = wp_arena_strndup(L->A, name, n);
  int t = -1;
  for (int mode = FIND_REGULAR; t < 0 && mode <= FIND_NAMESPACE; mode++) {
    t = find_in(L, dir, first, first, (find_mode)mode, at);
    for (int i = 0; t < 0 && i < L->ndirs; i++)
      t = find_in(L, L->dirs[i], first, first, (find_mode)mode, at);
  }
  *top = t;
  if (t < 0)
    return -1;
  return find_below(L, t, first, name + n + (name[n] == '.'), at);
}

/* The parent of directory d, lexically as Python's package paths are
 * (`pkg/sub` -> `pkg`, `pkg` -> "", `/` stays; `..` and `.` get `/..`), so
 * that paths in messages do not pile up `sub/../`. */
static const char *parent_dir(loader *L, const char *d) {
  if (!*d)
    return "..";
  const char *slash = strrchr(d, '/');
  const char *last = slash ? slash + 1 : d;
  if (!*last || !strcmp(last, "..") || !strcmp(last, "."))
    return join(L, d, "..");
  if (!slash)
    return "";
  return wp_arena_strndup(L->A, d, slash == d ? 1 : (size_t)(slash - d));
}

/* The directory a relative import with `dots` leading dots starts from. */
static const char *relative_base(loader *L, const char *dir, int dots) {
  const char *d = dir;
  for (int i = 1; i < dots; i++)
    d = parent_dir(L, d);
  return d;
}

/* The package a relative module path (".", "..pkg", ".util") denotes: a
 * module index (the directory as a package when it is just dots), or -1. */
static int find_relative(loader *L, const char *dir, const char *module,
                         wp_loc at) {
  int dots = (int)strspn(module, ".");
  const char *base = relative_base(L, dir, dots);
  const char *rest = module + dots;
  /* the directory itself as a package: its __init__.py or a namespace */
  const char *bpath = *base ? base : ".";
  char *init = join(L, base, "__init__.py");
  int pkg = is_file(init)   ? load(L, init, "", true, false, at)
            : is_dir(bpath) ? load(L, bpath, "", true, true, at)
                            : -1;
  if (pkg < 0)
    return -1;
  ((ast_module *)L->modules.items[pkg])->dir = base;
  return find_below(L, pkg, "", rest, at);
}

static void resolve_import(loader *L, ast_module *m, ast_import *im) {
  im->res = AST_IMPORT_MISSING;
  bool relative = im->module[0] == '.';
  if (!relative && is_host_module(im->module)) {
    im->res = AST_IMPORT_HOST;
    return;
  }
  int top = -1, mod;
  if (relative)
    mod = find_relative(L, m->dir, im->module, im->loc);
  else
    mod = find_absolute(L, m->dir, im->module, &top, im->loc);
  if (mod < 0)
    return;
  if (!*im->target) { /* import a.b.c binds a; import a.b as x binds a.b */
    size_t n = strcspn(im->module, ".");
    bool dotted = im->module[n] == '.';
    bool aliased = strlen(im->local) != n || strncmp(im->local, im->module, n);
    im->res = AST_IMPORT_MODULE;
    im->res_module = dotted && !aliased ? top : mod;
    return;
  }
  if (!strcmp(im->target, "*")) {
    im->res = AST_IMPORT_MODULE; /* names are looked up in it on use */
    im->res_module = mod;
    return;
  }
  ast_module *pm = L->modules.items[mod];
  if (pm->is_package) {
    const char *full =
        *pm->mod_name ? wp_arena_printf(L->A, "%s.%s", pm->mod_name, im->target)
                      : im->target;
    int sub = find_in(L, pm->dir, im->target, full, FIND_ANY, im->loc);
    if (sub >= 0) {
      add_submodule(L, mod, im->target, sub);
      im->res = AST_IMPORT_MODULE;
      im->res_module = sub;
      return;
    }
  }
  im->res = AST_IMPORT_NAME;
  im->res_module = mod;
}

static void resolve_imports(loader *L, int mi) {
  ast_module *m = L->modules.items[mi];
  for (int i = 0; i < m->nimports; i++)
    if (!m->imports[i].is_warp)
      resolve_import(L, m, &m->imports[i]);
}

ast_program *wp_load(const wp_source *src, const char *const *dirs, int ndirs,
                     wp_arena *arena, wp_diag *diag) {
  loader L = {.A = arena, .diag = diag, .dirs = dirs, .ndirs = ndirs};
  ast_module *m = wp_parse(src, arena, diag);
  if (!m)
    return NULL;
  m->mod_name = "";
  m->dir = dir_of(&L, src->path);
  wp_ptrvec_push(arena, &L.files, (void *)src->path);
  add_module(&L, m, key_of(&L, src->path, false));
  resolve_imports(&L, 0);
  ast_program *p = WP_NEW(arena, ast_program);
  p->modules = (ast_module **)L.modules.items;
  p->nmodules = L.modules.count;
  p->files = (const char **)L.files.items;
  p->nfiles = L.files.count;
  return p;
}
