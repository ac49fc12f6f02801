/* lower_types.c - warp's namespace: type names, annotations, and the other
 * names of warp that have their own lowering. */
#include <stdlib.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower.h"

static int scalar_from_name(const char *n) {
  static const struct {
    const char *name;
    int scalar;
  } tab[] = {
      {"float16", WP_SCALAR_FLOAT16}, {"half", WP_SCALAR_FLOAT16},
      {"float32", WP_SCALAR_FLOAT32}, {"float64", WP_SCALAR_FLOAT64},
      {"int8", WP_SCALAR_INT8},       {"uint8", WP_SCALAR_UINT8},
      {"int16", WP_SCALAR_INT16},     {"uint16", WP_SCALAR_UINT16},
      {"int32", WP_SCALAR_INT32},     {"uint32", WP_SCALAR_UINT32},
      {"int64", WP_SCALAR_INT64},     {"uint64", WP_SCALAR_UINT64},
      {"bool", WP_SCALAR_BOOL},       {"bfloat16", WP_SCALAR_BFLOAT16},
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
  if (strncmp(n, "mat", 3) == 0 && n[3] >= '2' && n[3] <= '4' && n[4] == n[3]) {
    int s = scalar_from_suffix(n + 5);
    if (s && (s == WP_SCALAR_FLOAT32 || s == WP_SCALAR_FLOAT64 ||
              s == WP_SCALAR_FLOAT16))
      return ir_t_mat(T, s, n[3] - '0', n[4] - '0');
  }
  return NULL;
}

static const char *specials[] = {
    "tid",        "constant",       "array",         "array1d",
    "array2d",    "array3d",        "array4d",       "static",
    "printf",     "range",          "len",           "float",
    "int",        "bool",           "quat_identity", "transform_identity",
    "quaternion", "transformation",
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
  if (t) {
    e.kind = ENT_TYPE;
    e.type = t;
    return e;
  }
  for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++)
    if (strcmp(specials[i], name) == 0) {
      e.kind = ENT_SPECIAL;
      if (strncmp(name, "array", 5) == 0)
        e.array_ndim = name[5] ? name[5] - '0' : 1;
      return e;
    }
  if (strcmp(name, "types") == 0) {
    e.kind = ENT_WARP;
    return e;
  }
  const ir_builtin *b = ir_builtin_find(name);
  if (b) {
    e.kind = ENT_BUILTIN;
    e.builtin = b;
  }
  return e;
}

const char *lower_warp_path(lower_ctx *c, const ast_expr *e) {
  if (e->kind == AST_EXPR_NAME) {
    for (int i = 0; i < c->ast->nimports; i++) {
      const ast_import *im = &c->ast->imports[i];
      if (im->is_warp && strcmp(im->local, e->name) == 0)
        return im->target;
    }
    return NULL;
  }
  if (e->kind == AST_EXPR_ATTRIBUTE) {
    const char *base = lower_warp_path(c, e->value);
    if (!base)
      return NULL;
    /* warp.types.X and warp.X name the same things */
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

/* dtype=..., ndim=... of an array annotation. */
static const ir_type *array_type(lower_ctx *c, const ast_expr *e,
                                 const ast_expr *dtype_e, int ndim) {
  if (!dtype_e) {
    wp_error(c->diag, e->loc,
             "array type needs a dtype, e.g. wp.array(dtype=float)");
    return NULL;
  }
  const ir_type *dt = lower_type_expr(c, dtype_e);
  if (!dt)
    return NULL;
  if (dt->kind != IR_T_SCALAR && dt->kind != IR_T_VEC && dt->kind != IR_T_MAT &&
      dt->kind != IR_T_STRUCT) {
    wp_error(c->diag, dtype_e->loc, "'%s' cannot be an array dtype", dt->name);
    return NULL;
  }
  if (ndim < 1 || ndim > 4) {
    wp_error(c->diag, e->loc, "arrays have 1 to 4 dimensions, not %d", ndim);
    return NULL;
  }
  return ir_t_array(c->T, dt, ndim);
}

const ir_type *lower_type_expr(lower_ctx *c, const ast_expr *e) {
  const char *path = lower_warp_path(c, e);
  if (e->kind == AST_EXPR_NAME && !path) {
    const ir_type *st = lower_find_struct(c, e->name);
    if (st)
      return st;
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
  if (e->kind == AST_EXPR_CALL || e->kind == AST_EXPR_SUBSCRIPT) {
    const char *callee = lower_warp_path(c, e->value);
    entity en =
        callee ? lower_warp_name(c, callee) : (entity){.kind = ENT_ERROR};
    if (en.kind == ENT_SPECIAL && en.array_ndim) {
      if (e->kind == AST_EXPR_SUBSCRIPT) {
        if (e->nitems != 1) {
          wp_error(c->diag, e->loc, "expected one dtype in %s[...]", callee);
          return NULL;
        }
        return array_type(c, e, e->items[0], en.array_ndim);
      }
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
      return array_type(c, e, dt, ndim);
    }
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
