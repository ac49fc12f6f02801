/* lower_fixedarray.c - arrays made inside kernels and funcs: Warp's
 * wp.zeros(shape, dtype) (a fixed-size array whose storage is in the
 * function's frame: IR_ARRAY_LOCAL), wp.array(ptr=, shape=, dtype=) (an
 * array over an address: IR_ARRAY_FROM_PTR) and a.ptr (IR_ARRAY_PTR).
 *
 * Both arrays are dense and row-major.  A fixed array has a grad buffer in
 * the backward kernel only (lib/ir/adjoint.c replays its stores and passes
 * its elements' adjoints on); `c = a` copies one (IR_ARRAY_COPY,
 * lower_fixed_copy), as Warp copies a fixedarray_t.  An array from a
 * pointer has no grad.  A fixed array's storage lives as long as the
 * function that made it, so a @wp.func may not return one
 * (lower_fixed_escape); passing one to a func is fine (the func writes the
 * caller's storage, as in Warp).
 */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"

/* The argument called `kw` (or the positional one at `pos`, -1 for none). */
static const ast_expr *arg_of(const ast_expr *e, const char *kw, int pos) {
  for (int i = 0; i < e->nkeywords; i++)
    if (!strcmp(e->keywords[i].name, kw))
      return e->keywords[i].value;
  return pos >= 0 && pos < e->nitems ? e->items[pos] : NULL;
}

/* Rejects keywords other than k[0..nk) and more than npos positionals. */
static bool check_args(lower_ctx *c, const ast_expr *e, const char *fn,
                       const char *const *k, int nk, int npos) {
  if (e->nitems > npos) {
    wp_error(c->diag, e->items[npos]->loc,
             "wp.%s() takes at most %d positional argument%s", fn, npos,
             npos == 1 ? "" : "s");
    return false;
  }
  for (int i = 0; i < e->nkeywords; i++) {
    bool ok = false;
    for (int j = 0; j < nk; j++)
      ok |= !strcmp(e->keywords[i].name, k[j]);
    if (!ok) {
      wp_error(c->diag, e->keywords[i].loc, "wp.%s() has no argument '%s'", fn,
               e->keywords[i].name);
      return false;
    }
  }
  return true;
}

/* The extents of shape= (an int or a tuple of 1..4 ints) lowered into
 * dims[]; their number, or -1 when reported.  With `constant`, each must be
 * a compile-time integer >= 1 (stored in ext[]). */
static int shape_dims(lower_ctx *c, const ast_expr *sh, bool constant,
                      ir_value **dims, int64_t *ext) {
  const ast_expr *const *items = &sh;
  int n = 1;
  if (sh->kind == AST_EXPR_TUPLE) {
    items = (const ast_expr *const *)sh->items;
    n = sh->nitems;
  }
  if (n < 1 || n > WP_ARRAY_MAX_DIMS) {
    wp_error(c->diag, sh->loc, "an array has 1 to %d dimensions, got %d",
             WP_ARRAY_MAX_DIMS, n);
    return -1;
  }
  for (int k = 0; k < n; k++) {
    ir_value *v = lower_expr(c, items[k]);
    if (!v)
      return -1;
    if (v->type->kind != IR_T_SCALAR || !ir_type_is_int(v->type)) {
      wp_error(c->diag, items[k]->loc,
               "an array extent must be an integer, not '%s'", v->type->name);
      return -1;
    }
    if (constant) {
      if (v->op != IR_CONST) {
        wp_error(c->diag, items[k]->loc,
                 "the `shape` argument must be specified as a constant when "
                 "zero-initializing an array");
        return -1;
      }
      if (v->ival < 1) {
        wp_error(c->diag, items[k]->loc,
                 "an extent of wp.zeros() must be at least 1, got %lld",
                 (long long)v->ival);
        return -1;
      }
      ext[k] = v->ival;
      v = lower_const_int(c, ir_t_scalar(c->T, WP_SCALAR_INT64), v->ival);
    } else {
      v = lower_cast(c, v, ir_t_int32(c->T), items[k]->loc);
    }
    dims[k] = v;
  }
  return n;
}

/* dtype= of an array made in a kernel: any value type. */
static const ir_type *elem_type(lower_ctx *c, const ast_expr *e,
                                const char *fn) {
  const ast_expr *dt = arg_of(e, "dtype", fn[0] == 'z' ? 1 : 2);
  if (!dt) {
    wp_error(c->diag, e->loc, "wp.%s() in a kernel needs dtype=", fn);
    return NULL;
  }
  const ir_type *t = lower_type_expr(c, dt);
  if (!t)
    return NULL;
  if (t->kind == IR_T_ARRAY || t->kind == IR_T_TUPLE || t->kind == IR_T_VOID) {
    wp_error(c->diag, dt->loc, "an array of '%s' is not supported", t->name);
    return NULL;
  }
  return t;
}

