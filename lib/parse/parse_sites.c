/* parse_sites.c - kernels outside module level, and module-level
 * `NAME = wp.kernel(f)`.
 *
 * The module-level walk of parse.c sees only the file's top-level
 * definitions.  This walk looks at the whole tree for every other kernel:
 * @wp.kernel defs nested in functions, class bodies, loops and blocks,
 * wp.kernel(...) / wp.Kernel(...) calls anywhere, and `@X.kernel` defs whose
 * X is no import of warp, and records each as an ast_kernel_site, so that
 * lowering compiles it or says why not.  The walk is iterative (a tree
 * cursor): host expressions may nest deeply. */
#include <string.h>

#include "parse_internal.h"

/* --- kernel calls ---------------------------------------------------------
 */

/* The first positional argument of an argument_list, and the value of its
 * keyword `kw` (null nodes when absent). */
static void call_args(pctx *c, TSNode args, const char *kw, TSNode *pos,
                      TSNode *kwv) {
  *pos = *kwv = (TSNode){0};
  if (ts_node_is_null(args) || !p_is(args, "argument_list"))
    return;
  TSNode *k;
  int nk = p_kids(c, args, true, &k);
  for (int i = 0; i < nk; i++) {
    if (p_is(k[i], "keyword_argument")) {
      TSNode n = p_field(k[i], "name");
      if (!ts_node_is_null(n) && !strcmp(p_text(c, n), kw))
        *kwv = p_field(k[i], "value");
    } else if (ts_node_is_null(*pos) && !p_is(k[i], "list_splat") &&
               !p_is(k[i], "dictionary_splat"))
      *pos = k[i];
  }
}

/* Where the callee `fn` points within warp ("kernel", "Kernel", ...), or
 * NULL; cheap for the many calls that cannot be one. */
static const char *callee_warp(pctx *c, TSNode fn) {
  if (!p_is(fn, "attribute") && !p_is(fn, "identifier"))
    return NULL;
  uint32_t s = ts_node_start_byte(fn), e = ts_node_end_byte(fn);
  if (e - s < 6 || (strncmp(c->src->text + e - 6, "kernel", 6) &&
                    strncmp(c->src->text + e - 6, "Kernel", 6)))
    return NULL;
  return p_warp_name(c, p_expr(c, fn));
}

bool p_kernel_call(pctx *c, TSNode call, TSNode *func, TSNode *opts) {
  if (!p_is(call, "call"))
    return false;
  TSNode fn = p_field(call, "function"), args = p_field(call, "arguments");
  TSNode pos, kwv;
  if (!ts_node_is_null(fn) && p_is(fn, "call")) { /* wp.kernel(...)(f) */
    const char *w = callee_warp(c, p_field(fn, "function"));
    call_args(c, args, "func", &pos, &kwv);
    if (!w || strcmp(w, "kernel") || ts_node_is_null(pos))
      return false;
    *func = pos;
    *opts = fn;
    return true;
  }
  const char *w = ts_node_is_null(fn) ? NULL : callee_warp(c, fn);
  if (!w || (strcmp(w, "kernel") && strcmp(w, "Kernel")))
    return false;
  call_args(c, args, "func", &pos, &kwv);
  *func = ts_node_is_null(pos) ? kwv : pos;
  *opts = call;
  return !ts_node_is_null(*func);
}

/* The keywords of the options call `opts` that are kernel options: for
 * wp.Kernel, `key` and `func` are not, and `options={...}` holds them. */
