/* lower_generic.c - generic type annotations (typing.Any, wp.Scalar,
 * wp.Float, wp.Int, wp.array(dtype=Any), wp.types.vector(length=Any, ...),
 * wp.types.matrix(shape=(Any, Any), ...)): recognising them, matching a
 * concrete type against them, and the mangled names of instances. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"

/* Is `e` typing.Any (Any imported from typing or warp[.types], typing.Any,
 * or typing imported under another name)? */
static bool is_any(lower_ctx *c, const ast_expr *e) {
  if (e->kind == AST_EXPR_NAME) {
    for (int i = 0; i < c->ast->nimports; i++) {
      const ast_import *im = &c->ast->imports[i];
      if (strcmp(im->local, e->name) || strcmp(im->target, "Any"))
        continue;
      if (im->is_warp || !strcmp(im->module, "typing"))
        return true; /* warp re-exports typing.Any */
    }
    return false;
  }
  if (e->kind == AST_EXPR_ATTRIBUTE && !strcmp(e->name, "Any")) {
    for (int i = 0; e->value->kind == AST_EXPR_NAME && i < c->ast->nimports;
         i++) {
      const ast_import *im = &c->ast->imports[i];
      if (!im->is_warp && !strcmp(im->local, e->value->name) &&
          !strcmp(im->module, "typing") && !*im->target)
        return true;
    }
    /* wp.Any / wp.types.Any / wp._src.types.Any re-export typing.Any */
    const char *p = lower_warp_path(c, e);
    return p && !strcmp(p, "Any");
  }
  return false;
}

static const ast_expr *keyword(const ast_expr *call, const char *name) {
  for (int i = 0; i < call->nkeywords; i++)
    if (strcmp(call->keywords[i].name, name) == 0)
      return call->keywords[i].value;
  return NULL;
}

/* The generic scalar class of `e`: "Scalar", "Float", "Int", or NULL. */
static const char *scalar_class(lower_ctx *c, const ast_expr *e) {
  const char *p = lower_warp_path(c, e);
  if (p && (!strcmp(p, "Scalar") || !strcmp(p, "Float") || !strcmp(p, "Int")))
    return p;
  return NULL;
}

/* Parts of a wp.array(...) / vector(...) / matrix(...) annotation. */
typedef struct tmpl {
  enum { TM_NONE, TM_ARRAY, TM_VECTOR, TM_MATRIX } kind;
  const ast_expr *dtype;
  const ast_expr *dims[2]; /* vector: length; matrix: shape items */
  int ndim;                /* array */
  bool indexed;            /* array: wp.indexedarray */
} tmpl;

static tmpl template_parts(lower_ctx *c, const ast_expr *e) {
  tmpl t = {TM_NONE, NULL, {NULL, NULL}, 0, false};
  if (e->kind != AST_EXPR_CALL && e->kind != AST_EXPR_SUBSCRIPT)
    return t;
  const char *p = lower_warp_path(c, e->value);
  if (!p)
    return t;
  if (!strncmp(p, "indexedarray", 12)) {
    t.indexed = true;
    p += 7;
  }
  if (!strncmp(p, "array", 5) &&
      (!p[5] || (p[5] >= '1' && p[5] <= '4' && !strcmp(p + 6, "d")))) {
    t.kind = TM_ARRAY;
    t.ndim = p[5] ? p[5] - '0' : 1;
    if (e->kind == AST_EXPR_SUBSCRIPT) {
      t.dtype = e->nitems == 1 ? e->items[0] : NULL;
      return t;
    }
    t.dtype = keyword(e, "dtype");
    if (!t.dtype && e->nitems >= 1)
      t.dtype = e->items[0];
    const ast_expr *nd = keyword(e, "ndim");
    if (nd && nd->kind == AST_EXPR_INT)
      t.ndim = (int)nd->int_value;
    return t;
  }
  if (e->kind != AST_EXPR_CALL)
    return t;
  if (!strcmp(p, "vector")) {
    t.kind = TM_VECTOR;
    t.dims[0] = keyword(e, "length");
    if (!t.dims[0] && e->nitems >= 1)
      t.dims[0] = e->items[0];
    t.dtype = keyword(e, "dtype");
    if (!t.dtype && e->nitems >= 2)
      t.dtype = e->items[1];
  } else if (!strcmp(p, "matrix")) {
    t.kind = TM_MATRIX;
    const ast_expr *sh = keyword(e, "shape");
    if (!sh && e->nitems >= 1)
      sh = e->items[0];
    if (sh && sh->kind == AST_EXPR_TUPLE && sh->nitems == 2)
      t.dims[0] = sh->items[0], t.dims[1] = sh->items[1];
    t.dtype = keyword(e, "dtype");
    if (!t.dtype && e->nitems >= 2)
      t.dtype = e->items[1];
  }
  return t;
}

