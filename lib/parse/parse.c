/* parse.c - wp_parse driver: CST helpers, imports and module-level code. */
#include "parse_internal.h"

wp_loc p_loc(const pctx *c, TSNode n) {
  TSPoint p = ts_node_start_point(n);
  wp_loc loc = {c->src, ts_node_start_byte(n), ts_node_end_byte(n), p.row + 1,
                p.column + 1};
  return loc;
}

char *p_text(const pctx *c, TSNode n) {
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  return wp_arena_strndup(c->arena, c->src->text + s, e - s);
}

TSNode p_field(TSNode n, const char *name) {
  return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

int p_kids(const pctx *c, TSNode n, bool named, TSNode **out) {
  uint32_t total = ts_node_child_count(n);
  TSNode *a = WP_NEW_ARRAY(c->arena, TSNode, total ? total : 1);
  int k = 0;
  TSTreeCursor cur = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&cur)) {
    do {
      TSNode ch = ts_tree_cursor_current_node(&cur);
      if ((named && !ts_node_is_named(ch)) || p_is(ch, "comment") ||
          p_is(ch, "line_continuation") || (uint32_t)k >= total)
        continue;
      a[k++] = ch;
    } while (ts_tree_cursor_goto_next_sibling(&cur));
  }
  ts_tree_cursor_delete(&cur);
  *out = a;
  return k;
}

/* --- imports ------------------------------------------------------------ */

/* The dotted name `a.b.c` rebuilt from its identifiers, so stray spaces or
 * comments inside it do not end up in the module path. */
static char *dotted(pctx *c, TSNode n) {
  if (!p_is(n, "dotted_name"))
    return p_text(c, n);
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  size_t len = 0;
  for (int i = 0; i < nk; i++)
    len += ts_node_end_byte(k[i]) - ts_node_start_byte(k[i]) + 1;
  char *s = wp_arena_alloc(c->arena, len + 1), *p = s;
  for (int i = 0; i < nk; i++) {
    uint32_t b = ts_node_start_byte(k[i]), e = ts_node_end_byte(k[i]);
    if (i)
      *p++ = '.';
    memcpy(p, c->src->text + b, e - b);
    p += e - b;
  }
  return s;
}

/* Whether m is `p` or a module below it (m = "p.x.y"). */
static bool within(const char *m, const char *p) {
  size_t n = strlen(p);
  return !strncmp(m, p, n) && (!m[n] || m[n] == '.');
}

/* Warp's API (warp, warp.types, ...), not the Python packages warp-lang
 * ships beside it: warp.tests and warp.examples are ordinary modules, found
 * as any other (a `warp` package directory on -I, as Python finds it on
 * sys.path). */
static bool is_warp_module(const char *m) {
  return within(m, "warp") && !within(m, "warp.tests") &&
         !within(m, "warp.examples");
}

/* The part of a warp module path below `warp` ("" for warp itself);
 * warp._src.X is the implementation of warp.X and names the same things. */
static const char *below_warp(const char *m) {
  const char *r = m[4] == '.' ? m + 5 : "";
  if (within(r, "_src"))
    r = r[4] == '.' ? r + 5 : "";
  return r;
}

static void add_import(pctx *c, wp_ptrvec *v, TSNode at, const char *local,
                       const char *module, const char *target) {
  ast_import *im = WP_NEW(c->arena, ast_import);
  im->local = local;
  im->module = module;
  im->target = target;
  im->is_warp = is_warp_module(module);
  im->loc = p_loc(c, at);
  wp_ptrvec_push(c->arena, v, im);
}

/* `import a.b.c` binds `a` (the top package); `import a.b as x` binds x to
 * a.b, so for warp its target is the path below warp. */
static void import_stmt(pctx *c, TSNode n, wp_ptrvec *v) {
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  for (int i = 0; i < nk; i++) {
    TSNode name = k[i], alias = {0};
    if (p_is(k[i], "aliased_import")) {
      name = p_field(k[i], "name");
      alias = p_field(k[i], "alias");
    }
    if (ts_node_is_null(name) || !p_is(name, "dotted_name"))
      continue;
    char *module = dotted(c, name);
    if (!ts_node_is_null(alias)) {
      const char *t = is_warp_module(module) ? below_warp(module) : "";
      add_import(c, v, k[i], p_text(c, alias), module, t);
    } else {
      size_t top = strcspn(module, ".");
      add_import(c, v, k[i], wp_arena_strndup(c->arena, module, top), module,
                 "");
    }
  }
}

