/* lower_types.c - warp's namespace: type names, annotations, and the other
 * names of warp that have their own lowering. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"

static int scalar_from_name(const char *n) {
  static const struct {
    const char *name;
    int scalar;
  } tab[] = {
      {"float16", WP_SCALAR_FLOAT16},
      {"half", WP_SCALAR_FLOAT16},
      {"float32", WP_SCALAR_FLOAT32},
      {"float64", WP_SCALAR_FLOAT64},
      {"int8", WP_SCALAR_INT8},
      {"uint8", WP_SCALAR_UINT8},
      {"int16", WP_SCALAR_INT16},
      {"uint16", WP_SCALAR_UINT16},
      {"int32", WP_SCALAR_INT32},
      {"uint32", WP_SCALAR_UINT32},
      {"int64", WP_SCALAR_INT64},
      {"uint64", WP_SCALAR_UINT64},
      {"bool", WP_SCALAR_BOOL},
      {"bfloat16", WP_SCALAR_BFLOAT16}, /* warp-lang 1.19 */
      {"handle",
       WP_SCALAR_UINT64}, /* wp.handle (1.19): uint64 for object ids */
  };
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (strcmp(tab[i].name, n) == 0)
      return tab[i].scalar;
  return 0;
}

static int scalar_from_suffix(const char *s) {
  static const struct {
    const char *suffix;
    int scalar;
  } tab[] = {
      {"", WP_SCALAR_FLOAT32},  {"f", WP_SCALAR_FLOAT32},
      {"d", WP_SCALAR_FLOAT64}, {"h", WP_SCALAR_FLOAT16},
      {"i", WP_SCALAR_INT32},   {"ui", WP_SCALAR_UINT32},
      {"l", WP_SCALAR_INT64},   {"ul", WP_SCALAR_UINT64},
      {"b", WP_SCALAR_INT8},    {"ub", WP_SCALAR_UINT8},
      {"s", WP_SCALAR_INT16},   {"us", WP_SCALAR_UINT16},
  };
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (strcmp(tab[i].suffix, s) == 0)
      return tab[i].scalar;
  return 0;
}

/* "vec3", "vec3d", "mat33f", ... -> type, or NULL. */
static const ir_type *composite_from_name(ir_types *T, const char *n) {
  if (strncmp(n, "vec", 3) == 0 && n[3] >= '2' && n[3] <= '4') {
    int s = scalar_from_suffix(n + 4);
    return s ? ir_t_vec(T, s, n[3] - '0') : NULL;
  }
  /* quat, quatf, quatd, quath; transform, transformf, ... (float only) */
  bool q = strncmp(n, "quat", 4) == 0, x = strncmp(n, "transform", 9) == 0;
  if (q || x) {
    int s = scalar_from_suffix(n + (q ? 4 : 9));
    if (s != WP_SCALAR_FLOAT32 && s != WP_SCALAR_FLOAT64 &&
        s != WP_SCALAR_FLOAT16)
      return NULL;
    return q ? ir_t_quat(T, s) : ir_t_transform(T, s);
  }
  /* spatial_vector[f|d|h] = vector(6, F), spatial_matrix[f|d|h] =
     matrix((6, 6), F): structurally the same types as in Warp */
  bool sv = strncmp(n, "spatial_vector", 14) == 0,
       sm = strncmp(n, "spatial_matrix", 14) == 0;
  if (sv || sm) {
    int s = scalar_from_suffix(n + 14);
    if (s != WP_SCALAR_FLOAT32 && s != WP_SCALAR_FLOAT64 &&
        s != WP_SCALAR_FLOAT16)
      return NULL;
    return sv ? ir_t_vec(T, s, 6) : ir_t_mat(T, s, 6, 6);
  }
  if (strncmp(n, "mat", 3) == 0 && n[3] >= '2' && n[3] <= '4' && n[4] == n[3]) {
    int s = scalar_from_suffix(n + 5);
    if (s && (s == WP_SCALAR_FLOAT32 || s == WP_SCALAR_FLOAT64 ||
              s == WP_SCALAR_FLOAT16))
      return ir_t_mat(T, s, n[3] - '0', n[4] - '0');
  }
  return NULL;
}