static void kernel_keywords(pctx *c, TSNode opts, ast_expr *dec) {
  TSNode args = p_field(opts, "arguments");
  TSNode *k;
  int nk = ts_node_is_null(args) ? 0 : p_kids(c, args, true, &k);
  wp_ptrvec kws = {0};
  for (int i = 0; i < nk; i++) {
    if (!p_is(k[i], "keyword_argument"))
      continue;
    TSNode n = p_field(k[i], "name"), v = p_field(k[i], "value");
    if (ts_node_is_null(n) || ts_node_is_null(v))
      continue;
    const char *name = p_text(c, n);
    if (!strcmp(name, "func") || !strcmp(name, "key"))
      continue;
    if (!strcmp(name, "options") && p_is(v, "dictionary")) {
      TSNode *pr;
      int np = p_kids(c, v, true, &pr);
      for (int j = 0; j < np; j++) {
        TSNode key = p_field(pr[j], "key"), val = p_field(pr[j], "value");
        if (!p_is(pr[j], "pair") || ts_node_is_null(key) ||
            ts_node_is_null(val) || !p_is(key, "string"))
          continue;
        ast_expr *ks = p_string(c, key);
        if (ks->kind != AST_EXPR_STRING)
          continue;
        ast_keyword *kw = WP_NEW(c->arena, ast_keyword);
        *kw = (ast_keyword){ks->string, p_expr(c, val), ks->loc};
        wp_ptrvec_push(c->arena, &kws, kw);
      }
      continue;
    }
    ast_keyword *kw = WP_NEW(c->arena, ast_keyword);
    *kw = (ast_keyword){name, p_expr(c, v), p_loc(c, k[i])};
    wp_ptrvec_push(c->arena, &kws, kw);
  }
  dec->keywords = WP_NEW_ARRAY(c->arena, ast_keyword, kws.count + 1);
  for (int i = 0; i < kws.count; i++)
    dec->keywords[i] = *(ast_keyword *)kws.items[i];
  dec->nkeywords = kws.count;
}

void p_prescan_kernel_calls(pctx *c, TSNode root) {
  TSNode *k;
  int nk = p_kids(c, root, true, &k);
  wp_ptrvec names = {0};
  for (int i = 0; i < nk; i++) {
    if (!p_is(k[i], "expression_statement") ||
        ts_node_named_child_count(k[i]) != 1)
      continue;
    TSNode a = ts_node_named_child(k[i], 0), right = p_field(a, "right");
    while (!ts_node_is_null(right) && p_is(right, "assignment"))
      right = p_field(right, "right");
    TSNode func, opts;
    if (p_is(a, "assignment") && !ts_node_is_null(right) &&
        p_kernel_call(c, right, &func, &opts) && p_is(func, "identifier"))
      wp_ptrvec_push(c->arena, &names, p_text(c, func));
  }
  c->wrapped = (const char **)names.items;
  c->nwrapped = names.count;
}

bool p_is_wrapped(const pctx *c, const char *name) {
  for (int i = 0; i < c->nwrapped; i++)
    if (!strcmp(c->wrapped[i], name))
      return true;
  return false;
}

ast_def *p_global_kernel(pctx *c, TSNode call, const wp_ptrvec *defs,
                         wp_ptrvec *sites) {
  TSNode func, opts;
  if (!p_kernel_call(c, call, &func, &opts))
    return NULL;
  const ast_def *f = NULL;
  const char *fname = p_is(func, "identifier") ? p_text(c, func) : "";
  for (int i = defs->count - 1; i >= 0 && !f && *fname; i--) {
    const ast_def *d = defs->items[i];
    if (!strcmp(d->name, fname))
      f = d;
  }
  if (!f || f->kind != AST_DEF_PLAIN || f->fields) {
    ast_kernel_site *s = WP_NEW(c->arena, ast_kernel_site);
    *s = (ast_kernel_site){
        .kind = AST_SITE_CALL,
        .name = fname,
        .loc = p_loc(c, call),
        .where = "",
        .what = !*fname ? "its function is no name of a def"
                : !f    ? "its function is not a def of this file"
                        : "its function is not a plain def of this file",
    };
    wp_ptrvec_push(c->arena, sites, s);
    return NULL;
  }
  ast_def *k = WP_NEW(c->arena, ast_def);
  *k = *f;
  k->kind = AST_DEF_KERNEL;
  k->decorator_name = "kernel";
  ast_expr *dec = p_new_expr(c, AST_EXPR_CALL, opts);
  dec->value = p_expr(c, p_field(opts, "function"));
  kernel_keywords(c, opts, dec);
  k->decorator = dec;
  return k;
}

/* --- names bound by a def -------------------------------------------------
 */

/* The names expression n reads (not attribute names, not inside nested
 * scopes), as a NULL-terminated array. */