ir_value *lower_fixed_zeros(lower_ctx *c, const ast_expr *e) {
  static const char *const kw[] = {"shape", "dtype"};
  if (!check_args(c, e, "zeros", kw, 2, 2))
    return NULL;
  const ast_expr *sh = arg_of(e, "shape", 0);
  if (!sh) {
    wp_error(c->diag, e->loc, "wp.zeros() in a kernel needs shape=");
    return NULL;
  }
  const ir_type *t = elem_type(c, e, "zeros");
  ir_value *dims[WP_ARRAY_MAX_DIMS];
  int64_t ext[WP_ARRAY_MAX_DIMS];
  int n = t ? shape_dims(c, sh, true, dims, ext) : -1;
  if (n < 0)
    return NULL;
  int64_t count = 1;
  for (int k = 0; k < n; k++) {
    count *= ext[k];
    if (count > LOWER_FIXED_ARRAY_MAX_ELEMS) {
      wp_error(c->diag, sh->loc,
               "wp.zeros() in a kernel holds at most %d elements (warpc's "
               "limit: its storage is on the thread's stack)",
               LOWER_FIXED_ARRAY_MAX_ELEMS);
      return NULL;
    }
  }
  ir_value *v =
      lower_emit(c, IR_ARRAY_LOCAL, ir_t_array(c->T, t, n), dims, n, e->loc);
  v->aux = (int)count;
  c->fs->has_fixed_array = true;
  return v;
}

ir_value *lower_array_from_ptr(lower_ctx *c, const ast_expr *e) {
  static const char *const kw[] = {"ptr", "shape", "dtype"};
  if (!check_args(c, e, "array", kw, 3, 3))
    return NULL;
  const ast_expr *px = arg_of(e, "ptr", 0), *sh = arg_of(e, "shape", 1);
  if (!px || !sh) {
    wp_error(c->diag, e->loc,
             "wp.array() in a kernel takes ptr=, shape= and dtype=");
    return NULL;
  }
  const ir_type *t = elem_type(c, e, "array");
  ir_value *args[1 + WP_ARRAY_MAX_DIMS];
  if (!t || !(args[0] = lower_expr(c, px)))
    return NULL;
  if (args[0]->type->kind != IR_T_SCALAR ||
      args[0]->type->scalar != WP_SCALAR_UINT64) {
    wp_error(c->diag, px->loc, "ptr= must be a 'uint64' address, not '%s'",
             args[0]->type->name);
    return NULL;
  }
  int n = shape_dims(c, sh, false, args + 1, NULL);
  if (n < 0)
    return NULL;
  return lower_emit(c, IR_ARRAY_FROM_PTR, ir_t_array(c->T, t, n), args, n + 1,
                    e->loc);
}

bool lower_made_array(const ir_value *a) {
  while (a->op == IR_ARRAY_VIEW || a->op == IR_ARRAY_SLICE)
    a = a->args[0];
  return a->op == IR_ARRAY_LOCAL || a->op == IR_ARRAY_COPY ||
         a->op == IR_ARRAY_FROM_PTR;
}

ir_value *lower_fixed_copy(lower_ctx *c, ir_value *a, wp_loc loc) {
  if (a->op != IR_ARRAY_LOCAL && a->op != IR_ARRAY_COPY)
    return a;
  const ir_type *et = a->type->elem;
  bool f3264 =
      (et->kind == IR_T_SCALAR || et->kind == IR_T_VEC ||
       et->kind == IR_T_MAT) &&
      (et->scalar == WP_SCALAR_FLOAT32 || et->scalar == WP_SCALAR_FLOAT64);
  bool diff = et->kind == IR_T_STRUCT ||
              ir_type_is_float(et->kind == IR_T_SCALAR ? et : et->elem);
  if (diff && !f3264 && c->fs->f->options.enable_backward) {
    wp_error(c->diag, loc,
             "warpc does not differentiate through a copy of a wp.zeros() "
             "array of '%s' (float32 and float64 elements only): use "
             "enable_backward=False or copy element by element",
             et->name);
    return NULL;
  }
  ir_value *v = lower_emit(c, IR_ARRAY_COPY, a->type, &a, 1, loc);
  v->aux = a->aux;
  c->fs->has_fixed_array = true;
  return v;
}

ir_value *lower_array_ptr(lower_ctx *c, ir_value *a, wp_loc loc) {
  return lower_emit(c, IR_ARRAY_PTR, ir_t_scalar(c->T, WP_SCALAR_UINT64), &a, 1,
                    loc);
}

bool lower_fixed_escape(lower_ctx *c, const ir_type *ret, wp_loc loc) {
  if (!c->fs->has_fixed_array || c->fs->f->kind != IR_FUNC_FUNC)
    return false;
  bool arrays = ret->kind == IR_T_ARRAY;
  for (int i = 0; ret->kind == IR_T_TUPLE && i < ret->nmembers; i++)
    arrays |= ret->members[i]->kind == IR_T_ARRAY;
  if (!arrays)
    return false;
  wp_error(c->diag, loc,
           "warpc cannot return an array from a @wp.func that makes one with "
           "wp.zeros(): its storage ends with the func; make it in the "
           "caller and pass it in");
  return true;
}
