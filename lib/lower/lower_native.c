/* lower_native.c - @wp.func_native(snippet, adj_snippet): a function whose
 * body is source code pasted as is.  Warp pastes the snippet into a C++
 * function; warpc pastes it into a C function for the CPU and a CUDA C++
 * one for the GPU, so the snippet must be valid C (and C++): plain
 * arithmetic on the parameters, named as in Python, and `return`.
 * Parameters and the result (`-> T`, none: void) are scalars or vectors
 * (warpc's vectors, like Warp's, hold their components in `.c[]`).
 * An array parameter (wp.array of such a dtype, any ndim) reaches the
 * snippet as a pointer to its first element, `T *name`: Warp's array_t
 * converts to that pointer (array.h's `operator T*`), so `out[i]`,
 * `*out` and CUDA's `atomicAdd(out, 1)` mean what they mean in Warp
 * (the element i places past the first, whatever the strides).  The rest
 * of array_t (`out.shape[0]`, `out.data`, `wp::address(out, i)`) is C++
 * warpc cannot give: a snippet naming a member of an array parameter is
 * an error, and so is an adj_snippet beside array parameters (Warp hands
 * it the gradient arrays).
 * adj_snippet is the backward: it reads the parameters and `adj_ret` (the
 * adjoint of the result) and adds to `adj_<param>`; without it the call
 * passes no gradient, as in Warp. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"

/* The text of a snippet argument (a string literal or a module-level name
 * bound to one) in *out, NULL when absent; false when reported. */
static bool snippet_text(lower_ctx *c, const ast_expr *e, const char *what,
                         const char **out, wp_loc *loc) {
  *out = NULL;
  if (!e || e->kind == AST_EXPR_NONE)
    return true;
  const ast_expr *v = e;
  if (v->kind == AST_EXPR_NAME || v->kind == AST_EXPR_ATTRIBUTE) {
    binding b = lower_resolve(c, v); /* SNIPPET, util.SNIPPET */
    if (b.kind == BIND_GLOBAL)
      v = c->prog->modules[b.module]->globals[b.index].value;
  }
  if (v->kind != AST_EXPR_STRING) {
    wp_error(c->diag, e->loc,
             "the %s of @wp.func_native must be a string literal or a "
             "module-level name bound to one",
             what);
    return false;
  }
  *loc = v->loc;
  *out = v->string;
  return true;
}

/* Names a C or C++ compiler would not take as a parameter name. */
static bool c_reserved(const char *n) {
  static const char *const kw[] = {
      "auto",     "break",    "case",      "char",    "const",     "continue",
      "default",  "do",       "double",    "else",    "enum",      "extern",
      "float",    "for",      "goto",      "if",      "inline",    "int",
      "long",     "register", "restrict",  "return",  "short",     "signed",
      "sizeof",   "static",   "struct",    "switch",  "typedef",   "union",
      "unsigned", "void",     "volatile",  "while",   "bool",      "catch",
      "delete",   "explicit", "friend",    "mutable", "namespace", "new",
      "operator", "private",  "protected", "public",  "template",  "this",
      "throw",    "try",      "typename",  "using",   "virtual",   "adj_ret",
  };
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
    if (!strcmp(kw[i], n))
      return true;
  return !strncmp(n, "wp", 2) || !strncmp(n, "adj_", 4);
}

static bool native_type(const ir_type *t) {
  return (t->kind == IR_T_SCALAR && t->scalar != WP_SCALAR_FLOAT16 &&
          t->scalar != WP_SCALAR_BFLOAT16) ||
         (t->kind == IR_T_VEC && t->flavor == IR_VEC_PLAIN);
}

/* An array parameter warpc passes as `T *` (see the top). */
static bool native_array(const ir_type *t) {
  return t->kind == IR_T_ARRAY && t->flavor != IR_ARR_INDEXED &&
         native_type(t->elem);
}

static bool ident_char(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
         (ch >= '0' && ch <= '9') || ch == '_';
}

/* Whether snippet s uses a member of `name` (`name.x`, `name->x`, spaces
 * allowed before the operator), which a pointer does not have. */
static bool member_use(const char *s, const char *name) {
  size_t n = strlen(name);
  for (const char *p = strstr(s, name); p; p = strstr(p + 1, name)) {
    if ((p > s && ident_char(p[-1])) || ident_char(p[n]))
      continue;
    const char *q = p + n;
    while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
      q++;
    if ((q[0] == '.' && !(q[1] >= '0' && q[1] <= '9')) ||
        (q[0] == '-' && q[1] == '>'))
      return true;
  }
  return false;
}