static const char *specials[] = {
    "tid",
    "constant",
    "array",
    "array1d",
    "array2d",
    "array3d",
    "array4d",
    "static",
    "printf",
    "range",
    "len",
    "float",
    "int",
    "bool",
    "quat_identity",
    "transform_identity",
    "quaternion",
    "transformation",
    "address_of",
    "print",
    "zeros",
    "indexedarray",
    "indexedarray1d",
    "indexedarray2d",
    "indexedarray3d",
    "indexedarray4d",
};

entity lower_warp_name(lower_ctx *c, const char *name) {
  entity e = {.kind = ENT_ERROR, .name = name};
  int s = scalar_from_name(name);
  if (s) {
    e.kind = ENT_TYPE;
    e.type = ir_t_scalar(c->T, s);
    return e;
  }
  const ir_type *t = composite_from_name(c->T, name);
  if (!t) /* wp.HashGridQuery, wp.MeshQueryPoint, ... */
    t = ir_builtin_struct_find(c->T, name);
  if (t) {
    e.kind = ENT_TYPE;
    e.type = t;
    return e;
  }
  for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++)
    if (strcmp(specials[i], name) == 0) {
      e.kind = ENT_SPECIAL;
      const char *a = strstr(name, "array");
      if (a)
        e.array_ndim = a[5] ? a[5] - '0' : 1;
      return e;
    }
  if (strcmp(name, "types") == 0) {
    e.kind = ENT_WARP;
    return e;
  }
  /* wp.Volume's sampling modes: Python ints */
  if (!strcmp(name, "Volume.CLOSEST") || !strcmp(name, "Volume.LINEAR")) {
    e.kind = ENT_VALUE;
    e.value = lower_py_int(c, name[7] == 'L' ? 1 : 0);
    return e;
  }
  /* wp.unot(x) is Warp's name of `not x` */
  const ir_builtin *b =
      strcmp(name, "unot") ? ir_builtin_find(name) : ir_builtin_get(IR_B_NOT);
  if (b) {
    e.kind = ENT_BUILTIN;
    e.builtin = b;
  }
  return e;
}

bool lower_warp_constant(const char *name, double *value) {
  static const struct {
    const char *lower, *upper;
    double v;
  } k[] = {
      {"e", "E", 2.71828182845904523536},
      {"log2e", "LOG2E", 1.44269504088896340736},
      {"log10e", "LOG10E", 0.43429448190325182765},
      {"ln2", "LN2", 0.69314718055994530942},
      {"ln10", "LN10", 2.30258509299404568402},
      {"phi", "PHI", 1.61803398874989484820},
      {"pi", "PI", 3.14159265358979323846},
      {"half_pi", "HALF_PI", 1.57079632679489661923},
      {"tau", "TAU", 6.28318530717958647692},
      {"inf", "INF", INFINITY},
      {"nan", "NAN", NAN},
  };
  for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
    if (!strcmp(name, k[i].lower) || !strcmp(name, k[i].upper)) {
      *value = k[i].v;
      return true;
    }
  return false;
}

const char *lower_warp_path(lower_ctx *c, const ast_expr *e) {
  if (e->kind == AST_EXPR_NAME) {
    for (int i = 0; i < c->ast->nimports; i++) {
      const ast_import *im = &c->ast->imports[i];
      if (im->is_warp && strcmp(im->local, e->name) == 0)
        return im->target;
    }
    binding b = c->bare_warp ? lower_lookup(c, c->mod, e->name)
                             : (binding){.kind = BIND_STRUCT};
    if (b.kind != BIND_STRUCT && b.kind != BIND_GLOBAL) {
      entity en = lower_warp_name(c, e->name);
      if (en.kind == ENT_TYPE || en.array_ndim || !strcmp(e->name, "vector") ||
          !strcmp(e->name, "matrix"))
        return e->name;
    }
    return NULL;
  }
  if (e->kind == AST_EXPR_ATTRIBUTE) {
    const char *base = lower_warp_path(c, e->value);
    if (!base)
      return NULL;
    /* warp.types.X and warp.X name the same things; warp._src is warp */
    if (!*base && !strcmp(e->name, "_src"))
      return "";
    if (!*base || strcmp(base, "types") == 0)
      return e->name;
    return wp_arena_printf(c->A, "%s.%s", base, e->name);
  }
  return NULL;
}

