/* lower_tile.c - Warp's tile builtins: construction (tile_zeros, tile_ones,
 * tile_full, tile_arange), memory (tile_load, tile_store, tile_atomic_add),
 * the operators on tiles and element access; the dispatch of the others
 * (lower_tile_ops.c).  See lower_tile.h for the representation.
 *
 * Instructions made here (IR_BUILTIN of the entry):
 *   TILE_FULL    args: value (of the dtype)               -> tile
 *   TILE_ARANGE  args: start, step (of the dtype)          -> 1-d tile
 *   TILE_LOAD    args: array, offset per dimension (int32); aux: bounds
 *                check                                      -> tile
 *   TILE_STORE   args: array, tile, offsets; aux: bounds check
 *   TILE_ATOMIC_ADD  as TILE_STORE                         -> tile of the
 *                old values (0 where out of bounds)
 *   TILE_MAP     args: tiles (one shape) and other values (the same for
 *                every element); aux: the element builtin -> tile
 *   TILE_EXTRACT args: tile, index per dimension (int32)   -> element
 * tile_zeros and tile_ones are TILE_FULL of 0 and 1. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

bool lower_tile_handles(ir_builtin_id id) {
  return id >= IR_B_TILE_ZEROS && id <= IR_B_TILE_MATMUL;
}

bool lower_tile_bind(lower_ctx *c, const ast_expr *e, const char *fn,
                     const char *const *names, int np, const ast_expr **out) {
  for (int i = 0; i < np; i++)
    out[i] = NULL;
  if (e->nitems > np) {
    wp_error(c->diag, e->loc, "wp.%s() takes at most %d arguments, got %d", fn,
             np, e->nitems);
    return false;
  }
  for (int i = 0; i < e->nitems; i++) {
    if (e->items[i]->kind == AST_EXPR_STARRED) {
      wp_error(c->diag, e->items[i]->loc,
               "wp.%s() takes no starred arguments in warpc", fn);
      return false;
    }
    out[i] = e->items[i];
  }
  for (int k = 0; k < e->nkeywords; k++) {
    int i = 0;
    while (i < np && strcmp(names[i], e->keywords[k].name))
      i++;
    if (i == np) {
      wp_error(c->diag, e->keywords[k].loc, "wp.%s() has no argument '%s'", fn,
               e->keywords[k].name);
      return false;
    }
    if (out[i]) {
      wp_error(c->diag, e->keywords[k].loc, "wp.%s() got argument '%s' twice",
               fn, names[i]);
      return false;
    }
    out[i] = e->keywords[k].value;
  }
  return true;
}

ir_value *lower_tile_emit(lower_ctx *c, ir_builtin_id id, const ir_type *t,
                          ir_value **args, int n, wp_loc loc) {
  lower_tile_check_bytes(c, t, args, n, loc); /* lower_tile_limits.c */
  ir_value *v = lower_emit(c, IR_BUILTIN, t, args, n, loc);
  v->builtin = ir_builtin_get(id);
  return v;
}

bool lower_tile_2d(lower_ctx *c, const ir_type *t, const char *what,
                   wp_loc loc) {
  if (t->ndim <= 2)
    return true;
  wp_error(c->diag, loc,
           "%s of a tile of more than 2 dimensions ('%s') is not supported by "
           "warpc yet",
           what, t->name);
  return false;
}

ir_value *lower_tile_arg(lower_ctx *c, const ast_expr *x, const char *fn) {
  ir_value *v = lower_expr(c, x);
  if (v && (v->type->kind != IR_T_TILE || v->type->flavor == IR_TILE_STACK)) {
    wp_error(c->diag, x->loc, "wp.%s() needs a tile here, not '%s'", fn,
             v->type->name);
    return NULL;
  }
  return v;
}

bool lower_tile_const_int(lower_ctx *c, const ast_expr *x, const char *what,
                          int64_t *out) {
  ir_value *v = lower_expr(c, x);
  if (!v)
    return false;
  if (v->op != IR_CONST || v->type->kind != IR_T_SCALAR ||
      !ir_type_is_int(v->type)) {
    wp_error(c->diag, x->loc, "%s must be a compile-time integer", what);
    return false;
  }
  *out = v->ival;
  return true;
}

