/* parse_def.c - definitions: decorators, warp kinds, params, struct fields. */
#include <string.h>

#include "parse_internal.h"

/* Decorators that a `from warp import *` brings in; any other bare name is
 * assumed not to come from warp. */
static bool star_decorator(const char *name) {
  static const char *const known[] = {
      "kernel",      "func",        "struct",   "func_grad",
      "func_native", "func_replay", "overload",
  };
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (strcmp(known[i], name) == 0)
      return true;
  return false;
}

/* `wp.X` (warp imported as wp), or a bare `X` imported from warp (possibly
 * renamed).  Calls like `wp.kernel(...)` are looked through. */
static const char *warp_name_at(const pctx *c, const ast_expr *e, int depth);

/* A decorator that is a module-level name bound above to a warp decorator
 * (`_func = wp.func`), or to a conditional expression whose two values are
 * the same warp decorator (`wp.func(inline=False) if new else wp.func`, as
 * newton's support_function.py picks one by warp's version): that
 * decorator's warp name. */
static const char *global_decorator(const pctx *c, const char *name,
                                    int depth) {
  if (!c->globals || depth > 8)
    return NULL;
  for (int i = c->globals->count - 1; i >= 0; i--) {
    const ast_global *g = c->globals->items[i];
    if (strcmp(g->name, name))
      continue;
    const ast_expr *v = g->value;
    if (v->kind != AST_EXPR_IFEXP)
      return warp_name_at(c, v, depth + 1);
    const char *a = warp_name_at(c, v->items[1], depth + 1),
               *b = warp_name_at(c, v->items[2], depth + 1);
    return a && b && !strcmp(a, b) ? a : NULL;
  }
  return NULL;
}

const char *p_warp_name(const pctx *c, const ast_expr *e) {
  return warp_name_at(c, e, 0);
}

/* The path below warp of the attribute chain `e` rooted at a warp import
 * (`fem.cache.dynamic_func` with `import warp.fem as fem`:
 * "fem.cache.dynamic_func"), or NULL. */
static const char *warp_path(const pctx *c, const ast_expr *e, int depth) {
  if (depth > 16)
    return NULL;
  if (e->kind == AST_EXPR_ATTRIBUTE) {
    const char *base = warp_path(c, e->value, depth + 1);
    if (!base)
      return NULL;
    return *base ? wp_arena_printf(c->arena, "%s.%s", base, e->name) : e->name;
  }
  for (int i = 0; e->kind == AST_EXPR_NAME && i < c->nimports; i++)
    if (c->imports[i].is_warp && !strcmp(c->imports[i].local, e->name))
      return c->imports[i].target;
  return NULL;
}

static const char *warp_name_at(const pctx *c, const ast_expr *e, int depth) {
  if (e && e->kind == AST_EXPR_CALL)
    e = e->value;
  if (!e)
    return NULL;
  /* warp.fem's @fem.cache.dynamic_func(suffix=...) makes a @wp.func and
     dynamic_kernel a @wp.kernel (their keys made unique by the suffix) */
  const char *path = warp_path(c, e, 0);
  if (path && !strcmp(path, "fem.cache.dynamic_func"))
    return "func";
  if (path && !strcmp(path, "fem.cache.dynamic_kernel"))
    return "kernel";
  bool imported = false;
  if (e->kind == AST_EXPR_NAME)
    for (int i = 0; i < c->nimports && !imported; i++)
      imported = !strcmp(c->imports[i].local, e->name);
  if (e->kind == AST_EXPR_NAME && !imported) {
    const char *g = global_decorator(c, e->name, depth);
    if (g)
      return g;
  }
  for (int i = 0; i < c->nimports; i++) {
    const ast_import *im = &c->imports[i];
    if (!im->is_warp)
      continue;
    if (e->kind == AST_EXPR_ATTRIBUTE && e->value->kind == AST_EXPR_NAME &&
        !im->target[0] && strcmp(im->local, e->value->name) == 0)
      return e->name;
    if (e->kind != AST_EXPR_NAME)
      continue;
    if (strcmp(im->local, e->name) == 0 && !strchr(im->target, '.'))
      return im->target[0] ? im->target : NULL;
    if (strcmp(im->local, "*") == 0 && strcmp(im->target, "*") == 0 &&
        star_decorator(e->name))
      return e->name;
  }
  return NULL;
}

static bool primary_decorator(const char *w) {
  return strcmp(w, "kernel") == 0 || strcmp(w, "func") == 0 ||
         strcmp(w, "struct") == 0;
}

/* The warp decorator decides the kind.  With several, kernel/func/struct win
 * over the others (an auxiliary one like `overload` stacked on them does not
 * change what the definition is); otherwise the outermost warp one. */