static const ast_expr *keyword(const ast_expr *call, const char *name) {
  for (int i = 0; i < call->nkeywords; i++)
    if (strcmp(call->keywords[i].name, name) == 0)
      return call->keywords[i].value;
  return NULL;
}

/* Is `callee` Warp's indexedarray (indexedarray, indexedarray1d, ...)? */
static bool indexed_callee(const char *callee) {
  return !strncmp(callee, "indexedarray", 12);
}

/* dtype=..., ndim=... of an array annotation (wp.indexedarray when
 * `indexed`). */
static const ir_type *array_type(lower_ctx *c, const ast_expr *e,
                                 const ast_expr *dtype_e, int ndim,
                                 bool indexed) {
  if (!dtype_e) {
    wp_error(c->diag, e->loc,
             "array type needs a dtype, e.g. wp.array(dtype=float)");
    return NULL;
  }
  const ir_type *dt = lower_type_expr(c, dtype_e);
  if (!dt)
    return NULL;
  if ((dt->kind != IR_T_SCALAR && dt->kind != IR_T_VEC &&
       dt->kind != IR_T_MAT && dt->kind != IR_T_STRUCT) ||
      ir_type_is_builtin_struct(dt)) { /* query states live in one thread */
    wp_error(c->diag, dtype_e->loc, "'%s' cannot be an array dtype", dt->name);
    return NULL;
  }
  if (ndim < 1 || ndim > 4) {
    wp_error(c->diag, e->loc, "arrays have 1 to 4 dimensions, not %d", ndim);
    return NULL;
  }
  return indexed ? ir_t_indexedarray(c->T, dt, ndim)
                 : ir_t_array(c->T, dt, ndim);
}

/* x, or n of a typing.Literal[n] (an extent or ndim in an annotation). */
static const ast_expr *unliteral(const ast_expr *x) {
  if (x->kind == AST_EXPR_SUBSCRIPT && x->nitems == 1) {
    const char *lit = x->value->kind == AST_EXPR_NAME        ? x->value->name
                      : x->value->kind == AST_EXPR_ATTRIBUTE ? x->value->name
                                                             : "";
    if (!strcmp(lit, "Literal"))
      return x->items[0];
  }
  return x;
}

/* wp.array[T], wp.array2d[T], and wp.array[T, N] / wp.array[T,
 * Literal[N]] (warp-lang 1.19: the ndim as a second parameter of wp.array
 * only). */
static const ir_type *array_subscript(lower_ctx *c, const ast_expr *e,
                                      const char *callee, int ndim) {
  bool indexed = indexed_callee(callee);
  if (e->nitems == 1)
    return array_type(c, e, e->items[0], ndim, indexed);
  bool generic = !strcmp(callee, "array") || !strcmp(callee, "indexedarray");
  if (e->nitems != 2 || !generic) {
    wp_error(c->diag, e->loc,
             !generic ? "wp.%s[...] takes one type parameter (the dtype)"
                      : "wp.%s[...] takes a dtype and an optional ndim",
             callee);
    return NULL;
  }
  const ast_expr *nd = unliteral(e->items[1]);
  if (nd->kind != AST_EXPR_INT) {
    wp_error(c->diag, e->items[1]->loc,
             "the ndim of wp.array[dtype, ndim] must be an integer literal or "
             "Literal[n] (warpc has no arrays generic over their ndim)");
    return NULL;
  }
  if (nd->int_value < 1 || nd->int_value > 4) {
    wp_error(c->diag, nd->loc, "arrays have 1 to 4 dimensions, not %llu",
             (unsigned long long)nd->int_value);
    return NULL;
  }
  return array_type(c, e, e->items[0], (int)nd->int_value, indexed);
}

static bool type_form(lower_ctx *c, const ast_expr *e, int depth);

/* Item k of a tuple literal, (A, B)[k]: how the parser binds the names of
 * `a, b = A, B` at module level (`np_type, wp_type = np.float64,
 * wp.float64` makes wp_type an alias of wp.float64); NULL otherwise. */