/* For warp the target is the path below warp plus the name
 * (`from warp.fem import linalg` -> "fem.linalg"; `from warp.types import
 * vector` -> "vector", as warp.types.X is warp.X); for other modules it
 * is the imported name alone. */
static const char *from_target(pctx *c, const char *module, const char *name) {
  if (!is_warp_module(module) || !below_warp(module)[0] ||
      !strcmp(below_warp(module), "types")) /* warp.types.X is warp.X */
    return name;
  return wp_arena_printf(c->arena, "%s.%s", below_warp(module), name);
}

static void import_from_stmt(pctx *c, TSNode n, wp_ptrvec *v) {
  TSNode mod = p_field(n, "module_name");
  if (ts_node_is_null(mod))
    return;
  char *module = dotted(c, mod);
  if (p_is(mod, "relative_import")) { /* keep `from . import x` unspaced */
    char *w = module;
    for (char *r = module; *r; r++)
      if (*r != ' ' && *r != '\t')
        *w++ = *r;
    *w = 0;
  }
  TSNode *k;
  int nk = p_kids(c, n, false, &k);
  bool names = false; /* the module name is a dotted_name too: skip it */
  for (int i = 0; i < nk; i++) {
    if (p_is(k[i], "import")) {
      names = true;
    } else if (!names || !ts_node_is_named(k[i])) {
      continue;
    } else if (p_is(k[i], "wildcard_import")) {
      add_import(c, v, k[i], "*", module, from_target(c, module, "*"));
    } else if (p_is(k[i], "dotted_name")) {
      char *name = dotted(c, k[i]);
      add_import(c, v, k[i], name, module, from_target(c, module, name));
    } else if (p_is(k[i], "aliased_import")) {
      TSNode nm = p_field(k[i], "name"), al = p_field(k[i], "alias");
      if (ts_node_is_null(nm) || ts_node_is_null(al))
        continue;
      add_import(c, v, k[i], p_text(c, al), module,
                 from_target(c, module, dotted(c, nm)));
    }
  }
}

/* True for `if __name__ == "__main__":` (either operand order, either quote):
 * its body is the script's host code, never looked at. */
static bool is_main_guard(pctx *c, TSNode n) {
  TSNode cond = p_field(n, "condition");
  if (ts_node_is_null(cond) || !p_is(cond, "comparison_operator"))
    return false;
  const char *t = p_text(c, cond);
  char buf[64];
  size_t j = 0;
  for (; *t && j + 1 < sizeof buf; t++)
    if (*t != ' ' && *t != '\t')
      buf[j++] = *t == '\'' ? '"' : *t;
  buf[j] = 0;
  return strcmp(buf, "__name__==\"__main__\"") == 0 ||
         strcmp(buf, "\"__main__\"==__name__") == 0;
}

static void collect_imports(pctx *c, TSNode n, wp_ptrvec *v, int depth);

/* Imports guarded by a top-level `if` or `try` (optional dependencies,
 * version checks) still bind names, so their blocks are searched too, down
 * to WP_MAX_BLOCK_DEPTH (deeper is an error p_check_nesting reported). */
static void collect_nested_imports(pctx *c, TSNode n, wp_ptrvec *v, int depth) {
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  for (int i = 0; i < nk; i++) {
    if (p_is(k[i], "block") && depth < WP_MAX_BLOCK_DEPTH)
      collect_imports(c, k[i], v, depth + 1);
    else if (p_is(k[i], "elif_clause") || p_is(k[i], "else_clause") ||
             p_is(k[i], "except_clause") || p_is(k[i], "except_group_clause") ||
             p_is(k[i], "finally_clause"))
      collect_nested_imports(c, k[i], v, depth);
  }
}