/* lower_tile_shape; with `total` > 0 one extent may be -1, which becomes
 * total / the product of the others (tile_reshape's inferred extent). */
static bool shape_of(lower_ctx *c, const ast_expr *x, const char *fn,
                     int64_t total, int *ndim, int *dims) {
  const ast_expr *const *items = &x;
  int n = 1;
  if (x->kind == AST_EXPR_TUPLE) {
    items = (const ast_expr *const *)x->items;
    n = x->nitems;
  }
  if (n < 1 || n > IR_TILE_MAX_NDIM) {
    wp_error(c->diag, x->loc,
             "wp.%s(): warpc compiles tiles of 1 to %d dimensions, not %d "
             "(its limit)",
             fn, IR_TILE_MAX_NDIM, n);
    return false;
  }
  int64_t count = 1;
  int infer = -1;
  for (int k = 0; k < n; k++) {
    int64_t d;
    if (!lower_tile_const_int(c, items[k], "a tile extent", &d))
      return false;
    if (d == -1 && total > 0 && infer < 0) {
      infer = k;
      continue;
    }
    if (d < 1) {
      wp_error(c->diag, items[k]->loc,
               total > 0 ? "a tile extent must be at least 1 (or one -1, "
                           "inferred from the others)"
                         : "a tile extent must be at least 1");
      return false;
    }
    count *= d;
    if (count > IR_TILE_MAX_ELEMS) {
      wp_error(c->diag, x->loc,
               "wp.%s(): a tile holds at most %d elements in warpc (its "
               "limit: a block's tiles are in the frame of the thread that "
               "runs it)",
               fn, IR_TILE_MAX_ELEMS);
      return false;
    }
    dims[k] = (int)d;
  }
  if (infer >= 0) {
    if (total % count) {
      wp_error(c->diag, x->loc,
               "wp.%s(): %lld elements are not a whole number of %lld (the "
               "product of the extents other than -1)",
               fn, (long long)total, (long long)count);
      return false;
    }
    dims[infer] = (int)(total / count);
  }
  *ndim = n;
  return true;
}

bool lower_tile_shape(lower_ctx *c, const ast_expr *x, const char *fn,
                      int *ndim, int *dims) {
  return shape_of(c, x, fn, 0, ndim, dims);
}

bool lower_tile_shape_infer(lower_ctx *c, const ast_expr *x, const char *fn,
                            int total, int *ndim, int *dims) {
  return shape_of(c, x, fn, total, ndim, dims);
}

/* dtype= (default `def`): a scalar, vector or matrix type. */
static const ir_type *dtype_arg(lower_ctx *c, const ast_expr *x,
                                const ir_type *def) {
  if (!x)
    return def;
  const ir_type *t = lower_type_expr(c, x);
  if (t && t->kind != IR_T_SCALAR && t->kind != IR_T_VEC &&
      t->kind != IR_T_MAT && t->kind != IR_T_STRUCT) {
    wp_error(c->diag, x->loc,
             "a tile's dtype is a scalar, vector, matrix or struct type, not "
             "'%s'",
             t->name);
    return NULL;
  }
  return t;
}

/* storage= must be "register" or "shared" (the same tile on the CPU). */
static bool storage_arg(lower_ctx *c, const ast_expr *x) {
  if (!x)
    return true;
  if (x->kind != AST_EXPR_STRING ||
      (strcmp(x->string, "register") && strcmp(x->string, "shared"))) {
    wp_error(c->diag, x->loc, "storage= is \"register\" or \"shared\"");
    return false;
  }
  c->tile_shared_kw |= !strcmp(x->string, "shared");
  return true;
}