static void classify(pctx *c, ast_def *d, bool is_class) {
  int pick = -1;
  for (int i = 0; i < d->ndecorators; i++) {
    const char *w = p_warp_name(c, d->decorators[i]);
    if (!w)
      continue;
    if (pick < 0 || primary_decorator(w)) {
      pick = i;
      d->decorator_name = w;
    }
    if (primary_decorator(w))
      break;
  }
  if (pick < 0)
    return;
  d->decorator = d->decorators[pick];
  const char *w = d->decorator_name;
  if (!is_class && strcmp(w, "kernel") == 0)
    d->kind = AST_DEF_KERNEL;
  else if (!is_class && strcmp(w, "func") == 0)
    d->kind = AST_DEF_FUNC;
  else if (is_class && strcmp(w, "struct") == 0)
    d->kind = AST_DEF_STRUCT;
  else
    d->kind = AST_DEF_OTHER_WARP;
}

static void decorators(pctx *c, TSNode n, ast_def *d) {
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  d->decorators = WP_NEW_ARRAY(c->arena, ast_expr *, nk ? nk : 1);
  for (int i = 0; i < nk; i++) {
    if (!p_is(k[i], "decorator"))
      continue;
    TSNode *e;
    int ne = p_kids(c, k[i], true, &e);
    d->decorators[d->ndecorators++] =
        ne ? p_expr(c, e[0]) : p_unsupported(c, k[i], "syntax error");
  }
}

/* The identifier naming a parameter, looking through `*args` / `**kw`
 * (a loop: patterns in a bad file may nest deeply). */
static TSNode param_name(const pctx *c, TSNode n, bool *star) {
  while (!p_is(n, "identifier")) {
    if (p_is(n, "list_splat_pattern") || p_is(n, "dictionary_splat_pattern"))
      *star = true;
    TSNode f = p_field(n, "name");
    if (!ts_node_is_null(f))
      return f;
    TSNode *k;
    int nk = p_kids(c, n, true, &k), i = 0;
    while (i < nk && p_is(k[i], "type"))
      i++;
    if (i == nk)
      return (TSNode){0};
    n = k[i];
  }
  return n;
}

static void params(pctx *c, TSNode n, ast_def *d) {
  TSNode *k;
  int nk = p_kids(c, n, true, &k);
  d->params = WP_NEW_ARRAY(c->arena, ast_param, nk ? nk : 1);
  for (int i = 0; i < nk; i++) {
    if (p_is(k[i], "keyword_separator") || p_is(k[i], "positional_separator"))
      continue; /* bare `*` and `/` name no parameter */
    bool star = false;
    TSNode name = param_name(c, k[i], &star);
    if (ts_node_is_null(name) || !p_is(name, "identifier"))
      continue; /* Python 2 tuple parameters, syntax errors */
    ast_param *p = &d->params[d->nparams++];
    p->name = p_text(c, name);
    p->star = star;
    p->loc = p_loc(c, k[i]);
    TSNode type = p_field(k[i], "type"), value = p_field(k[i], "value");
    p->annotation = ts_node_is_null(type) ? NULL : p_expr(c, type);
    p->default_value = ts_node_is_null(value) ? NULL : p_expr(c, value);
  }
}

/* A struct field is `name: T [= default]` in the class body; docstrings,
 * methods and anything else in the body are ignored. */
static void fields(pctx *c, TSNode body, ast_def *d) {
  TSNode *k;
  int nk = p_kids(c, body, true, &k);
  d->fields = WP_NEW_ARRAY(c->arena, ast_field, nk ? nk : 1);
  for (int i = 0; i < nk; i++) {
    if (!p_is(k[i], "expression_statement") ||
        ts_node_named_child_count(k[i]) != 1)
      continue;
    TSNode a = ts_node_named_child(k[i], 0);
    if (!p_is(a, "assignment"))
      continue;
    TSNode left = p_field(a, "left"), type = p_field(a, "type");
    if (ts_node_is_null(type) || ts_node_is_null(left) ||
        !p_is(left, "identifier"))
      continue;
    TSNode value = p_field(a, "right");
    ast_field *f = &d->fields[d->nfields++];
    f->name = p_text(c, left);
    f->annotation = p_expr(c, type);
    f->default_value = ts_node_is_null(value) ? NULL : p_expr(c, value);
    f->loc = p_loc(c, a);
  }
}

/* Host definitions keep their signature; their body only where warpc may
 * run it at compile time: a module-level def (a helper a constant or a
 * factory calls, `make_bitmask(31)`) or a factory (a def defining warp
 * code).  Inside warp code (a def nested in a kernel) bodies are kept for
 * the IR stage to judge. */
/* Does a host def's body define a warp kernel, func or struct (a factory:
 * `def make(s): @wp.kernel def k(...): ...; return k`)? */
static bool defines_warp(pctx *c, TSNode body) {
  if (ts_node_is_null(body))
    return false;
  for (uint32_t i = 0; i < ts_node_named_child_count(body); i++) {
    TSNode k = ts_node_named_child(body, i);
    /* also under an `if` (a conditional factory) */
    if ((p_is(k, "if_statement") || p_is(k, "elif_clause") ||
         p_is(k, "else_clause") || p_is(k, "block")) &&
        defines_warp(c, k))
      return true;
    if (!p_is(k, "decorated_definition"))
      continue;
    for (uint32_t j = 0; j < ts_node_named_child_count(k); j++) {
      TSNode dec = ts_node_named_child(k, j);
      if (!p_is(dec, "decorator"))
        continue;
      const char *t = p_text(c, dec);
      if (strstr(t, "kernel") || strstr(t, "func") || strstr(t, "struct"))
        return true;
    }
  }
  return false;
}