static void collect_imports(pctx *c, TSNode n, wp_ptrvec *v, int depth) {
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  for (int i = 0; i < nk; i++) {
    if (p_is(k[i], "import_statement"))
      import_stmt(c, k[i], v);
    else if (p_is(k[i], "import_from_statement"))
      import_from_stmt(c, k[i], v);
    else if ((p_is(k[i], "if_statement") && !is_main_guard(c, k[i])) ||
             p_is(k[i], "try_statement"))
      collect_nested_imports(c, k[i], v, depth);
  }
}

/* --- module level -------------------------------------------------------- */

static ast_expr *module_call(pctx *c, TSNode call);

/* The module-level walk's output so far. */
typedef struct modvecs {
  wp_ptrvec defs, globals, calls, sites;
} modvecs;

static void add_global(pctx *c, modvecs *mv, TSNode name, TSNode value,
                       TSNode type) {
  ast_global *g = WP_NEW(c->arena, ast_global);
  g->name = p_text(c, name);
  g->value = p_is(value, "call") ? module_call(c, value) : p_expr(c, value);
  g->annotation = ts_node_is_null(type) ? NULL : p_expr(c, type);
  g->loc = p_loc(c, name);
  if (p_is(value, "call"))
    g->kernel = p_global_kernel(c, value, &mv->defs, &mv->sites);
  wp_ptrvec_push(c->arena, &mv->globals, g);
}

static void unknown_globals(pctx *c, TSNode n, modvecs *mv);

/* `A, B = v`: the globals A = v[0], B = v[1] (v parsed once per name, so
 * the AST stays a tree); targets other than names bind nothing here. */
static void tuple_globals(pctx *c, modvecs *mv, TSNode left, TSNode right) {
  uint32_t n = ts_node_named_child_count(left);
  for (uint32_t k = 0; k < n; k++)
    if (!p_is(ts_node_named_child(left, k), "identifier")) {
      unknown_globals(c, left, mv); /* a, *rest = v: not followed */
      return;
    }
  for (uint32_t k = 0; k < n; k++) {
    TSNode name = ts_node_named_child(left, k);
    if (!p_is(name, "identifier"))
      continue;
    ast_global *g = WP_NEW(c->arena, ast_global);
    g->name = p_text(c, name);
    g->loc = p_loc(c, name);
    ast_expr *ix = WP_NEW(c->arena, ast_expr);
    *ix = (ast_expr){.kind = AST_EXPR_INT, .loc = g->loc, .int_value = k};
    ast_expr *item = WP_NEW(c->arena, ast_expr);
    *item = (ast_expr){.kind = AST_EXPR_SUBSCRIPT,
                       .loc = p_loc(c, right),
                       .value = p_expr(c, right),
                       .items = WP_NEW_ARRAY(c->arena, ast_expr *, 1),
                       .nitems = 1,
                       .unpack = (int)n};
    item->items[0] = ix;
    g->value = item;
    wp_ptrvec_push(c->arena, &mv->globals, g);
  }
}

/* `NAME = v`, `NAME: T = v` and chains `a = b = v` (each name gets its own
 * copy of v, so the AST stays a tree); `A, B = v` (tuple_globals).  Other
 * targets (attributes, subscripts) are host code and skipped. */
static void module_assignment(pctx *c, TSNode asg, modvecs *mv) {
  TSNode type = p_field(asg, "type"), right = p_field(asg, "right");
  TSNode left0 = p_field(asg, "left");
  if (!ts_node_is_null(left0) && !ts_node_is_null(right) &&
      (p_is(left0, "pattern_list") || p_is(left0, "tuple_pattern")) &&
      !p_is(right, "assignment")) {
    tuple_globals(c, mv, left0, right);
    return;
  }
  int nn = 0;
  for (TSNode a = asg;; a = p_field(a, "right")) { /* count the targets */
    nn++;
    TSNode r = p_field(a, "right");
    if (ts_node_is_null(r) || !p_is(r, "assignment") ||
        !ts_node_is_null(p_field(r, "type")))
      break;
  }
  TSNode *names = WP_NEW_ARRAY(c->arena, TSNode, nn);
  nn = 0;
  for (;;) {
    TSNode left = p_field(asg, "left");
    if (!ts_node_is_null(left) && p_is(left, "identifier"))
      names[nn++] = left;
    if (ts_node_is_null(right) || !p_is(right, "assignment") ||
        !ts_node_is_null(p_field(right, "type")))
      break;
    asg = right;
    right = p_field(asg, "right");
  }
  if (ts_node_is_null(right))
    return; /* a bare annotation `NAME: T` assigns nothing */
  for (int i = 0; i < nn; i++)
    add_global(c, mv, names[i], right, type);
}