static const char **reads_of(pctx *c, TSNode n) {
  wp_ptrvec names = {0}, stack = {0};
  if (!ts_node_is_null(n)) {
    TSNode *top = WP_NEW(c->arena, TSNode);
    *top = n;
    wp_ptrvec_push(c->arena, &stack, top);
  }
  while (stack.count) {
    TSNode t = *(TSNode *)stack.items[--stack.count];
    if (p_is(t, "identifier")) {
      wp_ptrvec_push(c->arena, &names, (void *)p_text(c, t));
      continue;
    }
    if (p_is(t, "lambda") || p_is(t, "list_comprehension") ||
        p_is(t, "generator_expression"))
      continue;
    if (p_is(t, "attribute")) { /* a.b reads a, not b */
      TSNode *obj = WP_NEW(c->arena, TSNode);
      *obj = p_field(t, "object");
      if (!ts_node_is_null(*obj))
        wp_ptrvec_push(c->arena, &stack, obj);
      continue;
    }
    TSNode *k;
    int nk = p_kids(c, t, true, &k);
    for (int i = 0; i < nk; i++)
      wp_ptrvec_push(c->arena, &stack, &k[i]);
  }
  wp_ptrvec_push(c->arena, &names, NULL);
  return (const char **)names.items;
}

/* Every identifier a target binds (`a, (b, *c) = ...`), not looking into
 * attributes and subscripts (`a.x = 1` binds nothing); `reads` what its
 * value reads. */
static void targets(pctx *c, TSNode n, const char *owner, wp_ptrvec *out,
                    const char **reads) {
  wp_ptrvec stack = {0};
  TSNode *top = WP_NEW(c->arena, TSNode);
  *top = n;
  wp_ptrvec_push(c->arena, &stack, top);
  while (stack.count) {
    TSNode t = *(TSNode *)stack.items[--stack.count];
    if (p_is(t, "identifier")) {
      ast_bound *b = WP_NEW(c->arena, ast_bound);
      *b = (ast_bound){p_text(c, t), owner, false, reads};
      wp_ptrvec_push(c->arena, out, b);
      continue;
    }
    if (p_is(t, "attribute") || p_is(t, "subscript"))
      continue;
    TSNode *k;
    int nk = p_kids(c, t, true, &k);
    for (int i = 0; i < nk; i++)
      wp_ptrvec_push(c->arena, &stack, &k[i]);
  }
}

static void bind(pctx *c, TSNode name, const char *owner, bool param,
                 wp_ptrvec *out) {
  if (ts_node_is_null(name))
    return;
  ast_bound *b = WP_NEW(c->arena, ast_bound);
  *b = (ast_bound){p_text(c, name), owner, param, NULL};
  wp_ptrvec_push(c->arena, out, b);
}

/* The parameters of the function_definition `fn`. */
static void param_names(pctx *c, TSNode fn, const char *owner, wp_ptrvec *out) {
  TSNode ps = p_field(fn, "parameters");
  TSNode *k;
  int nk = ts_node_is_null(ps) ? 0 : p_kids(c, ps, true, &k);
  for (int i = 0; i < nk; i++) {
    TSNode n = k[i];
    for (int guard = 0; guard < 4 && !p_is(n, "identifier"); guard++) {
      TSNode f = p_field(n, "name");
      if (ts_node_is_null(f) && ts_node_named_child_count(n))
        f = ts_node_named_child(n, 0);
      if (ts_node_is_null(f))
        break;
      n = f;
    }
    if (p_is(n, "identifier"))
      bind(c, n, owner, true, out);
  }
}

static bool new_scope(TSNode n) {
  return p_is(n, "function_definition") || p_is(n, "class_definition") ||
         p_is(n, "lambda") || p_is(n, "list_comprehension") ||
         p_is(n, "dictionary_comprehension") || p_is(n, "set_comprehension") ||
         p_is(n, "generator_expression");
}

/* The names the body of function_definition `fn` binds (assignments, loop
 * and with targets, imports, nested defs and classes), not looking into
 * nested scopes. */