/* A name (or util.Name) that is a module-level alias: its value
 * (depth-limited), the module it is in made the current one (the caller
 * restores the module). */
static const ast_expr *unalias(lower_ctx *c, const ast_expr *e) {
  for (int k = 0; k < 16; k++) {
    if ((e->kind != AST_EXPR_NAME && e->kind != AST_EXPR_ATTRIBUTE) ||
        lower_warp_path(c, e) || is_any(c, e))
      return e;
    binding b = lower_resolve(c, e);
    if (b.kind != BIND_GLOBAL)
      return e;
    lower_enter_module(c, b.module);
    e = c->ast->globals[b.index].value;
  }
  return e;
}

/* wp.Function: a parameter taking a function (lower_funcval.c). */
static bool is_function(lower_ctx *c, const ast_expr *e) {
  const char *p = lower_warp_path(c, e);
  return p && !strcmp(p, "Function");
}

/* tuple[T, ...] (also Tuple): a tuple of any length whose items are all T,
 * generic over the length as in warp-lang. */
static bool variadic_tuple(const ast_expr *e) {
  if (e->kind != AST_EXPR_SUBSCRIPT || e->nitems != 2)
    return false;
  const ast_expr *v = e->value;
  const char *n = v->kind == AST_EXPR_NAME        ? v->name
                  : v->kind == AST_EXPR_ATTRIBUTE ? v->name
                                                  : "";
  const ast_expr *x = e->items[1];
  return (!strcmp(n, "tuple") || !strcmp(n, "Tuple")) &&
         x->kind == AST_EXPR_UNSUPPORTED && x->name &&
         !strcmp(x->name, "ellipsis");
}

static bool is_generic(lower_ctx *c, const ast_expr *e) {
  if (is_any(c, e) || scalar_class(c, e) || is_function(c, e) ||
      variadic_tuple(e))
    return true;
  tmpl t = template_parts(c, e);
  if (t.kind == TM_NONE)
    return false;
  for (int i = 0; i < 2; i++)
    if (t.dims[i] && is_any(c, t.dims[i]))
      return true;
  return t.dtype && lower_type_is_generic(c, t.dtype);
}

bool lower_type_is_generic(lower_ctx *c, const ast_expr *e) {
  if (!e)
    return false;
  int old = c->mod;
  bool r = is_generic(c, unalias(c, e));
  lower_enter_module(c, old);
  return r;
}

static bool scalar_in_class(const ir_type *t, const char *cls) {
  if (t->kind != IR_T_SCALAR)
    return false;
  if (!strcmp(cls, "Float"))
    return ir_type_is_float(t);
  if (!strcmp(cls, "Int"))
    return ir_type_is_int(t);
  return !ir_type_is_bool(t); /* Scalar: the numeric types */
}

/* Does an int dimension expression (Any or a literal) match n? */
static bool dim_matches(lower_ctx *c, const ast_expr *d, int n) {
  if (!d || is_any(c, d))
    return true;
  return d->kind == AST_EXPR_INT && (int)d->int_value == n;
}