static const ast_expr *tuple_item(const ast_expr *e) {
  if (e->kind != AST_EXPR_SUBSCRIPT || e->nitems != 1 ||
      e->value->kind != AST_EXPR_TUPLE || e->items[0]->kind != AST_EXPR_INT ||
      e->items[0]->int_value >= (uint64_t)e->value->nitems)
    return NULL;
  return e->value->items[e->items[0]->int_value];
}

/* Is global `index` of module `mod` (the last assignment of its name) a
 * type alias? */
static bool global_type_form(lower_ctx *c, int mod, int index, int depth) {
  int old = lower_enter_module(c, mod);
  bool r = type_form(c, c->ast->globals[index].value, depth);
  lower_enter_module(c, old);
  return r;
}

/* wp.types.vector / wp.types.matrix (their short names wp.vec and wp.mat
 * are gone from warp-lang 1.12: lower_unknown_warp_name says so). */
static bool vecmat_callee(const char *callee) {
  return !strcmp(callee, "vector") || !strcmp(callee, "matrix");
}

/* wp.types.quaternion(dtype=T) / wp.types.transformation(dtype=T): the
 * type (its only argument the dtype keyword; with components it is a
 * value). */
static bool flavor_type_call(const ast_expr *e, const char *callee) {
  return e->kind == AST_EXPR_CALL &&
         (!strcmp(callee, "quaternion") || !strcmp(callee, "transformation")) &&
         e->nitems == 0 && e->nkeywords == 1 &&
         !strcmp(e->keywords[0].name, "dtype");
}

/* Is `e` (syntactically) a type: a warp type name, a struct (of this
 * module or an imported one), float/int/bool, an alias of one (also
 * imported: `from util import Vec`, `util.Vec`), or
 * wp.types.vector/matrix/array(...)? */
static bool type_form(lower_ctx *c, const ast_expr *e, int depth) {
  if (depth > 16)
    return false;
  const char *path = lower_warp_path(c, e);
  if (path)
    return lower_warp_name(c, path).kind == ENT_TYPE;
  int scope = 0;
  const ast_expr *cv =
      e->kind == AST_EXPR_NAME ? lower_closure_value(c, e->name, &scope) : NULL;
  if (cv) { /* captured by a factory-made definition */
    clo_scope s = lower_clo_enter(c, c->clo, scope);
    bool r = type_form(c, cv, depth + 1);
    lower_clo_leave(c, s);
    return r;
  }
  if (e->kind == AST_EXPR_NAME || e->kind == AST_EXPR_ATTRIBUTE) {
    binding b = lower_resolve(c, e);
    switch (b.kind) {
    case BIND_STRUCT: return true;
    case BIND_WARP:
      return *b.warp && lower_warp_name(c, b.warp).kind == ENT_TYPE;
    case BIND_GLOBAL: return global_type_form(c, b.module, b.index, depth + 1);
    case BIND_NONE: break;
    default: return false;
    }
    return e->kind == AST_EXPR_NAME &&
           (!strcmp(e->name, "float") || !strcmp(e->name, "int") ||
            !strcmp(e->name, "bool"));
  }
  if (tuple_item(e))
    return type_form(c, tuple_item(e), depth + 1);
  if (e->kind == AST_EXPR_CALL || e->kind == AST_EXPR_SUBSCRIPT) {
    const char *callee = lower_warp_path(c, e->value);
    if (!callee)
      return false;
    entity en = lower_warp_name(c, callee);
    return (en.kind == ENT_SPECIAL && en.array_ndim) ||
           (e->kind == AST_EXPR_CALL && vecmat_callee(callee)) ||
           flavor_type_call(e, callee);
  }
  return false;
}

bool lower_is_type_expr(lower_ctx *c, const ast_expr *e) {
  return type_form(c, e, 0);
}

const ir_type *lower_global_type(lower_ctx *c, int mod, int index) {
  if (c->const_depth > 16 || !global_type_form(c, mod, index, 0))
    return NULL;
  const ast_global *g = &c->prog->modules[mod]->globals[index];
  if (g->value->kind == AST_EXPR_NAME) { /* S1 = S: the S defined above */
    binding b = lower_lookup_before(c, mod, g->value->name, g->loc.start);
    if (b.kind == BIND_STRUCT)
      return b.type;
  }
  int old = lower_enter_module(c, mod);
  c->const_depth++;
  const ir_type *t = lower_type_expr(c, c->ast->globals[index].value);
  c->const_depth--;
  lower_enter_module(c, old);
  return t;
}