/* A compile-time bool keyword (bounds_check=, aligned=); def when absent. */
static bool const_bool(lower_ctx *c, const ast_expr *x, bool def, int *out) {
  *out = def;
  if (!x)
    return true;
  ir_value *v = lower_expr(c, x);
  if (!v)
    return false;
  if (v->op != IR_CONST || v->type->kind != IR_T_SCALAR) {
    wp_error(c->diag, x->loc, "this argument must be a compile-time bool");
    return false;
  }
  *out = v->ival != 0;
  return true;
}

/* The value `k` (0 or 1) of dtype t: a constant, or a vector / matrix of
 * it. */
static ir_value *filled(lower_ctx *c, const ir_type *t, int k, wp_loc loc) {
  if (!k)
    return lower_emit(c, IR_ZERO, t, NULL, 0, loc);
  const ir_type *s = t->kind == IR_T_SCALAR ? t : t->elem;
  ir_value *one = ir_type_is_float(s) ? lower_const_float(c, s, 1.0)
                                      : lower_const_int(c, s, 1);
  if (t->kind == IR_T_SCALAR)
    return one;
  int n = t->rows * t->cols;
  ir_value **parts = WP_NEW_ARRAY(c->A, ir_value *, n);
  for (int i = 0; i < n; i++)
    parts[i] = one;
  return lower_emit(c, IR_COMPOSE, t, parts, n, loc);
}

static bool no_half(lower_ctx *c, const ir_type *t, const char *fn,
                    wp_loc loc) {
  if (ir_type_has_half(t)) {
    wp_error(c->diag, loc,
             "wp.%s(): tiles of float16/bfloat16 are not supported by warpc "
             "yet",
             fn);
    return false;
  }
  return true;
}

/* tile_zeros(shape, dtype=float, storage), tile_ones(...), tile_full(shape,
 * value, dtype=the value's type, storage). */
static ir_value *tile_fill(lower_ctx *c, const ast_expr *e,
                           const ir_builtin *b) {
  static const char *const zk[] = {"shape", "dtype", "storage"};
  static const char *const fk[] = {"shape", "value", "dtype", "storage"};
  bool full = b->id == IR_B_TILE_FULL;
  const ast_expr *a[4];
  if (!lower_tile_bind(c, e, b->name, full ? fk : zk, full ? 4 : 3, a))
    return NULL;
  const ast_expr *sh = a[0], *val = full ? a[1] : NULL, *dt = a[full ? 2 : 1],
                 *st = a[full ? 3 : 2];
  if (!sh || (full && !val)) {
    wp_error(c->diag, e->loc, "wp.%s() needs shape=%s", b->name,
             full ? " and value=" : "");
    return NULL;
  }
  int nd, dims[IR_TILE_MAX_NDIM];
  ir_value *v = NULL;
  /* tile_full with no dtype: the value's type (Warp's default) */
  if (full && !dt && !(v = lower_expr(c, val)))
    return NULL;
  const ir_type *t = v ? v->type : dtype_arg(c, dt, ir_t_float32(c->T));
  if (v && t->kind != IR_T_SCALAR && t->kind != IR_T_VEC &&
      t->kind != IR_T_MAT && t->kind != IR_T_STRUCT) {
    wp_error(c->diag, val->loc,
             "a tile's dtype is a scalar, vector, matrix or struct type, not "
             "'%s'",
             t->name);
    return NULL;
  }
  if (!t || !lower_tile_shape(c, sh, b->name, &nd, dims) || !storage_arg(c, st))
    return NULL;
  if (t->kind == IR_T_STRUCT && b->id == IR_B_TILE_ONES) { /* as Warp */
    wp_error(c->diag, dt->loc,
             "wp.tile_ones() of struct '%s': a struct has no one (tile_zeros "
             "and tile_full take structs)",
             t->name);
    return NULL;
  }
  if (full) {
    if (!v && !(v = lower_expr(c, val)))
      return NULL;
    if (v->type != t && v->type->kind == IR_T_SCALAR && t->kind == IR_T_SCALAR)
      v = lower_cast(c, v, t, val->loc);
    if (v->type != t) {
      wp_error(c->diag, val->loc,
               "wp.tile_full(): the value is a '%s', the dtype '%s'",
               v->type->name, t->name);
      return NULL;
    }
  } else
    v = filled(c, t, b->id == IR_B_TILE_ONES, e->loc);
  return lower_tile_emit(c, IR_B_TILE_FULL, ir_t_tile_nd(c->T, t, nd, dims), &v,
                         1, e->loc);
}