static bool is_def(TSNode n) {
  return p_is(n, "function_definition") || p_is(n, "class_definition") ||
         p_is(n, "decorated_definition");
}

/* The keywords of argument `d` of a top-level call when it is
 * dict(key=value, ...) (the builtin dict: no positional arguments), else
 * NULL. */
static const ast_expr *dict_call(pctx *c, TSNode d) {
  if (!p_is(d, "call"))
    return NULL;
  TSNode fn = ts_node_child_by_field_name(d, "function", 8);
  if (ts_node_is_null(fn) || !p_is(fn, "identifier") ||
      strcmp(p_text(c, fn), "dict"))
    return NULL;
  const ast_expr *e = p_expr(c, d);
  return e->kind == AST_EXPR_CALL && e->nitems == 0 ? e : NULL;
}

/* A top-level call; a dict literal argument {"key": value, ...} with
 * string keys, or dict(key=value, ...), becomes keywords, the way module
 * options are written. */
static ast_expr *module_call(pctx *c, TSNode call) {
  ast_expr *e = p_expr(c, call);
  TSNode args = ts_node_child_by_field_name(call, "arguments", 9);
  if (e->kind != AST_EXPR_CALL || ts_node_is_null(args))
    return e;
  for (uint32_t i = 0; i < ts_node_named_child_count(args); i++) {
    TSNode d = ts_node_named_child(args, i);
    const ast_expr *dc = dict_call(c, d);
    if (dc && dc->nkeywords) {
      ast_keyword *kw =
          WP_NEW_ARRAY(c->arena, ast_keyword, e->nkeywords + dc->nkeywords + 1);
      for (int k = 0; k < e->nkeywords; k++)
        kw[k] = e->keywords[k];
      for (int k = 0; k < dc->nkeywords; k++)
        kw[e->nkeywords + k] = dc->keywords[k];
      e->keywords = kw;
      e->nkeywords += dc->nkeywords;
      continue;
    }
    if (!p_is(d, "dictionary"))
      continue;
    int n = (int)ts_node_named_child_count(d);
    ast_keyword *kw = WP_NEW_ARRAY(c->arena, ast_keyword, e->nkeywords + n + 1);
    for (int k = 0; k < e->nkeywords; k++)
      kw[k] = e->keywords[k];
    int nk = e->nkeywords;
    for (int k = 0; k < n; k++) {
      TSNode pair = ts_node_named_child(d, (uint32_t)k);
      TSNode key = ts_node_child_by_field_name(pair, "key", 3);
      TSNode val = ts_node_child_by_field_name(pair, "value", 5);
      if (!p_is(pair, "pair") || ts_node_is_null(key) || ts_node_is_null(val) ||
          !p_is(key, "string"))
        continue;
      ast_expr *ks = p_string(c, key);
      if (ks->kind != AST_EXPR_STRING)
        continue;
      kw[nk].name = ks->string;
      kw[nk].value = p_expr(c, val);
      kw[nk].loc = ks->loc;
      nk++;
    }
    e->keywords = kw;
    e->nkeywords = nk;
  }
  return e;
}

/* The base of `class NAME(BASE): ...` when BASE, its one base, is a call
 * (`class vec6f(wp.types.vector(length=6, dtype=wp.float32)): pass`), else
 * a null node.  Warp treats such a subclass of a vector or matrix type as
 * the type itself (same C type, same operators), so the class is bound as
 * the alias `NAME = BASE`; whether BASE is a type is judged where a kernel
 * uses the name. */
static TSNode type_subclass_base(pctx *c, TSNode def) {
  TSNode none = {0};
  if (!p_is(def, "class_definition"))
    return none;
  TSNode sup = p_field(def, "superclasses");
  if (ts_node_is_null(sup))
    return none;
  TSNode *k;
  int nk = p_kids(c, sup, true, &k);
  return nk == 1 && p_is(k[0], "call") ? k[0] : none;
}