static void local_names(pctx *c, TSNode fn, const char *owner, wp_ptrvec *out) {
  TSNode body = p_field(fn, "body");
  if (ts_node_is_null(body))
    return;
  TSTreeCursor cur = ts_tree_cursor_new(body);
  bool down = true;
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&cur);
    bool scope = new_scope(n) && !ts_node_eq(n, body);
    if (down) {
      if (p_is(n, "assignment") || p_is(n, "augmented_assignment") ||
          p_is(n, "for_statement"))
        targets(c, p_field(n, "left"), owner, out,
                reads_of(c, p_field(n, "right")));
      else if (p_is(n, "as_pattern"))
        targets(c, p_field(n, "alias"), owner, out, NULL);
      else if (p_is(n, "named_expression"))
        bind(c, p_field(n, "name"), owner, false, out);
      else if (p_is(n, "function_definition") || p_is(n, "class_definition"))
        bind(c, p_field(n, "name"), owner, false, out);
      else if (p_is(n, "aliased_import"))
        bind(c, p_field(n, "alias"), owner, false, out);
      else if (p_is(n, "import_statement") ||
               p_is(n, "import_from_statement")) {
        TSNode *k;
        int nk = p_kids(c, n, true, &k);
        for (int i = p_is(n, "import_from_statement") ? 1 : 0; i < nk; i++)
          if (p_is(k[i], "dotted_name") && ts_node_named_child_count(k[i]))
            bind(c, ts_node_named_child(k[i], 0), owner, false, out);
      } else if (p_is(n, "except_clause")) {
        TSNode *k;
        int nk = p_kids(c, n, false, &k);
        for (int i = 0; i + 1 < nk; i++)
          if (p_is(k[i], "as") && p_is(k[i + 1], "identifier"))
            bind(c, k[i + 1], owner, false, out);
      }
    }
    if (down && !scope && ts_tree_cursor_goto_first_child(&cur))
      continue;
    if (ts_node_eq(n, body))
      break;
    if (ts_tree_cursor_goto_next_sibling(&cur)) {
      down = true;
      continue;
    }
    ts_tree_cursor_goto_parent(&cur);
    down = false;
  }
  ts_tree_cursor_delete(&cur);
}

/* --- the walk ---------------------------------------------------------------
 */

static const char *def_name(pctx *c, TSNode n) {
  TSNode name = p_field(n, "name");
  return ts_node_is_null(name) ? "" : p_text(c, name);
}

static bool is_import_local(const pctx *c, const char *name) {
  for (int i = 0; i < c->nimports; i++)
    if (!strcmp(c->imports[i].local, name))
      return true;
  return false;
}

/* What the decorators of decorated_definition `n` make it: 1 a warp
 * kernel, 2 `@X.kernel` with X no import at all, 0 anything else. */
static int kernel_decorated(pctx *c, TSNode n, const char **x) {
  TSNode *k;
  int nk = p_kids(c, n, true, &k), res = 0;
  for (int i = 0; i < nk && res != 1; i++) {
    if (!p_is(k[i], "decorator") || !ts_node_named_child_count(k[i]))
      continue;
    TSNode e = ts_node_named_child(k[i], 0);
    if (p_is(e, "call"))
      e = p_field(e, "function");
    if (ts_node_is_null(e) || !callee_warp(c, e)) {
      if (!ts_node_is_null(e) && p_is(e, "attribute")) {
        TSNode obj = p_field(e, "object"), attr = p_field(e, "attribute");
        if (!ts_node_is_null(obj) && !ts_node_is_null(attr) &&
            p_is(obj, "identifier") && !strcmp(p_text(c, attr), "kernel") &&
            !is_import_local(c, p_text(c, obj)))
          res = 2, *x = p_text(c, obj);
      }
      continue;
    }
    if (!strcmp(p_warp_name(c, p_expr(c, e)), "kernel"))
      res = 1;
  }
  return res;
}

/* The blocks a kernel def may sit in, as the warnings name them. */
static const struct {
  const char *node, *what;
} BLOCKS[] = {
    {"for_statement", "a for loop"},  {"while_statement", "a while loop"},
    {"if_statement", "an if block"},  {"with_statement", "a with block"},
    {"try_statement", "a try block"}, {"match_statement", "a match block"},
};

static const char *block_what(TSNode n) {
  for (size_t i = 0; i < sizeof BLOCKS / sizeof BLOCKS[0]; i++)
    if (p_is(n, BLOCKS[i].node))
      return BLOCKS[i].what;
  return NULL;
}