/* dtype=, storage= and the half check for lower_tile_arange.c */
const ir_type *lower_tile_dtype_arg(lower_ctx *c, const ast_expr *x,
                                    const ir_type *def) {
  return dtype_arg(c, x, def);
}

bool lower_tile_storage_arg(lower_ctx *c, const ast_expr *x) {
  return storage_arg(c, x);
}

bool lower_tile_no_half(lower_ctx *c, const ir_type *t, const char *fn,
                        wp_loc loc) {
  return no_half(c, t, fn, loc);
}

/* offset= of a tile load/store on an array of nd dimensions: one int per
 * dimension (0 when absent), lowered into out[] as int32. */
bool lower_tile_offsets(lower_ctx *c, const ast_expr *x, int nd,
                        ir_value **out) {
  const ir_type *i32 = ir_t_int32(c->T);
  if (!x) {
    for (int k = 0; k < nd; k++)
      out[k] = lower_const_int(c, i32, 0);
    return true;
  }
  const ast_expr *const *items = &x;
  int n = 1;
  if (x->kind == AST_EXPR_TUPLE) {
    items = (const ast_expr *const *)x->items;
    n = x->nitems;
  }
  if (n != nd) {
    wp_error(c->diag, x->loc,
             "offset= has %d value%s, the array %d dimension%s", n,
             n == 1 ? "" : "s", nd, nd == 1 ? "" : "s");
    return false;
  }
  for (int k = 0; k < n; k++) {
    ir_value *v = lower_expr(c, items[k]);
    if (!v)
      return false;
    if (v->type->kind != IR_T_SCALAR || !ir_type_is_int(v->type)) {
      wp_error(c->diag, items[k]->loc, "an offset must be an integer, not '%s'",
               v->type->name);
      return false;
    }
    out[k] = lower_cast(c, v, i32, items[k]->loc);
  }
  return true;
}

ir_value *lower_tile_array_arg(lower_ctx *c, const ast_expr *x,
                               const char *fn) {
  ir_value *a = lower_expr(c, x);
  if (a && !ir_type_is_plain_array(a->type)) {
    wp_error(c->diag, x->loc, "wp.%s() needs an array here, not '%s'", fn,
             a->type->name);
    return NULL;
  }
  return a;
}

/* tile_load(a, shape, offset, storage, bounds_check, aligned). */
static ir_value *tile_load(lower_ctx *c, const ast_expr *e) {
  static const char *const k[] = {"a",       "shape",        "offset",
                                  "storage", "bounds_check", "aligned"};
  const ast_expr *x[6];
  if (!lower_tile_bind(c, e, "tile_load", k, 6, x))
    return NULL;
  if (!x[0] || !x[1]) {
    wp_error(c->diag, e->loc, "wp.tile_load() needs a and shape=");
    return NULL;
  }
  ir_value *args[1 + IR_TILE_MAX_NDIM];
  int nd, dims[IR_TILE_MAX_NDIM], bc, al;
  if (!(args[0] = lower_tile_array_arg(c, x[0], "tile_load")) ||
      !lower_tile_shape(c, x[1], "tile_load", &nd, dims) ||
      !storage_arg(c, x[3]) || !const_bool(c, x[4], true, &bc) ||
      !const_bool(c, x[5], false, &al))
    return NULL;
  const ir_type *at = args[0]->type;
  if (at->ndim != nd) {
    wp_error(c->diag, x[1]->loc,
             "wp.tile_load(): the shape has %d dimension%s, the array %d", nd,
             nd == 1 ? "" : "s", at->ndim);
    return NULL;
  }
  if (!lower_tile_offsets(c, x[2], nd, args + 1))
    return NULL;
  ir_value *v =
      lower_tile_emit(c, IR_B_TILE_LOAD, ir_t_tile_nd(c->T, at->elem, nd, dims),
                      args, 1 + nd, e->loc);
  v->aux = bc;
  return v;
}

