/* lower_keywords.c - keyword arguments of builtin calls.  A kernel may
 * name a builtin's parameters as warp-lang declares them (`wp.pow(x=2.0,
 * y=3.0)`, `wp.clamp(v, low=0.0, high=1.0)`, `wp.transform(p=..., q=...)`):
 * the call is rewritten to positional form before it is lowered, so that
 * overload resolution and everything after it see one form.  The names come
 * from builtin_params.def (generated from warp-lang by
 * scripts/gen_builtin_params.py), one row per distinct signature. */
#include <string.h>

#include "lower_internal.h"

static const struct {
  ir_builtin_id id;
  const char *names; /* "x,y" */
} params[] = {
#define P(id, names) {IR_B_##id, names},
#include "builtin_params.def"
#undef P
};

/* The index of `kw` in the comma-separated list `names`, or -1; *count the
 * number of names. */
static int param_index(const char *names, const char *kw, int *count) {
  int i = 0, found = -1;
  size_t n = strlen(kw);
  for (const char *p = names; *p; i++) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len == n && !strncmp(p, kw, n) && found < 0)
      found = i;
    p += len + (end != NULL);
  }
  *count = i;
  return found;
}

/* e with its keywords placed by the signature `names`, or NULL when they do
 * not fit it (a name it lacks, a parameter given twice, a gap before the
 * last one given: builtins take only trailing defaults). */
static ast_expr *place(lower_ctx *c, const ast_expr *e, const char *names) {
  int n;
  param_index(names, "", &n);
  if (e->nitems > n)
    return NULL;
  ast_expr **slot = WP_NEW_ARRAY(c->A, ast_expr *, n + 1);
  for (int i = 0; i < e->nitems; i++)
    slot[i] = e->items[i];
  int last = e->nitems - 1;
  for (int k = 0; k < e->nkeywords; k++) {
    int i = param_index(names, e->keywords[k].name, &n);
    if (i < 0 || slot[i])
      return NULL;
    slot[i] = e->keywords[k].value;
    last = i > last ? i : last;
  }
  for (int i = 0; i <= last; i++)
    if (!slot[i])
      return NULL;
  ast_expr *r = WP_NEW(c->A, ast_expr);
  *r = *e;
  r->items = slot;
  r->nitems = last + 1;
  r->keywords = NULL;
  r->nkeywords = 0;
  return r;
}

/* The first keyword of e that no signature of the list has, or NULL. */
static const ast_keyword *unknown_keyword(const ast_expr *e,
                                          const char *const *sigs, int nsigs) {
  for (int k = 0; k < e->nkeywords; k++) {
    bool known = false;
    int n;
    for (int s = 0; s < nsigs && !known; s++)
      known = param_index(sigs[s], e->keywords[k].name, &n) >= 0;
    if (!known)
      return &e->keywords[k];
  }
  return NULL;
}

static const ast_expr *by_signatures(lower_ctx *c, const ast_expr *e,
                                     const char *name, const char *const *sigs,
                                     int nsigs) {
  for (int s = 0; s < nsigs; s++) {
    ast_expr *r = place(c, e, sigs[s]);
    if (r)
      return r;
  }
  const ast_keyword *bad = unknown_keyword(e, sigs, nsigs);
  if (bad)
    wp_error(c->diag, bad->loc, "'%s' has no parameter '%s'%s%s", name,
             bad->name, nsigs ? "; its parameters: " : "",
             nsigs ? sigs[0] : "");
  else
    wp_error(c->diag, e->keywords[0].loc,
             "the arguments of '%s' do not fit its parameters (%s): one is "
             "given twice or one before them is missing",
             name, sigs[0]);
  return NULL;
}