const ir_type *lower_alias(lower_ctx *c, const char *name) {
  binding b = lower_lookup(c, c->mod, name);
  return b.kind == BIND_GLOBAL ? lower_global_type(c, b.module, b.index) : NULL;
}

/* An int argument of vector()/matrix(): a compile-time integer (a
 * literal, a module constant, an expression of them). */
static int dim_arg(lower_ctx *c, const ast_expr *e, const char *what) {
  int64_t v = 0;
  int errors = c->diag->errors;
  if (e && lower_const_int_expr(c, e, &v) && v >= 1 && v <= IR_MAX_DIM)
    return (int)v;
  if (c->diag->errors == errors)
    wp_error(c->diag, e ? e->loc : (wp_loc){0},
             "%s must be an integer constant from 1 to %d", what, IR_MAX_DIM);
  else
    wp_note(c->diag, e->loc, "the %s of a vector or matrix type", what);
  return 0;
}

/* wp.types.vector(length=N, dtype=T), wp.types.matrix(shape=(R, C),
 * dtype=T) with concrete sizes. */
static const ir_type *vecmat_type(lower_ctx *c, const ast_expr *e, bool mat) {
  const ast_expr *dt = keyword(e, "dtype");
  if (!dt && e->nitems >= 2)
    dt = e->items[1];
  const ast_expr *sz = keyword(e, mat ? "shape" : "length");
  if (!sz && e->nitems >= 1)
    sz = e->items[0];
  if (!sz) {
    wp_error(c->diag, e->loc, "%s",
             mat ? "matrix() needs shape=(rows, cols)"
                 : "vector() needs length=N");
    return NULL;
  }
  const ir_type *st = dt ? lower_type_expr(c, dt) : ir_t_float32(c->T);
  if (!st)
    return NULL;
  if (st->kind != IR_T_SCALAR) {
    wp_error(c->diag, dt->loc, "the dtype of a %s must be a numeric scalar",
             mat ? "matrix" : "vector");
    return NULL;
  }
  if (!mat) {
    int n = dim_arg(c, sz, "length");
    return n ? ir_t_vec(c->T, st->scalar, n) : NULL;
  }
  if (sz->kind != AST_EXPR_TUPLE || sz->nitems != 2) {
    wp_error(c->diag, sz->loc, "shape must be a tuple (rows, cols)");
    return NULL;
  }
  int r = dim_arg(c, sz->items[0], "rows"),
      k = dim_arg(c, sz->items[1], "cols");
  return r && k ? ir_t_mat(c->T, st->scalar, r, k) : NULL;
}

/* tuple / Tuple / typing.Tuple, as in the return annotation
 * `-> tuple[float, int]` of a func returning several values. */
static bool is_tuple_name(const ast_expr *e) {
  if (e->kind == AST_EXPR_NAME)
    return !strcmp(e->name, "tuple") || !strcmp(e->name, "Tuple");
  return e->kind == AST_EXPR_ATTRIBUTE && !strcmp(e->name, "Tuple") &&
         e->value->kind == AST_EXPR_NAME && !strcmp(e->value->name, "typing");
}

static const ir_type *tuple_type(lower_ctx *c, const ast_expr *e) {
  const ast_expr *const *items = (const ast_expr *const *)e->items;
  int n = e->nitems;
  if (n == 1 && e->items[0]->kind == AST_EXPR_TUPLE) {
    items = (const ast_expr *const *)e->items[0]->items;
    n = e->items[0]->nitems;
  }
  if (n < 2) {
    wp_error(c->diag, e->loc, "a tuple type needs at least two member types");
    return NULL;
  }
  const ir_type **m = WP_NEW_ARRAY(c->A, const ir_type *, n);
  for (int i = 0; i < n; i++)
    if (!(m[i] = lower_type_expr(c, items[i])))
      return NULL;
  return ir_t_tuple(c->T, m, n);
}

/* wp.tile[dtype, d0, d1, ...]: a tile parameter's annotation (extents
 * compile-time integers or Literal[n], or one tuple of them, as
 * warp-lang's wp.tile[float, (M, N)]). */