/* tile_store(a, t, offset, bounds_check, aligned) and tile_atomic_add(a,
 * t, offset, bounds_check). */
static ir_value *tile_store(lower_ctx *c, const ast_expr *e,
                            const ir_builtin *b) {
  static const char *const k[] = {"a", "t", "offset", "bounds_check",
                                  "aligned"};
  bool atomic = b->id == IR_B_TILE_ATOMIC_ADD;
  const ast_expr *x[5];
  if (!lower_tile_bind(c, e, b->name, k, atomic ? 4 : 5, x))
    return NULL;
  if (!x[0] || !x[1]) {
    wp_error(c->diag, e->loc, "wp.%s() needs a and t", b->name);
    return NULL;
  }
  ir_value *args[2 + IR_TILE_MAX_NDIM];
  int bc, al;
  if (!(args[0] = lower_tile_array_arg(c, x[0], b->name)) ||
      !(args[1] = lower_tile_arg(c, x[1], b->name)) ||
      !const_bool(c, x[3], true, &bc) ||
      !const_bool(c, atomic ? NULL : x[4], false, &al))
    return NULL;
  const ir_type *at = args[0]->type, *tt = args[1]->type;
  if (at->ndim != tt->ndim || at->elem != tt->elem) {
    wp_error(c->diag, e->loc,
             "wp.%s(): the tile '%s' does not match the array '%s' (same "
             "dtype and number of dimensions)",
             b->name, tt->name, at->name);
    return NULL;
  }
  if (atomic && ir_type_size(tt) > IR_TILE_MAX_SHARED_BYTES) {
    /* the old values reach every thread of a CUDA block through a static
       __shared__ copy (lib/emit/emit_tile.c) */
    wp_error(c->diag, e->loc,
             "wp.tile_atomic_add() of a tile of %d bytes: warpc takes at "
             "most %d (its limit: CUDA's static shared memory)",
             ir_type_size(tt), IR_TILE_MAX_SHARED_BYTES);
    return NULL;
  }
  /* a struct: member-wise (lib/emit/emit_tile_struct.c) */
  bool members =
      tt->elem->kind == IR_T_STRUCT && ir_tile_struct_summable(tt->elem);
  if (atomic && !members && ir_type_has_half(tt->elem)) {
    wp_error(c->diag, e->loc,
             "wp.tile_atomic_add() of float16/bfloat16 tiles is not "
             "supported by warpc yet");
    return NULL;
  }
  if (atomic && !members && !ir_type_is_float(tt->elem) &&
      !ir_type_is_int(tt->elem) &&
      !((tt->elem->kind == IR_T_VEC || tt->elem->kind == IR_T_MAT) &&
        (ir_type_is_float(tt->elem->elem) || ir_type_is_int(tt->elem->elem)))) {
    wp_error(c->diag, e->loc, "wp.tile_atomic_add(): no atomic add on '%s'%s",
             tt->elem->name,
             tt->elem->kind == IR_T_STRUCT
                 ? " in warpc yet (a vector or matrix of float16/bfloat16 "
                   "among its members)"
                 : "");
    return NULL;
  }
  if (!lower_tile_offsets(c, x[2], at->ndim, args + 2))
    return NULL;
  lower_note_store(c, args[0]);
  ir_value *v = lower_tile_emit(c, b->id, atomic ? tt : ir_t_void(c->T), args,
                                2 + at->ndim, e->loc);
  v->aux = bc;
  return v;
}