const ast_expr *lower_builtin_keywords(lower_ctx *c, const ast_expr *e,
                                       const ir_builtin *b) {
  if (!e->nkeywords)
    return e;
  for (int k = 0; k < e->nkeywords; k++)
    if (!strcmp(e->keywords[k].name, "dtype"))
      return e; /* a type argument: the builtin's own lowering takes it */
  int nsigs = 0;
  const char **sigs =
      WP_NEW_ARRAY(c->A, const char *, sizeof params / sizeof params[0] + 1);
  for (size_t i = 0; i < sizeof params / sizeof params[0]; i++)
    if (params[i].id == b->id)
      sigs[nsigs++] = params[i].names;
  if (!nsigs) {
    wp_error(c->diag, e->keywords[0].loc, "'%s' takes no keyword arguments",
             b->name);
    return NULL;
  }
  return by_signatures(c, e, b->name, sigs, nsigs);
}

/* Whether compile-time integer expression x is n (reported when not). */
static bool keyword_dim(lower_ctx *c, const ast_expr *x, int n,
                        const char *what, const ir_type *t) {
  ir_value *v = lower_expr(c, x);
  if (!v)
    return false;
  if (v->op != IR_CONST || !ir_type_is_int(v->type)) {
    wp_error(c->diag, x->loc, "the %s of '%s' must be a constant integer", what,
             t->name);
    return false;
  }
  if (v->ival != n) {
    wp_error(c->diag, x->loc, "'%s' has %d %s, not %lld", t->name, n, what,
             (long long)v->ival);
    return false;
  }
  return true;
}

/* A typed vector or matrix constructor given its own shape, length or
 * dtype as a keyword (mat32d(c, shape=(3, 2)), vec3(x, length=3)), which
 * warp-lang accepts when it agrees with the type: checked, then the call
 * without them. */
static const ast_expr *shape_keywords(lower_ctx *c, const ast_expr *e,
                                      const ir_type *t) {
  bool mat = t->kind == IR_T_MAT;
  for (int i = 0; i < e->nkeywords; i++) {
    const char *k = e->keywords[i].name;
    const ast_expr *x = e->keywords[i].value;
    if (!strcmp(k, "dtype")) {
      const ir_type *dt = lower_type_expr(c, x);
      if (!dt)
        return NULL;
      if (dt != t->elem) {
        wp_error(c->diag, x->loc, "'%s' has dtype '%s', not '%s'", t->name,
                 t->elem->name, dt->name);
        return NULL;
      }
    } else if (mat && !strcmp(k, "shape")) {
      if (x->kind != AST_EXPR_TUPLE || x->nitems != 2) {
        wp_error(c->diag, x->loc, "shape must be a tuple (rows, cols)");
        return NULL;
      }
      if (!keyword_dim(c, x->items[0], t->rows, "rows", t) ||
          !keyword_dim(c, x->items[1], t->cols, "columns", t))
        return NULL;
    } else if (!mat && !strcmp(k, "length")) {
      if (!keyword_dim(c, x, t->rows, "components", t))
        return NULL;
    } else {
      wp_error(c->diag, e->keywords[i].loc, "'%s' has no argument '%s'",
               t->name, k);
      return NULL;
    }
  }
  ast_expr *r = WP_NEW(c->A, ast_expr);
  *r = *e;
  r->nkeywords = 0;
  return r;
}

const ast_expr *lower_ctor_keywords(lower_ctx *c, const ast_expr *e,
                                    const ir_type *t) {
  /* warp-lang's transformation(p, q) and quaternion(x, y, z, w) /
     quaternion(ijk, real) */
  static const char *const transform[] = {"p,q"};
  static const char *const quat[] = {"x,y,z,w", "ijk,real"};
  if (!e->nkeywords)
    return e;
  if (ir_type_is_transform(t))
    return by_signatures(c, e, "transform", transform, 1);
  if (ir_type_is_quat(t))
    return by_signatures(c, e, "quat", quat, 2);
  if ((t->kind == IR_T_VEC && t->flavor == IR_VEC_PLAIN) || t->kind == IR_T_MAT)
    return shape_keywords(c, e, t);
  wp_error(c->diag, e->keywords[0].loc,
           "keyword arguments are not supported in this call");
  return NULL;
}

const ast_expr *lower_named_keywords(lower_ctx *c, const ast_expr *e,
                                     const char *name, const char *names) {
  return e->nkeywords ? by_signatures(c, e, name, &names, 1) : e;
}
