/* lower_tile_slice.c - slices of tiles: t[a:b], t[::-1], t[:, j],
 * t[1:3, 2:6] (Warp's tile subscripts with slices, views of the tile that
 * warpc holds as copies; lower_tile.h).
 *
 * The instruction: I_TILE_SLICE, args: the tile, then per dimension of the
 * tile its start and step (int32): a slice (compile-time start and step,
 * as Python's slice.indices computes them), or an index (step 0: the
 * dimension is removed; the start may be a runtime value).  The result type
 * has the extents of the slices (lib/emit/emit_tile_view.c).  Tiles of 1
 * to IR_TILE_MAX_NDIM dimensions; fewer subscripts than dimensions take
 * the last ones whole (t[i] of a 3-d tile). */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

/* A slice bound or step: absent (NULL), or a compile-time integer. */
static bool bound(lower_ctx *c, const ast_expr *x, bool *given, int64_t *v) {
  *given = x != NULL;
  if (!x)
    return true;
  return lower_tile_const_int(c, x, "a slice bound or step of a tile", v);
}

/* Python's slice(lo, hi, step).indices(n): *start and the element count. */
static bool slice_of(lower_ctx *c, const ast_expr *s, int n, int64_t *start,
                     int64_t *step, int64_t *count) {
  bool glo, ghi, gst;
  int64_t lo = 0, hi = 0, st = 1;
  if (!bound(c, s->items[0], &glo, &lo) || !bound(c, s->items[1], &ghi, &hi) ||
      !bound(c, s->items[2], &gst, &st))
    return false;
  if (!gst)
    st = 1;
  if (st == 0) {
    wp_error(c->diag, s->loc, "a slice step of a tile cannot be zero");
    return false;
  }
  if (st > 0) {
    lo = !glo ? 0 : lo < 0 ? (lo + n < 0 ? 0 : lo + n) : (lo > n ? n : lo);
    hi = !ghi ? n : hi < 0 ? (hi + n < 0 ? 0 : hi + n) : (hi > n ? n : hi);
    *count = hi > lo ? (hi - lo + st - 1) / st : 0;
  } else {
    lo = !glo     ? n - 1
         : lo < 0 ? (lo + n < 0 ? -1 : lo + n)
                  : (lo >= n ? n - 1 : lo);
    hi = !ghi     ? -1
         : hi < 0 ? (hi + n < 0 ? -1 : hi + n)
                  : (hi >= n ? n - 1 : hi);
    *count = lo > hi ? (lo - hi - st - 1) / -st : 0;
  }
  if (*count < 1) {
    wp_error(c->diag, s->loc, "this slice of a tile is empty");
    return false;
  }
  *start = lo, *step = st;
  return true;
}

/* Are the subscripts but the k-th all slices of whole dimensions (`:`,
 * `0:n`, `::1`)?  false when one is not (reported when a bound is not a
 * constant). */
static bool whole_but(lower_ctx *c, const ast_expr *e, int k, const int *src) {
  for (int q = 0; q < e->nitems; q++) {
    const ast_expr *x = e->items[q];
    if (q == k)
      continue;
    int64_t start, step, count;
    if (x->kind != AST_EXPR_SLICE ||
        !slice_of(c, x, src[q], &start, &step, &count))
      return false;
    if (start != 0 || step != 1 || count != src[q])
      return false;
  }
  return true;
}

ir_value *lower_tile_slice(lower_ctx *c, ir_value *t, const ast_expr *e) {
  const ir_type *tt = t->type;
  const int *src = tt->tdims;
  if (e->nitems > tt->ndim) {
    wp_error(c->diag, e->loc, "too many indices for '%s'", tt->name);
    return NULL;
  }
  const ir_type *i32 = ir_t_int32(c->T);
  ir_value *args[1 + 2 * IR_TILE_MAX_NDIM] = {t};
  int nd = 0, dims[IR_TILE_MAX_NDIM] = {1, 1, 1, 1};
  bool contiguous = true, all_full = true;
  for (int k = 0; k < tt->ndim; k++) {
    const ast_expr *x = k < e->nitems ? e->items[k] : NULL;
    int64_t start = 0, step = 1, count = src[k];
    if (x && x->kind == AST_EXPR_SLICE) {
      if (!slice_of(c, x, src[k], &start, &step, &count))
        return NULL;
      args[1 + 2 * k] = lower_const_int(c, i32, start);
    } else if (x) { /* an index: removes the dimension */
      ir_value *v = lower_expr(c, x);
      if (!v)
        return NULL;
      if (v->type->kind == IR_T_TILE) { /* t[idx, :], t[:, idx] */
        if (!whole_but(c, e, k, src)) {
          wp_error(c->diag, e->loc,
                   "indexing a tile with an integer index tile requires ':' "
                   "on all other axes (t[indices, :], t[:, indices])");
          return NULL;
        }
        return lower_tile_gather_axis(c, t, v, k, x->loc, e->loc);
      }
      if (v->type->kind != IR_T_SCALAR || !ir_type_is_int(v->type)) {
        wp_error(c->diag, x->loc, "a tile index must be an integer, not '%s'",
                 v->type->name);
        return NULL;
      }
      /* t[-1, :], t[i, :] with i < 0 at run time: from the end */
      args[1 + 2 * k] = lower_tile_wrap_index(c, lower_cast(c, v, i32, x->loc),
                                              src[k], k, x->loc);
      if (!args[1 + 2 * k])
        return NULL;
      step = 0;
    } else
      args[1 + 2 * k] = lower_const_int(c, i32, 0);
    args[2 + 2 * k] = lower_const_int(c, i32, step);
    if (step) {
      /* rows stay contiguous while every dimension after the first kept
         one is whole */
      if (nd && !(start == 0 && step == 1 && count == src[k]))
        contiguous = false;
      if (!nd && step != 1)
        contiguous = false;
      all_full &= start == 0 && step == 1 && count == src[k];
      dims[nd++] = (int)count;
    }
  }
  (void)all_full;
  if (!nd) {
    wp_error(c->diag, e->loc,
             "this subscript selects one element: write t[i, j] with "
             "integers");
    return NULL;
  }
  ir_value *v = lower_tile_emit(
      c, IR_B_I_TILE_SLICE,
      ir_t_tile_view(c->T, ir_t_tile_nd(c->T, tt->elem, nd, dims),
                     contiguous ? IR_TILE_VIEW : IR_TILE_STRIDED),
      args, 1 + 2 * tt->ndim, e->loc);
  return v;
}