static ir_value *tile_call(lower_ctx *c, const ast_expr *e,
                           const ir_builtin *b) {
  switch (b->id) {
  case IR_B_TILE_ZEROS:
  case IR_B_TILE_ONES:
  case IR_B_TILE_FULL: return tile_fill(c, e, b);
  case IR_B_TILE_ARANGE: return lower_tile_arange(c, e);
  case IR_B_TILE_LOAD: return tile_load(c, e);
  case IR_B_TILE_STORE:
  case IR_B_TILE_ATOMIC_ADD: return tile_store(c, e, b);
  case IR_B_TILE_MAP: return lower_tile_map(c, e);
  case IR_B_TILE_LOAD_INDEXED:
  case IR_B_TILE_STORE_INDEXED:
  case IR_B_TILE_ATOMIC_ADD_INDEXED: return lower_tile_indexed(c, e, b);
  case IR_B_TILE_SUM:
  case IR_B_TILE_MIN:
  case IR_B_TILE_MAX:
  case IR_B_TILE_ARGMIN:
  case IR_B_TILE_ARGMAX:
  case IR_B_TILE_REDUCE: return lower_tile_reduction(c, e, b);
  case IR_B_TILE_MATMUL: return lower_tile_matmul(c, e);
  default:
    return ir_builtin_is_tile_block(b->id) ? lower_tile_block(c, e, b)
                                           : lower_tile_shape_op(c, e, b);
  }
}

ir_value *lower_tile_call(lower_ctx *c, const ast_expr *e,
                          const ir_builtin *b) {
  bool outer = c->tile_shared_kw; /* of a call this one is an argument of */
  c->tile_shared_kw = false;
  ir_value *r = tile_call(c, e, b);
  lower_tile_note_storage(c, r);
  c->tile_shared_kw = outer;
  return r;
}

/* A Python number among the arguments of an operator on a tile takes the
 * tile's scalar type, as Warp converts it. */
ir_value *lower_tile_literal_as(lower_ctx *c, ir_value *v, const ir_type *s) {
  if (v->op != IR_CONST || !v->py || s->kind != IR_T_SCALAR || v->type == s ||
      ir_type_is_bool(s))
    return v;
  if (ir_type_is_float(s))
    return lower_const_float(c, s, v->py == 2 ? v->pyf : (double)v->ival);
  return v->py == 1 ? lower_const_int(c, s, v->ival) : v;
}

/* Operator b on tiles of float16/bfloat16 `half` (and values): the
 * operands converted to float32, the float32 operation, its result
 * converted back to `half`. */
static ir_value *half_elementwise(lower_ctx *c, const ir_builtin *b,
                                  ir_value **args, int n, const ir_type *half,
                                  wp_loc loc) {
  const ir_type *f32 = ir_t_float32(c->T);
  ir_value *w[2];
  for (int i = 0; i < n; i++) {
    const ir_type *t = args[i]->type;
    if (t->kind == IR_T_TILE && ir_type_has_half(t->elem))
      w[i] = lower_tile_emit(c, IR_B_TILE_ASTYPE, ir_t_tile_like(c->T, f32, t),
                             &args[i], 1, loc);
    else if (t->kind == IR_T_SCALAR && ir_type_has_half(t))
      w[i] = lower_cast(c, args[i], f32, loc);
    else
      w[i] = args[i];
  }
  ir_value *r = lower_tile_elementwise(c, b, w, n, loc);
  if (!r || r->type->elem != f32)
    return r;
  return lower_tile_emit(c, IR_B_TILE_ASTYPE,
                         ir_t_tile_like(c->T, half, r->type), &r, 1, loc);
}