/* An @wp.kernel def `n` that is not a direct child of the module. */
static void def_site(pctx *c, TSNode n, const ast_module *m, wp_ptrvec *out) {
  TSNode def = p_field(n, "definition");
  if (ts_node_is_null(def) || !p_is(def, "function_definition"))
    return;
  ast_kernel_site *s = WP_NEW(c->arena, ast_kernel_site);
  TSNode name = p_field(def, "name");
  s->name = def_name(c, def);
  s->loc = p_loc(c, ts_node_is_null(name) ? def : name);
  s->where = "";
  s->kind = AST_SITE_FUNCTION;
  const char *chain[64];
  int nchain = 0;
  wp_ptrvec bound = {0};
  TSNode outer = {0}, inner = {0}; /* the outermost and innermost defs */
  bool scoped = false;
  const char *loop = NULL; /* the loop around it in its def */
  TSNode from = n;
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p) && !p_is(p, "module");
       from = p, p = ts_node_parent(p)) {
    const char *what = block_what(p);
    /* the body of a with or try statement runs whenever the code around
       it does: a def there is as if it were outside */
    if ((p_is(p, "with_statement") || p_is(p, "try_statement")) &&
        ts_node_eq(from, p_field(p, "body")))
      what = NULL;
    /* a loop makes the same kernel each time round, unless the kernel
       reads what the loop changes (checked with the def's locals): in a
       def, as if it were outside */
    if (what && !scoped && s->kind == AST_SITE_FUNCTION && !loop &&
        (p_is(p, "for_statement") || p_is(p, "while_statement"))) {
      loop = what;
      what = NULL;
      if (p_is(p, "for_statement")) /* its variables: the kernel's own */
        s->loop_vars = reads_of(c, p_field(p, "left")); /* reads are names */
    }
    if (what && !scoped && s->kind == AST_SITE_FUNCTION) {
      s->kind = AST_SITE_BLOCK;
      s->what = what;
    }
    bool fn = p_is(p, "function_definition"), cl = p_is(p, "class_definition");
    if (!fn && !cl)
      continue;
    const char *pn = def_name(c, p);
    if (!*s->where)
      s->where = pn;
    scoped = true; /* a class body's kernel is compiled as a function's */
    if (nchain < 64)
      chain[nchain++] = pn;
    if (fn) {
      param_names(c, p, pn, &bound);
      local_names(c, p, pn, &bound);
      if (ts_node_is_null(inner) && nchain == 1)
        inner = p;
      outer = p;
    } else
      outer = (TSNode){0};
  }
  if (loop && s->kind == AST_SITE_FUNCTION && ts_node_is_null(inner)) {
    s->kind = AST_SITE_LOOP; /* in a module-level loop or a class body's */
    s->what = loop;
  }
  if (s->kind == AST_SITE_FUNCTION) {
    size_t len = strlen(s->name) + 1;
    for (int i = 0; i < nchain; i++)
      len += strlen(chain[i]) + 2;
    char *q = wp_arena_alloc(c->arena, len), *w = q;
    for (int i = nchain - 1; i >= 0; i--)
      w += sprintf(w, "%s__", chain[i]);
    strcpy(w, s->name);
    s->qualname = q;
    s->bound = WP_NEW_ARRAY(c->arena, ast_bound, bound.count + 1);
    for (int i = 0; i < bound.count; i++)
      s->bound[i] = *(ast_bound *)bound.items[i];
    s->nbound = bound.count;
    /* the outermost def at module level: a factory's kernel was parsed
       with the factory's body */
    TSNode op = ts_node_is_null(outer) ? outer : ts_node_parent(outer);
    if (!ts_node_is_null(op) && p_is(op, "decorated_definition"))
      op = ts_node_parent(op);
    if (!ts_node_is_null(op) && p_is(op, "module")) {
      s->outer = def_name(c, outer);
      for (int i = 0; i < m->ndefs && !s->def; i++)
        for (int j = 0; j < m->defs[i]->body.count; j++) {
          const ast_stmt *st = m->defs[i]->body.stmts[j];
          if (st->kind == AST_STMT_DEF && st->def->loc.start == s->loc.start)
            s->def = st->def;
        }
    }
    if (!s->def && !ts_node_is_null(inner)) {
      /* a kernel in a method, a nested def or a with block: its enclosing
         def parsed as host code, for the constants and funcs it may use */
      c->top_level = true;
      s->host = p_def(c, inner);
      c->top_level = false;
      for (int j = 0; j < s->host->body.count && !s->def; j++) {
        const ast_stmt *st = s->host->body.stmts[j];
        if (st->kind == AST_STMT_DEF && st->def->loc.start == s->loc.start)
          s->def = st->def;
      }
    }
    if (!s->def)
      s->def = p_def(c, n);
  }
  wp_ptrvec_push(c->arena, out, s);
}

/* Describes where call `n` is: the innermost container or block between
 * it and its statement, and the enclosing def or class. */