bool lower_native(lower_ctx *c, const ast_def *d, ir_func *f) {
  const ast_expr *dec = d->decorator;
  const ast_expr *args[2] = {NULL, NULL};
  static const char *const names[2] = {"snippet", "adj_snippet"};
  if (dec->kind == AST_EXPR_CALL) {
    for (int i = 0; i < dec->nitems && i < 2; i++)
      args[i] = dec->items[i];
    for (int k = 0; k < dec->nkeywords; k++)
      for (int i = 0; i < 2; i++)
        if (!strcmp(dec->keywords[k].name, names[i]))
          args[i] = dec->keywords[k].value;
  }
  wp_loc bl = d->loc, al = d->loc;
  const char *body, *adj;
  if (!snippet_text(c, args[0], "snippet", &body, &bl) ||
      !snippet_text(c, args[1], "adj_snippet", &adj, &al))
    return false;
  if (!body) {
    wp_error(c->diag, dec->loc,
             "@wp.func_native needs the snippet: @wp.func_native(snippet, "
             "adj_snippet)");
    return false;
  }
  bool ok = true, arrays = false;
  for (int i = 0; i < f->nparams; i++) {
    const ir_type *pt = f->param_types[i];
    if (native_array(pt)) {
      arrays = true;
      if (member_use(body, f->param_names[i])) {
        wp_error(c->diag, f->param_locs[i],
                 "array parameter '%s' of @wp.func_native '%s' reaches the "
                 "snippet as a pointer to its first element (what Warp's "
                 "array_t converts to); warpc cannot give the snippet its "
                 "members (%s.shape, .data, ...): pass them as parameters",
                 f->param_names[i], d->name, f->param_names[i]);
        ok = false;
      }
    }
    if (c_reserved(f->param_names[i])) {
      wp_error(c->diag, f->param_locs[i],
               "parameter '%s' of @wp.func_native '%s' cannot be a C "
               "identifier in the pasted snippet; rename it",
               f->param_names[i], d->name);
      ok = false;
    } else if (!native_type(pt) && !native_array(pt)) {
      wp_error(c->diag, f->param_locs[i],
               "warpc supports @wp.func_native parameters of scalar and "
               "vector types and arrays of them only; '%s' is a '%s'",
               f->param_names[i], f->param_types[i]->name);
      ok = false;
    }
  }
  if (f->ret->kind != IR_T_VOID && !native_type(f->ret)) {
    wp_error(c->diag, d->returns->loc,
             "warpc supports @wp.func_native results of scalar and vector "
             "types only; this is a '%s'",
             f->ret->name);
    ok = false;
  }
  if (arrays && adj && *adj) {
    wp_error(c->diag, al,
             "warpc does not run the adj_snippet of a @wp.func_native with "
             "array parameters (Warp passes it their gradient arrays as "
             "adj_<name>); write the gradient with @wp.func_grad of a "
             "@wp.func instead");
    ok = false;
  }
  if (!ok)
    return false;
  f->native = body;
  f->native_loc = bl;
  if (f->nrefs) /* the result tuple: adj_ret holds the refs' adjoints too */
    lower_ref_finish(c, f);
  if (adj && *adj && f->ret->kind != IR_T_VOID) {
    /* the adjoint, called as a @wp.func_grad: (params..., adj_ret) -> the
       tuple of the parameters' adjoints */
    ir_func *g = ir_func_new(c->m, IR_FUNC_FUNC, d->name);
    g->loc = d->loc;
    g->cname = lower_unique_cname(c, wp_arena_printf(c->A, "wpg_%s", f->cname));
    g->nparams = f->nparams + 1;
    g->param_types = WP_NEW_ARRAY(c->A, const ir_type *, g->nparams);
    g->param_names = WP_NEW_ARRAY(c->A, const char *, g->nparams);
    g->param_locs = WP_NEW_ARRAY(c->A, wp_loc, g->nparams);
    g->params = WP_NEW_ARRAY(c->A, ir_value *, g->nparams);
    ir_block *entry = ir_block_new(g);
    entry->sealed = true;
    for (int i = 0; i < g->nparams; i++) {
      bool last = i == f->nparams;
      g->param_types[i] = last ? f->ret : f->param_types[i];
      g->param_names[i] = last ? "adj_ret" : f->param_names[i];
      g->param_locs[i] = last ? d->loc : f->param_locs[i];
      ir_value *v =
          ir_append(entry, IR_PARAM, g->param_types[i], NULL, 0, d->loc);
      v->aux = i;
      v->name = g->param_names[i];
      g->params[i] = v;
    }
    g->ret = ir_t_tuple(c->T, f->param_types, f->nparams);
    ir_value *z = ir_append(entry, IR_ZERO, g->ret, NULL, 0, d->loc);
    ir_append(entry, IR_RET, g->ret, &z, 1, d->loc);
    g->native = adj;
    g->native_loc = al;
    g->native_adjoint = true;
    g->native_primal = f;
    f->custom_grad = g;
  } else if (adj && *adj)
    wp_warning(c->diag, WP_W_UNUSED_ADJ_SNIPPET, args[1]->loc,
               "the adj_snippet of a @wp.func_native without a result is "
               "not used by warpc");
  return true;
}