ir_value *lower_tile_elementwise(lower_ctx *c, const ir_builtin *b,
                                 ir_value **args, int n, wp_loc loc) {
  const ir_type *shape = NULL;
  int ntiles = 0;
  for (int i = 0; i < n; i++)
    if (args[i]->type->kind == IR_T_TILE) {
      if (shape && !ir_tile_same_shape(shape, args[i]->type)) {
        wp_error(c->diag, loc, "'%s' of tiles of different shapes: '%s', '%s'",
                 b->name, shape->name, args[i]->type->name);
        return NULL;
      }
      shape = args[i]->type;
      ntiles++;
    }
  bool ok = false;
  switch (b->id) {
  case IR_B_ADD:
  case IR_B_SUB:
  case IR_B_BIT_AND: /* & | ^ of two tiles of integers (and &= |= ^=) */
  case IR_B_BIT_OR:
  case IR_B_BIT_XOR: ok = n == 2 && ntiles == 2; break;
  case IR_B_MUL:
  case IR_B_DIV: ok = n == 2; break;
  case IR_B_NEG:
  case IR_B_POS: ok = n == 1; break;
  default: break;
  }
  if (!ok) {
    wp_error(c->diag, loc,
             "'%s' is not defined on these tile arguments in Warp (tiles "
             "take + - & | ^ of two tiles, * and / with a tile or a value, "
             "unary -; other element-wise functions go through "
             "wp.tile_map)",
             b->name);
    return NULL;
  }
  const ir_type *et[2], *half = NULL;
  if (shape->elem->kind == IR_T_STRUCT) /* member-wise, as Warp */
    return lower_tile_struct_elementwise(c, b, args, n, shape, loc);
  for (int i = 0; i < n; i++) {
    if (args[i]->type->kind != IR_T_TILE)
      args[i] = lower_tile_literal_as(c, args[i], shape->elem);
    et[i] =
        args[i]->type->kind == IR_T_TILE ? args[i]->type->elem : args[i]->type;
    if (ir_type_has_half(et[i])) {
      if (et[i]->kind != IR_T_SCALAR)
        return no_half(c, et[i], b->name, loc), NULL;
      half = et[i];
    }
  }
  if (half) /* in float32, rounded back, as Warp computes half math */
    return half_elementwise(c, b, args, n, half, loc);
  const char *why = NULL;
  const ir_type *rt = b->check(c->T, b, et, n, &why);
  if (!rt) {
    char buf[256];
    ir_builtin_no_overload(b, et, n, buf, sizeof buf);
    wp_error(c->diag, loc, "element-wise on tiles: %s%s%s", buf,
             why ? ": " : "", why ? why : "");
    return NULL;
  }
  ir_value *v = lower_tile_emit(c, IR_B_TILE_MAP,
                                ir_t_tile_like(c->T, rt, shape), args, n, loc);
  v->aux = b->id;
  return v;
}

ir_value *lower_tile_wrap_index(lower_ctx *c, ir_value *i, int length, int axis,
                                wp_loc loc) {
  const ir_type *i32 = ir_t_int32(c->T);
  if (i->op == IR_CONST) {
    int64_t v = i->ival, w = v < 0 ? v + length : v;
    if (w < 0 || w >= length) {
      wp_error(c->diag, loc,
               "tile index %lld is out of bounds for axis %d with size %d",
               (long long)v, axis, length);
      return NULL;
    }
    return w == v ? i : lower_const_int(c, i32, w);
  }
  ir_value *zero = lower_const_int(c, i32, 0);
  ir_value *n = lower_const_int(c, i32, length);
  ir_value *lt[2] = {i, zero}, *add[2] = {i, n};
  ir_value *neg = lower_builtin(c, ir_builtin_get(IR_B_LT), lt, 2, loc);
  ir_value *up = lower_builtin(c, ir_builtin_get(IR_B_ADD), add, 2, loc);
  if (!neg || !up)
    return NULL;
  ir_value *sel[3] = {neg, up, i};
  return lower_builtin(c, ir_builtin_get(IR_B_WHERE), sel, 3, loc);
}

/* The element of tile t at idx[0..nidx) (int expressions); wrap: negative
 * indices count from the end (a subscript t[i, j], as Warp's; not
 * tile_extract). */