static bool matches(lower_ctx *c, const ast_expr *ann, const ir_type *t) {
  if (lower_fn_type_entity(c, t) || is_function(c, ann))
    return lower_fn_type_entity(c, t) && is_function(c, ann);
  if (is_any(c, ann))
    return true;
  const char *cls = scalar_class(c, ann);
  if (cls)
    return scalar_in_class(t, cls);
  if (variadic_tuple(ann)) {
    if (t->kind != IR_T_TUPLE)
      return false;
    for (int i = 0; i < t->nmembers; i++)
      if (!lower_type_matches(c, ann->items[0], t->members[i]))
        return false;
    return true;
  }
  if (!is_generic(c, ann))
    return lower_type_expr(c, ann) == t;
  tmpl tp = template_parts(c, ann);
  switch (tp.kind) {
  case TM_ARRAY:
    return t->kind == IR_T_ARRAY && ir_type_is_indexed(t) == tp.indexed &&
           t->ndim == tp.ndim && tp.dtype &&
           lower_type_matches(c, tp.dtype, t->elem);
  case TM_VECTOR:
    return t->kind == IR_T_VEC && t->flavor == IR_VEC_PLAIN &&
           dim_matches(c, tp.dims[0], t->rows) &&
           (!tp.dtype || lower_type_matches(c, tp.dtype, t->elem));
  case TM_MATRIX:
    return t->kind == IR_T_MAT && dim_matches(c, tp.dims[0], t->rows) &&
           dim_matches(c, tp.dims[1], t->cols) &&
           (!tp.dtype || lower_type_matches(c, tp.dtype, t->elem));
  default: return false;
  }
}

bool lower_type_matches(lower_ctx *c, const ast_expr *ann, const ir_type *t) {
  int old = c->mod;
  bool r = matches(c, unalias(c, ann), t);
  lower_enter_module(c, old);
  return r;
}

/* A C-identifier spelling of `t`, unambiguous within a list (see
 * lower_mangle). */
static void mangle_type(wp_arena *A, const ir_type *t, char **out) {
  const char *s;
  switch (t->kind) {
  case IR_T_ARRAY: {
    char *inner = NULL;
    mangle_type(A, t->elem, &inner);
    s = wp_arena_printf(A, "%sarray%dd_%s",
                        ir_type_is_indexed(t) ? "indexed" : "", t->ndim, inner);
    break;
  }
  case IR_T_STRUCT:
    s = wp_arena_printf(A, "S%d%s", (int)strlen(t->name), t->name);
    break;
  case IR_T_TILE: { /* tile<n>d_<extents>_<dtype>, views apart (other types) */
    char *inner = NULL;
    mangle_type(A, t->elem, &inner);
    s = wp_arena_printf(A, "%stile%dd",
                        t->flavor == IR_TILE_STRIDED ? "s"
                        : t->flavor == IR_TILE_VIEW  ? "v"
                                                     : "",
                        t->ndim);
    for (int k = 0; k < t->ndim; k++)
      s = wp_arena_printf(A, "%s_%d", s, t->tdims[k]);
    s = wp_arena_printf(A, "%s_%s", s, inner);
    break;
  }
  case IR_T_TUPLE: { /* T<n>_<members>: the count keeps nesting unambiguous */
    char *inner = NULL;
    for (int i = 0; i < t->nmembers; i++)
      mangle_type(A, t->members[i], &inner);
    s = wp_arena_printf(A, "T%d%s%s", t->nmembers, inner ? "_" : "",
                        inner ? inner : "");
    break;
  }
  default:
    s = t->name;
    if (t->kind == IR_T_VOID && !strncmp(s, "function ", 9)) { /* wp.Function */
      const char *dot = strrchr(s, '.');
      s = wp_arena_printf(A, "fn_%s", dot ? dot + 1 : s + 9);
    }
    break;
  }
  *out = *out ? wp_arena_printf(A, "%s_%s", *out, s) : (char *)s;
}

const char *lower_mangle(lower_ctx *c, const ir_type **types, int n) {
  char *s = NULL;
  for (int i = 0; i < n; i++)
    mangle_type(c->A, types[i], &s);
  return s ? s : "void";
}

const char *lower_type_list(lower_ctx *c, const ir_type **types, int n) {
  const char *s = "";
  for (int i = 0; i < n; i++)
    s = wp_arena_printf(c->A, "%s%s%s", s, i ? ", " : "", types[i]->name);
  return s;
}

bool lower_is_array_template(lower_ctx *c, const ast_expr *ann) {
  int old = c->mod;
  bool r = template_parts(c, unalias(c, ann)).kind == TM_ARRAY;
  lower_enter_module(c, old);
  return r;
}