static void call_site(pctx *c, TSNode n, wp_ptrvec *out) {
  ast_kernel_site *s = WP_NEW(c->arena, ast_kernel_site);
  s->kind = AST_SITE_CALL;
  s->loc = p_loc(c, n);
  s->where = "";
  TSNode func, opts;
  p_kernel_call(c, n, &func, &opts);
  s->name = p_is(func, "identifier") ? p_text(c, func) : "";
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p) && !p_is(p, "module");
       p = ts_node_parent(p)) {
    const char *what = NULL;
    if (p_is(p, "list") || p_is(p, "list_comprehension"))
      what = "a list";
    else if (p_is(p, "dictionary") || p_is(p, "dictionary_comprehension") ||
             p_is(p, "pair"))
      what = "a dict";
    else if (p_is(p, "tuple") || p_is(p, "set") || p_is(p, "set_comprehension"))
      what = "a tuple or set";
    else if (p_is(p, "lambda"))
      what = "a lambda";
    else
      what = block_what(p);
    if (what && !s->what)
      s->what = what;
    if ((p_is(p, "function_definition") || p_is(p, "class_definition")) &&
        !*s->where) {
      s->where = def_name(c, p);
      break;
    }
  }
  wp_ptrvec_push(c->arena, out, s);
}

/* For a call `X.kernel(f)` / `X.Kernel(func=f)` where X is no import of
 * this file: X; else NULL. */
static const char *unbound_kernel_call(pctx *c, TSNode call) {
  TSNode fn = p_field(call, "function"), args = p_field(call, "arguments");
  if (ts_node_is_null(fn) || !p_is(fn, "attribute"))
    return NULL;
  TSNode obj = p_field(fn, "object"), attr = p_field(fn, "attribute");
  if (ts_node_is_null(obj) || ts_node_is_null(attr) || !p_is(obj, "identifier"))
    return NULL;
  const char *a = p_text(c, attr), *x = p_text(c, obj);
  if ((strcmp(a, "kernel") && strcmp(a, "Kernel")) || is_import_local(c, x))
    return NULL;
  TSNode pos, kwv;
  call_args(c, args, "func", &pos, &kwv);
  return ts_node_is_null(pos) && ts_node_is_null(kwv) ? NULL : x;
}

/* True for the call of a module-level `NAME = ... = call` (parse.c makes
 * those kernels, or their sites). */
static bool module_assigned(TSNode n) {
  TSNode p = ts_node_parent(n);
  while (!ts_node_is_null(p) && p_is(p, "assignment"))
    p = ts_node_parent(p);
  if (ts_node_is_null(p) || !p_is(p, "expression_statement"))
    return false;
  TSNode asg = ts_node_parent(n);
  if (!p_is(asg, "assignment"))
    return false;
  TSNode m = ts_node_parent(p);
  return !ts_node_is_null(m) && p_is(m, "module");
}

void p_collect_sites(pctx *c, TSNode root, const ast_module *m,
                     wp_ptrvec *out) {
  TSTreeCursor cur = ts_tree_cursor_new(root);
  bool down = true;
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&cur);
    if (down && p_is(n, "decorated_definition")) {
      const char *x = NULL;
      int k = kernel_decorated(c, n, &x);
      bool top = p_is(ts_node_parent(n), "module");
      if (k == 2) {
        TSNode def = p_field(n, "definition"), name = p_field(def, "name");
        ast_kernel_site *s = WP_NEW(c->arena, ast_kernel_site);
        *s = (ast_kernel_site){
            .kind = AST_SITE_UNBOUND,
            .name = def_name(c, def),
            .loc = p_loc(c, ts_node_is_null(name) ? def : name),
            .where = "",
            .what = x,
        };
        wp_ptrvec_push(c->arena, out, s);
      } else if (k == 1 && !top)
        def_site(c, n, m, out);
    } else if (down && p_is(n, "call") &&
               !p_is(ts_node_parent(n), "decorator")) {
      TSNode func, opts;
      const char *x = NULL;
      if (p_kernel_call(c, n, &func, &opts)) {
        if (!module_assigned(n))
          call_site(c, n, out);
      } else if ((x = unbound_kernel_call(c, n)) != NULL) {
        ast_kernel_site *s = WP_NEW(c->arena, ast_kernel_site);
        *s = (ast_kernel_site){.kind = AST_SITE_UNBOUND,
                               .name = "",
                               .loc = p_loc(c, n),
                               .where = "",
                               .what = x};
        wp_ptrvec_push(c->arena, out, s);
      }
    }
    if (down && ts_tree_cursor_goto_first_child(&cur))
      continue;
    if (ts_tree_cursor_goto_next_sibling(&cur)) {
      down = true;
      continue;
    }
    if (!ts_tree_cursor_goto_parent(&cur))
      break;
    down = false;
  }
  ts_tree_cursor_delete(&cur);
}