/* The @wp.func and @wp.struct definitions and the classes (enums) in the
 * body of a module-level class that is none itself (`class Mode(IntEnum):
 * ... @staticmethod @wp.func def from_int(...)`, `class Gaussian:
 * @wp.struct class Data`, `class Interface: class Kind(IntEnum)`), at any
 * depth, as warp-lang takes them: named OUTER.NAME, reached as
 * Mode.from_int; also its plain @staticmethod and @property defs (host
 * code: Mode.make(...), member.num_dofs). */
/* Is the decorated definition n decorated `@name`? */
static bool decorated_with(pctx *c, TSNode n, const char *name) {
  for (uint32_t j = 0; j < ts_node_named_child_count(n); j++) {
    TSNode dec = ts_node_named_child(n, j);
    if (p_is(dec, "decorator") && ts_node_named_child_count(dec) == 1 &&
        !strcmp(p_text(c, ts_node_named_child(dec, 0)), name))
      return true;
  }
  return false;
}

static void class_members(pctx *c, TSNode n, const char *prefix, modvecs *mv,
                          int depth) {
  if (!p_is(n, "class_definition") || depth > 8)
    return; /* a decorated class is a @wp.struct or host code */
  TSNode name = p_field(n, "name"), body = p_field(n, "body");
  if (ts_node_is_null(name) || ts_node_is_null(body))
    return;
  const char *cls =
      prefix ? wp_arena_printf(c->arena, "%s.%s", prefix, p_text(c, name))
             : p_text(c, name);
  TSNode *k;
  int nk = p_kids(c, body, true, &k);
  for (int i = 0; i < nk; i++) {
    bool nested = p_is(k[i], "class_definition");
    if (!nested && !p_is(k[i], "decorated_definition"))
      continue;
    /* a @staticmethod keeps its body, as a module-level def: a factory or
       helper called as Class.make(...) */
    bool is_static = !nested && (decorated_with(c, k[i], "staticmethod") ||
                                 decorated_with(c, k[i], "property"));
    c->top_level = is_static;
    ast_def *d = p_def(c, k[i]);
    c->top_level = false;
    if (nested ? d->kind != AST_DEF_PLAIN
               : d->kind != AST_DEF_FUNC && d->kind != AST_DEF_STRUCT &&
                     !(is_static && d->kind == AST_DEF_PLAIN))
      continue;
    d->name = wp_arena_printf(c->arena, "%s.%s", cls, d->name);
    wp_ptrvec_push(c->arena, &mv->defs, d);
    if (nested)
      class_members(c, k[i], cls, mv, depth + 1);
  }
}

/* A module-level if, loop, try, with or match statement: warpc does not run
 * it, so each name it binds becomes a global whose value is not known at
 * compile time (an error where a kernel uses it), never the value an
 * earlier assignment gave.  Its imports are resolved as the file's own
 * (collect_nested_imports) and bind as usual, being later. */
static void unknown_globals(pctx *c, TSNode n, modvecs *mv) {
  wp_ptrvec names = {0};
  p_bound_names(c, n, &names, 0);
  for (int i = 0; i < names.count; i++) {
    const ast_expr *e = names.items[i];
    if (e->kind != AST_EXPR_NAME)
      continue;
    ast_global *g = WP_NEW(c->arena, ast_global);
    g->name = e->name;
    g->loc = p_loc(c, n);
    g->loc.end = g->loc.start + 2; /* the keyword */
    ast_expr *v = WP_NEW(c->arena, ast_expr);
    *v = (ast_expr){.kind = AST_EXPR_UNSUPPORTED,
                    .loc = g->loc,
                    .name = AST_MODULE_RUNTIME_VALUE};
    g->value = v;
    wp_ptrvec_push(c->arena, &mv->globals, g);
  }
}