static const ir_type *tile_annotation(lower_ctx *c, const ast_expr *e) {
  const ast_expr *const *ext =
      e->nitems > 1 ? (const ast_expr *const *)&e->items[1] : NULL;
  int next = e->nitems - 1;
  if (next == 1 && e->items[1]->kind == AST_EXPR_TUPLE) {
    ext = (const ast_expr *const *)e->items[1]->items;
    next = e->items[1]->nitems;
  }
  if (next < 1 || next > IR_TILE_MAX_NDIM) {
    wp_error(c->diag, e->loc,
             "wp.tile[dtype, extents...] takes a dtype and 1 to %d extents",
             IR_TILE_MAX_NDIM);
    return NULL;
  }
  const ir_type *dt = lower_type_expr(c, e->items[0]);
  if (!dt)
    return NULL;
  if (dt->kind != IR_T_SCALAR && dt->kind != IR_T_VEC && dt->kind != IR_T_MAT) {
    wp_error(c->diag, e->items[0]->loc,
             "a tile's dtype is a scalar, vector or matrix type, not '%s'",
             dt->name);
    return NULL;
  }
  int dims[IR_TILE_MAX_NDIM];
  int64_t count = 1;
  for (int k = 0; k < next; k++) {
    int64_t d;
    int errors = wp_diag_error_count(c->diag);
    bool ok = lower_const_int_expr(c, unliteral(ext[k]), &d);
    if (!ok && wp_diag_error_count(c->diag) > errors) /* reported */
      return NULL;
    if (!ok || d < 1) {
      wp_error(c->diag, ext[k]->loc,
               "a tile extent must be a constant integer of at least 1");
      return NULL;
    }
    count *= d;
    if (count > IR_TILE_MAX_ELEMS) {
      wp_error(c->diag, e->loc, "a tile holds at most %d elements in warpc",
               IR_TILE_MAX_ELEMS);
      return NULL;
    }
    dims[k] = (int)d;
  }
  return ir_t_tile_nd(c->T, dt, next, dims);
}