static ir_value *element(lower_ctx *c, ir_value *t, const ast_expr *const *idx,
                         int nidx, bool wrap, wp_loc loc) {
  if (nidx != t->type->ndim) {
    wp_error(c->diag, loc,
             "a tile of %d dimension%s takes %d indices here, got %d (warpc "
             "does not take views of tiles yet)",
             t->type->ndim, t->type->ndim == 1 ? "" : "s", t->type->ndim, nidx);
    return NULL;
  }
  ir_value *args[1 + IR_TILE_MAX_NDIM] = {t};
  for (int k = 0; k < nidx; k++) {
    ir_value *v = lower_expr(c, idx[k]);
    if (!v)
      return NULL;
    if (v->type->kind != IR_T_SCALAR || !ir_type_is_int(v->type)) {
      wp_error(c->diag, idx[k]->loc,
               "a tile index must be an integer, not '%s'", v->type->name);
      return NULL;
    }
    args[1 + k] = lower_cast(c, v, ir_t_int32(c->T), idx[k]->loc);
    if (wrap && !(args[1 + k] = lower_tile_wrap_index(
                      c, args[1 + k], t->type->tdims[k], k, idx[k]->loc)))
      return NULL;
  }
  return lower_tile_emit(c, IR_B_TILE_EXTRACT, t->type->elem, args, 1 + nidx,
                         loc);
}

ir_value *lower_tile_gather(lower_ctx *c, ir_value *t, ir_value *i, wp_loc iloc,
                            wp_loc loc) {
  const ir_type *it = i->type, *tt = t->type;
  if (it->ndim != 1 || !ir_type_is_int(it->elem) ||
      it->elem->kind != IR_T_SCALAR) {
    wp_error(c->diag, iloc,
             "a tile is indexed by a 1-d tile of integers, not '%s'", it->name);
    return NULL;
  }
  (void)tt;
  return lower_tile_gather_axis(c, t, i, 0, iloc, loc);
}

ir_value *lower_tile_subscript(lower_ctx *c, ir_value *t, const ast_expr *e) {
  for (int i = 0; i < e->nitems; i++)
    if (e->items[i]->kind == AST_EXPR_SLICE)
      return lower_tile_slice(c, t, e);
  if (t->type->ndim > 2 && e->nitems < t->type->ndim) /* a sub-tile */
    return lower_tile_slice(c, t, e);
  if (e->nitems == 1) { /* t[i], t[indices] */
    ir_value *i = lower_expr(c, e->items[0]);
    if (!i)
      return NULL;
    const ir_type *it = i->type, *tt = t->type;
    if (it->kind == IR_T_TILE) /* gathered rows: Warp's t[indices] */
      return lower_tile_gather(c, t, i, e->items[0]->loc, e->loc);
    if (tt->ndim == 2) /* t[i]: row i */
      return lower_tile_row(c, t, i, e->items[0]->loc, e->loc);
    if (tt->ndim == 1) {
      if (it->kind != IR_T_SCALAR || !ir_type_is_int(it)) {
        wp_error(c->diag, e->items[0]->loc,
                 "a tile index must be an integer, not '%s'", it->name);
        return NULL;
      }
      ir_value *args[2] = {
          t, lower_tile_wrap_index(
                 c, lower_cast(c, i, ir_t_int32(c->T), e->items[0]->loc),
                 tt->tdims[0], 0, e->items[0]->loc)};
      if (!args[1])
        return NULL;
      return lower_tile_emit(c, IR_B_TILE_EXTRACT, tt->elem, args, 2, e->loc);
    }
  }
  return element(c, t, (const ast_expr *const *)e->items, e->nitems, true,
                 e->loc);
}

/* tile_extract(a, i[, j]): the element (warpc takes no sub-tiles yet). */
ir_value *lower_tile_extract(lower_ctx *c, const ast_expr *e) {
  if (e->nkeywords) {
    wp_error(c->diag, e->keywords[0].loc,
             "wp.tile_extract() takes its arguments by position in warpc");
    return NULL;
  }
  if (e->nitems < 2) {
    wp_error(c->diag, e->loc, "wp.tile_extract() needs a tile and indices");
    return NULL;
  }
  ir_value *t = lower_tile_arg(c, e->items[0], "tile_extract");
  if (!t)
    return NULL;
  return element(c, t, (const ast_expr *const *)e->items + 1, e->nitems - 1,
                 false, e->loc);
}