static void collect_module(pctx *c, TSNode root, modvecs *mv) {
  TSNode *k;
  int nk = p_kids(c, root, true, &k);
  c->globals = &mv->globals;
  for (int i = 0; i < nk; i++) {
    TSNode base = type_subclass_base(c, k[i]);
    if (!ts_node_is_null(base)) {
      TSNode none = {0};
      add_global(c, mv, p_field(k[i], "name"), base, none);
      class_members(c, k[i], NULL, mv, 0);
    } else if (is_def(k[i])) {
      c->top_level = true;
      wp_ptrvec_push(c->arena, &mv->defs, p_def(c, k[i]));
      c->top_level = false;
      class_members(c, k[i], NULL, mv, 0);
    } else if ((p_is(k[i], "if_statement") && !is_main_guard(c, k[i])) ||
               p_is(k[i], "for_statement") || p_is(k[i], "while_statement") ||
               p_is(k[i], "try_statement") || p_is(k[i], "with_statement") ||
               p_is(k[i], "match_statement")) {
      unknown_globals(c, k[i], mv);
    } else if (p_is(k[i], "expression_statement") &&
               ts_node_named_child_count(k[i]) == 1) {
      TSNode e = ts_node_named_child(k[i], 0);
      if (p_is(e, "assignment"))
        module_assignment(c, e, mv);
      else if (p_is(e, "call"))
        wp_ptrvec_push(c->arena, &mv->calls, module_call(c, e));
    }
    /* everything else at module level (launches, prints, main guard) is
       host code with no bearing on the kernels */
  }
  c->globals = NULL; /* mv is the caller's */
}

/* Copies the pointers of a vector of structs into a contiguous array. */
#define FLATTEN(A, VEC, T, OUT, N)                                             \
  do {                                                                         \
    (OUT) = WP_NEW_ARRAY(A, T, (VEC).count ? (VEC).count : 1);                 \
    for (int i_ = 0; i_ < (VEC).count; i_++)                                   \
      (OUT)[i_] = *(T *)(VEC).items[i_];                                       \
    (N) = (VEC).count;                                                         \
  } while (0)

static ast_module *build_module(pctx *c, TSNode root) {
  ast_module *m = WP_NEW(c->arena, ast_module);
  m->src = c->src;
  wp_ptrvec imports = {0};
  modvecs mv = {0};
  collect_imports(c, root, &imports, 0);
  FLATTEN(c->arena, imports, ast_import, m->imports, m->nimports);
  c->imports = m->imports;
  c->nimports = m->nimports;
  p_prescan_kernel_calls(c, root);
  collect_module(c, root, &mv);
  m->calls = (ast_expr **)mv.calls.items;
  m->ncalls = mv.calls.count;
  FLATTEN(c->arena, mv.globals, ast_global, m->globals, m->nglobals);
  m->defs =
      WP_NEW_ARRAY(c->arena, ast_def *, mv.defs.count ? mv.defs.count : 1);
  for (int i = 0; i < mv.defs.count; i++)
    m->defs[i] = mv.defs.items[i];
  m->ndefs = mv.defs.count;
  if (!c->syntax_errors)
    p_collect_sites(c, root, m, &mv.sites);
  for (int i = 1; i < mv.sites.count; i++) /* file order (few) */
    for (int j = i; j > 0; j--) {
      ast_kernel_site *a = mv.sites.items[j - 1], *b = mv.sites.items[j];
      if (a->loc.start <= b->loc.start)
        break;
      mv.sites.items[j - 1] = b;
      mv.sites.items[j] = a;
    }
  FLATTEN(c->arena, mv.sites, ast_kernel_site, m->sites, m->nsites);
  return m;
}

ast_module *wp_parse(const wp_source *src, wp_arena *arena, wp_diag *diag) {
  wp_loc none = {0};
  TSParser *parser = ts_parser_new();
  if (!ts_parser_set_language(parser, tree_sitter_python())) {
    wp_error(diag, none, "tree-sitter rejected the Python grammar (ABI)");
    ts_parser_delete(parser);
    return NULL;
  }
  TSTree *tree = ts_parser_parse_string(parser, NULL, src->text, src->len);
  if (!tree) {
    wp_error(diag, none, "tree-sitter failed to parse '%s'", src->path);
    ts_parser_delete(parser);
    return NULL;
  }
  pctx c = {.src = src, .arena = arena, .diag = diag};
  TSNode root = ts_tree_root_node(tree);
  int errors = diag->errors;
  p_report_syntax_errors(&c, root);
  c.syntax_errors = diag->errors > errors;
  ast_module *m = build_module(&c, root);
  ts_tree_delete(tree);
  ts_parser_delete(parser);
  return m;
}
