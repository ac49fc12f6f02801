/* adjoint_tile_view.c - the adjoint rules of views, regions and writes of
 * tiles (adjoint_tile.h), with g the adjoint of the result:
 *
 *   tile_view(p, off), t[i] of a 2-d tile, t[a:b, j] (I_TILE_SLICE)
 *                          adj(p)[region] += g
 *   I_TILE_SLICE_SET(p, x) (t[a:b] = x and the writes through views)
 *                          adj(x) += g[region]; adj(p) += g with the region
 *                          cleared (those elements of p were replaced)
 *   tile_assign(d, s, off) the same with the region s covers at off
 *   I_TILE_SET(p, i, x)    (t[i, j] = x) adj(x) += g[i]; adj(p) += g with
 *                          element i cleared
 *   tile_reshape           adj(t) += g in t's shape
 *   t[indices], t[:, indices] (I_TILE_GATHER)
 *                          adj(t) += g added at the indices (repeated
 *                          indices add up, as Warp's atomic adds)
 *
 * Warp's rules for the same writes (tile_assign's adjoint reads the
 * destination's adjoint over the region, then zeroes it) give these sums.
 * Every region is written as I_TILE_SLICE's starts and steps. */
#include "adjoint_tile.h"

static ir_value *op(const ir_adj_hooks *h, ir_builtin_id id, const ir_type *t,
                    ir_value **args, int n) {
  ir_value *v = h->emit(h->ctx, IR_BUILTIN, t, args, n);
  v->builtin = ir_builtin_get(id);
  return v;
}

static ir_value *int_const(const ir_adj_hooks *h, int64_t k) {
  ir_value *v = h->emit(h->ctx, IR_CONST, ir_t_int32(h->T), NULL, 0);
  v->ival = k;
  return v;
}

/* The region of v as starts and steps per dimension of its tile p
 * (args[0]) into r[] (replayed values); false when v is not a region. */
static bool region(const ir_adj_hooks *h, const ir_value *v, ir_value **r) {
  int np = v->args[0]->type->ndim;
  switch (v->builtin->id) {
  case IR_B_I_TILE_SLICE:
    for (int i = 0; i < 2 * np; i++)
      r[i] = h->fwd(h->ctx, v->args[1 + i]);
    return true;
  case IR_B_I_TILE_SLICE_SET:
    for (int i = 0; i < 2 * np; i++)
      r[i] = h->fwd(h->ctx, v->args[2 + i]);
    return true;
  case IR_B_TILE_VIEW: /* offsets; aux: the leading dimensions removed */
    for (int k = 0; k < np; k++) {
      r[2 * k] = h->fwd(h->ctx, v->args[1 + k]);
      r[2 * k + 1] = int_const(h, k < v->aux ? 0 : 1);
    }
    return true;
  case IR_B_TILE_ASSIGN: /* src covers its extents at the offsets */
    for (int k = 0; k < np; k++) {
      r[2 * k] = h->fwd(h->ctx, v->args[2 + k]);
      r[2 * k + 1] = int_const(h, 1);
    }
    return true;
  default: return false;
  }
}

/* p with the region r (of p's ndim dimensions) replaced by x. */
static ir_value *slice_set(const ir_adj_hooks *h, const ir_type *t, ir_value *p,
                           ir_value *x, ir_value **r, int np) {
  ir_value *args[2 + 2 * IR_TILE_MAX_NDIM] = {p, x};
  for (int i = 0; i < 2 * np; i++)
    args[2 + i] = r[i];
  return op(h, IR_B_I_TILE_SLICE_SET, t, args, 2 + 2 * np);
}

/* The region r of g, as a tile of type t (converted from g's dtype when
 * t's differs, as tile_assign converted the values). */
static ir_value *slice(const ir_adj_hooks *h, const ir_type *t, ir_value *g,
                       ir_value **r, int np) {
  ir_value *args[1 + 2 * IR_TILE_MAX_NDIM] = {g};
  for (int i = 0; i < 2 * np; i++)
    args[1 + i] = r[i];
  const ir_type *gt = t;
  if (t->elem != g->type->elem)
    gt = ir_t_tile_nd(h->T, g->type->elem, t->ndim, t->tdims);
  ir_value *s = op(h, IR_B_I_TILE_SLICE, gt, args, 1 + 2 * np);
  if (gt != t)
    s = op(h, IR_B_TILE_ASTYPE, t, &s, 1);
  return s;
}

bool ir_tile_view_adjoint(const ir_adj_hooks *h, const ir_value *v,
                          ir_value *g) {
  ir_value *r[2 * IR_TILE_MAX_NDIM];
  if (!ir_tile_view_has_adjoint(v))
    return false;
  const ir_value *p = v->args[0];
  int np = p->type->ndim;
  switch (v->builtin->id) {
  case IR_B_I_TILE_SLICE:
  case IR_B_TILE_VIEW: { /* zeros of p's shape, g at the region */
    region(h, v, r);
    ir_value *args[1 + 2 * IR_TILE_MAX_NDIM] = {g};
    for (int i = 0; i < 2 * np; i++)
      args[1 + i] = r[i];
    h->accum(h->ctx, p,
             op(h, IR_B_I_TILE_SLICE_SCATTER, p->type, args, 1 + 2 * np));
    return true;
  }
  case IR_B_I_TILE_SLICE_SET:
  case IR_B_TILE_ASSIGN: {
    const ir_value *x = v->args[1];
    region(h, v, r);
    h->accum(h->ctx, x, slice(h, x->type, g, r, np));
    ir_value *zx = h->emit(h->ctx, IR_ZERO, x->type, NULL, 0);
    h->accum(h->ctx, p, slice_set(h, p->type, g, zx, r, np));
    return true;
  }
  case IR_B_I_TILE_SET: {
    const ir_value *x = v->args[2];
    ir_value *flat = h->fwd(h->ctx, v->args[1]);
    ir_value *ex[2] = {g, flat};
    h->accum(h->ctx, x, op(h, IR_B_TILE_EXTRACT, x->type, ex, 2));
    ir_value *set[3] = {g, flat, h->emit(h->ctx, IR_ZERO, x->type, NULL, 0)};
    h->accum(h->ctx, p, op(h, IR_B_I_TILE_SET, p->type, set, 3));
    return true;
  }
  case IR_B_I_TILE_GATHER: { /* adj(t) += g added at the indices */
    ir_value *args[2] = {g, h->fwd(h->ctx, v->args[1])};
    ir_value *u = op(h, IR_B_I_TILE_UNGATHER, p->type, args, 2);
    u->aux = v->aux;
    h->accum(h->ctx, p, u);
    return true;
  }
  case IR_B_TILE_RESHAPE:
    h->accum(h->ctx, p, op(h, IR_B_TILE_RESHAPE, p->type, &g, 1));
    return true;
  default: return false;
  }
}

bool ir_tile_view_has_adjoint(const ir_value *v) {
  switch (v->builtin->id) {
  case IR_B_I_TILE_SLICE:
  case IR_B_TILE_VIEW:
  case IR_B_I_TILE_SLICE_SET:
  case IR_B_TILE_ASSIGN:
  case IR_B_I_TILE_SET:
  case IR_B_I_TILE_GATHER:
  case IR_B_TILE_RESHAPE: return true;
  default: return false;
  }
}