const ir_type *lower_type_expr(lower_ctx *c, const ast_expr *e) {
  const char *path = lower_warp_path(c, e);
  int scope = 0;
  const ast_expr *cv =
      e->kind == AST_EXPR_NAME ? lower_closure_value(c, e->name, &scope) : NULL;
  if (cv) { /* a type passed to a factory, or one of its locals */
    clo_scope s = lower_clo_enter(c, c->clo, scope);
    const ir_type *t = lower_type_expr(c, cv);
    lower_clo_leave(c, s);
    return t;
  }
  if ((e->kind == AST_EXPR_NAME || e->kind == AST_EXPR_ATTRIBUTE) && !path) {
    /* structs of this file or imported ones (util.S), aliases (also
       imported: util.Vec), warp names imported through another file */
    binding b = lower_resolve(c, e);
    if (b.kind == BIND_STRUCT)
      return b.type;
    if (b.kind == BIND_WARP)
      path = b.warp;
    else if (b.kind == BIND_GLOBAL && type_form(c, e, 0))
      return lower_global_type(c, b.module, b.index);
    else if (b.kind == BIND_MISSING || b.kind == BIND_BADNAME ||
             (b.kind == BIND_OTHER && b.module < 0)) {
      lower_report_binding(c, b, e->name, e->loc);
      return NULL;
    }
  }
  if (e->kind == AST_EXPR_NAME && !path) {
    if (strcmp(e->name, "float") == 0)
      return ir_t_float32(c->T);
    if (strcmp(e->name, "int") == 0)
      return ir_t_int32(c->T);
    if (strcmp(e->name, "bool") == 0)
      return ir_t_bool(c->T);
  }
  if (path) {
    entity en = lower_warp_name(c, path);
    if (en.kind == ENT_TYPE)
      return en.type;
    if (en.kind == ENT_SPECIAL && en.array_ndim) {
      wp_error(c->diag, e->loc,
               "array type needs a dtype, e.g. wp.array(dtype=float)");
      return NULL;
    }
    wp_error(c->diag, e->loc, "'%s' is not a type warpc knows", path);
    return NULL;
  }
  if (e->kind == AST_EXPR_SUBSCRIPT && is_tuple_name(e->value))
    return tuple_type(c, e);
  if (tuple_item(e))
    return lower_type_expr(c, tuple_item(e));
  if (e->kind == AST_EXPR_CALL || e->kind == AST_EXPR_SUBSCRIPT) {
    const char *callee = lower_warp_path(c, e->value);
    entity en =
        callee ? lower_warp_name(c, callee) : (entity){.kind = ENT_ERROR};
    if (callee && e->kind == AST_EXPR_CALL && vecmat_callee(callee))
      return vecmat_type(c, e, callee[0] == 'm');
    if (callee && !strcmp(callee, "tile") && e->kind == AST_EXPR_SUBSCRIPT)
      return tile_annotation(c, e);
    if (callee && !strcmp(callee, "tile_stack") && e->kind == AST_EXPR_CALL)
      return lower_tile_stack_type(c, e); /* a @wp.func's parameter */
    if (callee && flavor_type_call(e, callee)) {
      const ir_type *st = lower_type_expr(c, e->keywords[0].value);
      if (!st)
        return NULL;
      if (st->kind != IR_T_SCALAR || !ir_type_is_float(st)) {
        wp_error(c->diag, e->keywords[0].value->loc,
                 "the dtype of a %s must be a float type, not '%s'", callee,
                 st->name);
        return NULL;
      }
      return callee[0] == 'q' ? ir_t_quat(c->T, st->scalar)
                              : ir_t_transform(c->T, st->scalar);
    }
    if (en.kind == ENT_TYPE && e->kind == AST_EXPR_SUBSCRIPT &&
        ir_type_is_builtin_struct(en.type)) { /* wp.HashGridQuery[wp.float16] */
      const ir_type *st =
          e->nitems == 1 ? lower_type_expr(c, e->items[0]) : NULL;
      const ir_type *q = st ? ir_builtin_struct_of(c->T, en.type, st) : NULL;
      if (!q && (st || e->nitems != 1))
        wp_error(c->diag, e->loc, "'%s' takes no type parameter%s%s",
                 en.type->name, st ? " " : "", st ? st->name : "");
      return q;
    }
    if (en.kind == ENT_SPECIAL && en.array_ndim) {
      if (e->kind == AST_EXPR_SUBSCRIPT)
        return array_subscript(c, e, callee, en.array_ndim);
      const ast_expr *dt = keyword(e, "dtype");
      if (!dt && e->nitems >= 1)
        dt = e->items[0];
      int ndim = en.array_ndim;
      const ast_expr *nd = keyword(e, "ndim");
      if (nd) {
        if (nd->kind != AST_EXPR_INT) {
          wp_error(c->diag, nd->loc, "ndim must be an integer literal");
          return NULL;
        }
        ndim = (int)nd->int_value;
      }
      return array_type(c, e, dt, ndim, indexed_callee(callee));
    }
  }
  if (e->kind == AST_EXPR_BINARY && e->op == AST_OP_BITOR) {
    wp_error(c->diag, e->loc,
             "union type annotations (A | B) are valid only at Python scope, "
             "not in Warp kernels and functions: write a single type");
    return NULL;
  }
  if (e->kind == AST_EXPR_STRING) {
    wp_error(c->diag, e->loc,
             "string annotations are not supported; write the type itself");
    return NULL;
  }
  if (e->kind == AST_EXPR_NAME) {
    wp_error(c->diag, e->loc, "unknown type '%s'", e->name);
    return NULL;
  }
  if (c->fs->f &&
      ((e->kind == AST_EXPR_ATTRIBUTE && !strcmp(e->name, "dtype")) ||
       (e->kind == AST_EXPR_CALL && e->value->kind == AST_EXPR_NAME &&
        !strcmp(e->value->name, "type")))) {
    entity en = lower_entity(c, e); /* type(a).dtype, a.dtype, type(x) */
    if (en.kind == ENT_TYPE && en.type)
      return en.type;
    if (en.kind == ENT_ERROR)
      return NULL;
  }
  if (e->kind == AST_EXPR_CALL || e->kind == AST_EXPR_SUBSCRIPT) {
    const char *callee = lower_warp_path(c, e->value);
    if (callee) {
      wp_error(c->diag, e->value->loc, "'%s' is not a type warpc knows",
               callee);
      return NULL;
    }
  }
  wp_error(c->diag, e->loc, "expected a type");
  return NULL;
}