/* The last identifier of a base class expression (`enum.IntFlag` ->
 * "IntFlag"). */
static const char *base_name(const ast_expr *e) {
  if (e->kind == AST_EXPR_NAME || e->kind == AST_EXPR_ATTRIBUTE)
    return e->name;
  return "";
}

/* A host class deriving from something named like an enum class keeps its
 * bases and its `NAME = value` members (kernels may read IntEnum and
 * IntFlag members as integer constants). */
static void enum_class(pctx *c, TSNode def, ast_def *d) {
  TSNode sup = p_field(def, "superclasses");
  if (ts_node_is_null(sup))
    return;
  TSNode *k;
  int nk = p_kids(c, sup, true, &k);
  d->bases = WP_NEW_ARRAY(c->arena, ast_expr *, nk ? nk : 1);
  bool is_enum = false;
  for (int i = 0; i < nk; i++) {
    if (p_is(k[i], "keyword_argument"))
      continue;
    ast_expr *b = p_expr(c, k[i]);
    d->bases[d->nbases++] = b;
    const char *n = base_name(b);
    is_enum |= !strcmp(n, "IntEnum") || !strcmp(n, "IntFlag") ||
               !strcmp(n, "Enum") || !strcmp(n, "Flag") ||
               !strcmp(n, "StrEnum");
  }
  TSNode body = p_field(def, "body");
  if (!is_enum || ts_node_is_null(body))
    return;
  nk = p_kids(c, body, true, &k);
  d->fields = WP_NEW_ARRAY(c->arena, ast_field, nk ? nk : 1);
  for (int i = 0; i < nk; i++) {
    if (!p_is(k[i], "expression_statement") ||
        ts_node_named_child_count(k[i]) != 1)
      continue;
    TSNode a = ts_node_named_child(k[i], 0);
    TSNode left = p_field(a, "left"), value = p_field(a, "right");
    if (!p_is(a, "assignment") || ts_node_is_null(left) ||
        ts_node_is_null(value) || !p_is(left, "identifier") ||
        !ts_node_is_null(p_field(a, "type")))
      continue;
    ast_field *f = &d->fields[d->nfields++];
    f->name = p_text(c, left);
    f->default_value = p_expr(c, value);
    f->loc = p_loc(c, a);
  }
}

static void def_body(pctx *c, TSNode n, ast_def *d, bool is_class, bool top) {
  /* f of a module-level `NAME = wp.kernel(f)`: its body is kernel code */
  bool warp = d->kind != AST_DEF_PLAIN ||
              (top && !is_class && p_is_wrapped(c, d->name));
  if (!warp && !c->warp_code && is_class)
    enum_class(c, n, d);
  if (!warp && !c->warp_code) {
    /* a factory's body is kept as host code (its nested warp defs are
       parsed as warp code) */
    TSNode body = p_field(n, "body");
    if (!is_class && (top || defines_warp(c, body)))
      d->body = p_block(c, body);
    return;
  }
  bool saved = c->warp_code;
  c->warp_code = true;
  TSNode body = p_field(n, "body");
  if (is_class && d->kind == AST_DEF_STRUCT && !ts_node_is_null(body))
    fields(c, body, d);
  else if (!is_class)
    d->body = p_block(c, body);
  c->warp_code = saved;
}

ast_def *p_def(pctx *c, TSNode n) {
  ast_def *d = WP_NEW(c->arena, ast_def);
  d->def_loc = p_loc(c, n);
  TSNode def = n;
  if (p_is(n, "decorated_definition")) {
    decorators(c, n, d);
    def = p_field(n, "definition");
    if (ts_node_is_null(def)) {
      d->name = "";
      d->loc = d->def_loc;
      return d;
    }
  }
  bool is_class = p_is(def, "class_definition");
  TSNode name = p_field(def, "name");
  d->name = ts_node_is_null(name) ? "" : p_text(c, name);
  d->loc = p_loc(c, ts_node_is_null(name) ? def : name);
  classify(c, d, is_class);
  bool top = c->top_level, saved = c->warp_code;
  c->top_level = false;
  c->warp_code = saved || d->kind != AST_DEF_PLAIN ||
                 (top && !is_class && p_is_wrapped(c, d->name));
  if (!is_class) {
    TSNode ps = p_field(def, "parameters"), ret = p_field(def, "return_type");
    if (!ts_node_is_null(ps))
      params(c, ps, d);
    d->returns = ts_node_is_null(ret) ? NULL : p_expr(c, ret);
  }
  c->warp_code = saved;
  def_body(c, def, d, is_class, top);
  return d;
}
