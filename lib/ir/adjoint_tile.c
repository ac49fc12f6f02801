/* adjoint_tile.c - the adjoint rules of the tile builtins (adjoint_tile.h),
 * written with tile instructions themselves:
 *
 *   tile_load(a, off)     a.grad[off + i] += g[i] (in bounds; atomically)
 *   tile_store(a, t, off) adj(t) += a.grad[off + i], then those a.grad
 *                         entries are cleared (Warp's rule: the store
 *                         replaced the values)
 *   tile_atomic_add(a, t) adj(t) += a.grad[off + i] (kept), and the
 *                         returned old values' adjoint added to a.grad
 *                         (Warp drops it)
 *   tile_reshape/squeeze  adj(t) += reshape(g)
 *   tile_astype           adj(t) += astype(g) (adjoint_tile_half.c)
 *   tile_full(v)          adj(v) += sum(g)
 *   + - * / unary -       the element-wise rules; a value beside a tile
 *                         gets the sum of its contributions
 *   tile_map(f, ...)      per element, the builtin's adjoint rule, or a
 *                         @wp.func's vector-Jacobian product (its
 *                         @wp.func_grad, else ir_build_func_vjp)
 *   tile_sum(t)           adj(t) += broadcast(g)
 *   _tile_unbroadcast(p[, b])  adj(p) += broadcast(g), adj(b) += g
 *                         (tile_axpy onto a broadcast of b)
 *   tile_transpose(t)     adj(t) += transpose(g)
 *   t[i, j]               adj(t)[i, j] += g
 *   tile_matmul           adj(a) += alpha g b^T, adj(b) += alpha a^T g,
 *                         adj(out) += beta g (alpha, beta get none, as in
 *                         Warp)
 *   wp.tile(x)            adj(x) += untile(g) (this thread's part)
 *   wp.untile(t)          adj(t) += tile(g) (every thread's g: on CUDA the
 *                         threads' adjoints meet as wp.tile's values do)
 *   tile_from_thread      none (Warp's is not differentiable)
 *   tile_scatter_add      adj(value) += g[i] (when has_value), adj(a) += g
 *   tile_scatter_masked   the same, the elements written cleared from g
 *
 * The linear algebra, scans and FFTs: adjoint_tile_linalg.c; which rules
 * serve tiles of structs: adjoint_tile_struct.c; of float16/bfloat16:
 * adjoint_tile_half.c.  The gradient tests of each: docs/tile_gradients.md.
 * Views, slices and writes: adjoint_tile_view.c.
 * Other tile builtins have no rule yet: ir_build_adjoints gives kernels
 * using them no backward kernel. */
#include "adjoint_tile.h"

ir_value *ir_tile_adj_op(const ir_adj_hooks *h, ir_builtin_id id,
                         const ir_type *t, ir_value **args, int n) {
  ir_value *v = h->emit(h->ctx, IR_BUILTIN, t, args, n);
  v->builtin = ir_builtin_get(id);
  return v;
}

/* adj(u) += c: c in u's tile type (a view of the same elements when u's is
 * a view: tile_reshape's, tile_squeeze's) before it is added. */
void ir_tile_adj_acc(const ir_adj_hooks *h, const ir_value *u, ir_value *c) {
  if (u->type->kind == IR_T_TILE && c->type->kind == IR_T_TILE &&
      c->type != u->type && c->type->elem == u->type->elem &&
      ir_tile_count(c->type) == ir_tile_count(u->type))
    c = ir_tile_adj_op(h, IR_B_TILE_RESHAPE, u->type, &c, 1);
  h->accum(h->ctx, u, c);
}

/* The element-wise map of builtin `op` over x (and y). */
static ir_value *map(const ir_adj_hooks *h, ir_builtin_id op, const ir_type *t,
                     ir_value *x, ir_value *y) {
  ir_value *args[2] = {x, y};
  ir_value *v = ir_tile_adj_op(h, IR_B_TILE_MAP, t, args, y ? 2 : 1);
  v->aux = op;
  return v;
}

/* -g; for tiles of structs 0 - g (member-wise, emit_tile_struct.c) */
static ir_value *neg(const ir_adj_hooks *h, ir_value *g) {
  if (g->type->elem->kind != IR_T_STRUCT)
    return map(h, IR_B_NEG, g->type, g, NULL);
  return map(h, IR_B_SUB, g->type, h->emit(h->ctx, IR_ZERO, g->type, NULL, 0),
             g);
}

/* The sum of the elements of tile x, as a value of its dtype. */
static ir_value *sum(const ir_adj_hooks *h, ir_value *x) {
  const ir_type *el = x->type->elem;
  ir_value *s =
      ir_tile_adj_op(h, IR_B_TILE_SUM, ir_t_tile(h->T, el, 1, 1, 1), &x, 1);
  s->aux = -1;
  ir_value *zero = h->emit(h->ctx, IR_CONST, ir_t_int32(h->T), NULL, 0);
  zero->ival = 0;
  ir_value *args[2] = {s, zero};
  return ir_tile_adj_op(h, IR_B_TILE_EXTRACT, el, args, 2);
}

/* Element 0 of tile x (of dtype el). */
static ir_value *first(const ir_adj_hooks *h, ir_value *x, const ir_type *el) {
  ir_value *zero = h->emit(h->ctx, IR_CONST, ir_t_int32(h->T), NULL, 0);
  zero->ival = 0;
  ir_value *args[2] = {x, zero};
  return ir_tile_adj_op(h, IR_B_TILE_EXTRACT, el, args, 2);
}

/* Tile g (of a broadcast's result shape) summed to source shape t (NumPy's
 * rule, extents aligned right: 1-d or 2-d, as lowering allows). */
static ir_value *unbroadcast(const ir_adj_hooks *h, ir_value *g,
                             const ir_type *t) {
  const ir_type *d = g->type;
  if (d->ndim == 2 && d->rows > 1 && (t->ndim == 1 || t->rows == 1)) {
    /* the rows were added: sum along axis 0 -> (cols,) */
    ir_value *s = ir_tile_adj_op(
        h, IR_B_TILE_SUM, ir_t_tile(h->T, d->elem, 1, d->cols, 1), &g, 1);
    s->aux = 0;
    g = s;
    d = s->type;
  }
  int tc = t->ndim == 2 ? t->cols : t->rows; /* the last extent of t */
  int dc = d->ndim == 2 ? d->cols : d->rows;
  if (tc == 1 && dc > 1) { /* the columns were added: sum along the last */
    ir_value *s;
    if (d->ndim == 2) {
      s = ir_tile_adj_op(h, IR_B_TILE_SUM,
                         ir_t_tile(h->T, d->elem, 1, d->rows, 1), &g, 1);
      s->aux = 1;
    } else {
      s = ir_tile_adj_op(h, IR_B_TILE_SUM, ir_t_tile(h->T, d->elem, 1, 1, 1),
                         &g, 1);
      s->aux = -1;
    }
    g = s;
  }
  if (ir_tile_count(g->type) == ir_tile_count(t) && g->type != t)
    g = ir_tile_adj_op(h, IR_B_TILE_RESHAPE, t, &g, 1); /* the same elements */
  return g;
}

/* adj(u) += c, where c is a tile of u's shape, or summed when u is a value
 * beside the tiles. */
static void give(const ir_adj_hooks *h, const ir_value *u, ir_value *c) {
  if (u->type->kind == IR_T_TILE)
    ir_tile_adj_acc(h, u, c);
  else
    ir_tile_adj_acc(h, u, sum(h, c));
}

static bool map_has_adjoint(const ir_value *v) {
  if (v->callee) /* a @wp.func: its vector-Jacobian product per element */
    return !v->callee->nrefs;
  switch (v->aux) {
  case IR_B_ADD:
  case IR_B_SUB:
  case IR_B_NEG:
  case IR_B_POS: return true;
  case IR_B_MUL:
  case IR_B_DIV: return true; /* vectors: the builtin's rule (default) */
  default: {                  /* a builtin's own rule, element by element */
    const ir_builtin *b = ir_builtin_get((ir_builtin_id)v->aux);
    return b->adjoint && v->nargs <= 8;
  }
  }
}

/* Whether no gradient can flow through tile instruction v: its result and
 * tile operands are tiles of integers or bools (the index tiles of the
 * block-wide queries, tile_arange's). */
static bool integral_only(const ir_value *v) {
  for (int i = -1; i < v->nargs; i++) {
    const ir_type *t = i < 0 ? v->type : v->args[i]->type;
    if (t->kind == IR_T_TILE &&
        (t->elem->kind != IR_T_SCALAR || ir_type_is_float(t->elem) ||
         ir_scalar_is_half(t->elem->scalar)))
      return false;
  }
  return v->type->kind == IR_T_TILE || v->type->kind == IR_T_VOID;
}

bool ir_tile_has_adjoint(const ir_value *v) {
  if (integral_only(v))
    return true; /* nothing to propagate: ir_tile_adjoint adds nothing */
  /* tiles of structs: adjoint_tile_struct.c; float16 / bfloat16 tiles:
     adjoint_tile_half.c */
  if (ir_tile_struct_involved(v))
    return ir_tile_struct_has_adjoint(v);
  if (ir_tile_half_involved(v))
    return ir_tile_half_has_adjoint(v);
  if (ir_tile_linalg_handles(v))
    return true; /* adjoint_tile_linalg.c */
  switch (v->builtin->id) {
  case IR_B_TILE_LOAD:
  case IR_B_TILE_STORE:
  case IR_B_TILE_ATOMIC_ADD:
  case IR_B_TILE_ASTYPE:
  case IR_B_TILE_RESHAPE:
  case IR_B_TILE_FULL:
  case IR_B_TILE_ARANGE:
  case IR_B_TILE_TRANSPOSE:
  case IR_B_TILE_EXTRACT:
  case IR_B_TILE_MATMUL: return true;
  case IR_B_TILE_SUM: return true;
  case IR_B_TILE_BROADCAST: /* past 2-d: element types that add in C */
    return (v->type->ndim <= 2 && v->args[0]->type->ndim <= 2) ||
           v->type->elem->kind == IR_T_SCALAR;
  case IR_B_TILE_MIN:
  case IR_B_TILE_MAX: return v->aux < 0;
  case IR_B_I_TILE_UNBROADCAST: /* aux 1 (the last position's): none */
    return v->type->elem->kind == IR_T_SCALAR && !v->aux;
  case IR_B_TILE_MAP: return map_has_adjoint(v);
  default: /* views and writes (adjoint_tile_view.c); block tiles: their
              rules; stacks, random tiles: none, as in Warp */
    return ir_tile_view_has_adjoint(v) ||
           ir_builtin_is_tile_block(v->builtin->id);
  }
}

/* Whether every operand of map v is of scalars (the closed-form rules
 * below; vectors and matrices take the builtin's own). */
static bool scalar_map(const ir_value *v) {
  for (int i = 0; i < v->nargs; i++) {
    const ir_type *t = v->args[i]->type;
    if ((t->kind == IR_T_TILE ? t->elem : t)->kind != IR_T_SCALAR)
      return false;
  }
  return true;
}

static void map_adjoint(const ir_adj_hooks *h, const ir_value *v, ir_value *g) {
  const ir_type *t = g->type;
  const ir_value *x = v->args[0], *y = v->nargs > 1 ? v->args[1] : NULL;
  int op = v->callee ? IR_B_NONE : v->aux;
  if ((op == IR_B_MUL || op == IR_B_DIV) && !scalar_map(v))
    op = IR_B_NONE; /* the builtin's rule */
  switch (op) {
  case IR_B_ADD: give(h, x, g), give(h, y, g); return;
  case IR_B_SUB: give(h, x, g), give(h, y, neg(h, g)); return;
  case IR_B_POS: give(h, x, g); return;
  case IR_B_NEG: give(h, x, map(h, IR_B_NEG, t, g, NULL)); return;
  case IR_B_MUL:
    give(h, x, map(h, IR_B_MUL, t, g, h->fwd(h->ctx, y)));
    give(h, y, map(h, IR_B_MUL, t, g, h->fwd(h->ctx, x)));
    return;
  case IR_B_DIV: { /* r = x / y: adj x += g / y, adj y -= g r / y */
    ir_value *fy = h->fwd(h->ctx, y), *r = h->fwd(h->ctx, v);
    give(h, x, map(h, IR_B_DIV, t, g, fy));
    ir_value *gr = map(h, IR_B_MUL, t, g, r);
    give(h, y, map(h, IR_B_NEG, t, map(h, IR_B_DIV, t, gr, fy), NULL));
    return;
  }
  default: { /* wp_adj_<builtin> per element, one argument at a time (a
                @wp.func: its vector-Jacobian product) */
    int n = v->nargs;
    ir_value *args[10];
    for (int i = 0; i < n; i++)
      args[i] = h->fwd(h->ctx, v->args[i]);
    args[n] = h->fwd(h->ctx, v);
    args[n + 1] = g;
    ir_func *vjp = !v->callee ? NULL
                   : v->callee->custom_grad
                       ? v->callee->custom_grad
                       : ir_build_func_vjp(h->m, v->callee);
    for (int k = 0; k < n; k++) {
      const ir_type *t = v->args[k]->type;
      const ir_type *el = t->kind == IR_T_TILE ? t->elem : t;
      if (vjp && !ir_type_is_float(el->kind == IR_T_SCALAR ? el : el->elem))
        continue; /* no adjoint (an int, a bool) */
      ir_value *d = ir_tile_adj_op(h, IR_B_I_TILE_ADJ_MAP, t, args, n + 2);
      d->aux = vjp ? IR_B_NONE : v->aux;
      d->aux2 = k;
      d->callee = vjp;
      ir_tile_adj_acc(h, v->args[k], d);
    }
    return;
  }
  }
}

static void matmul_adjoint(const ir_adj_hooks *h, const ir_value *v,
                           ir_value *g) {
  ir_value *a = h->fwd(h->ctx, v->args[0]), *b = h->fwd(h->ctx, v->args[1]);
  ir_value *alpha = h->fwd(h->ctx, v->args[v->aux ? 3 : 2]);
  const ir_type *el = g->type->elem;
  ir_value *bt = ir_tile_adj_op(
      h, IR_B_TILE_TRANSPOSE,
      ir_t_tile(h->T, el, 2, b->type->cols, b->type->rows), &b, 1);
  ir_value *at = ir_tile_adj_op(
      h, IR_B_TILE_TRANSPOSE,
      ir_t_tile(h->T, el, 2, a->type->cols, a->type->rows), &a, 1);
  ir_value *ga[3] = {g, bt, alpha}, *gb[3] = {at, g, alpha};
  ir_tile_adj_acc(
      h, v->args[0],
      ir_tile_adj_op(h, IR_B_TILE_MATMUL,
                     ir_t_tile(h->T, el, 2, a->type->rows, a->type->cols), ga,
                     3));
  ir_tile_adj_acc(
      h, v->args[1],
      ir_tile_adj_op(h, IR_B_TILE_MATMUL,
                     ir_t_tile(h->T, el, 2, b->type->rows, b->type->cols), gb,
                     3));
  if (v->aux) /* out = alpha a b + beta out */
    ir_tile_adj_acc(h, v->args[2],
                    map(h, IR_B_MUL, g->type, g, h->fwd(h->ctx, v->args[4])));
}

void ir_tile_adjoint(const ir_adj_hooks *h, const ir_value *v, ir_value *g) {
  int n = v->nargs;
  ir_value *args[3 + IR_TILE_MAX_NDIM];
  if (ir_tile_linalg_handles(v)) {
    ir_tile_linalg_adjoint(h, v, g);
    return;
  }
  switch (v->builtin->id) {
  case IR_B_TILE_LOAD: { /* a.grad[off + i] += g[i] */
    args[0] = h->fwd(h->ctx, v->args[0]);
    args[1] = g;
    for (int i = 1; i < n; i++)
      args[1 + i] = h->fwd(h->ctx, v->args[i]);
    ir_value *r =
        ir_tile_adj_op(h, IR_B_I_TILE_GRAD_ACCUM, ir_t_void(h->T), args, n + 1);
    r->aux = v->aux;
    r->ival = v->ival; /* indexed: the gathered axis + 1 */
    return;
  }
  case IR_B_TILE_STORE: { /* adj(t) += a.grad[off + i]; cleared */
    args[0] = h->fwd(h->ctx, v->args[0]);
    for (int i = 2; i < n; i++)
      args[i - 1] = h->fwd(h->ctx, v->args[i]);
    ir_value *r =
        ir_tile_adj_op(h, IR_B_I_TILE_GRAD_LOAD, v->args[1]->type, args, n - 1);
    r->aux = v->aux;
    r->aux2 = 1;
    r->ival = v->ival;
    ir_tile_adj_acc(h, v->args[1], r);
    return;
  }
  case IR_B_TILE_ATOMIC_ADD: { /* adj(t) += a.grad[off + i] (kept); the
                                  old values' adjoint to a.grad */
    args[0] = h->fwd(h->ctx, v->args[0]);
    for (int i = 2; i < n; i++)
      args[i - 1] = h->fwd(h->ctx, v->args[i]);
    ir_value *r =
        ir_tile_adj_op(h, IR_B_I_TILE_GRAD_LOAD, v->args[1]->type, args, n - 1);
    r->aux = v->aux;
    r->ival = v->ival;
    ir_tile_adj_acc(h, v->args[1], r);
    args[1] = g; /* a.grad[off + i] += g[i]: the values before the add */
    for (int i = 2; i < n; i++)
      args[i] = h->fwd(h->ctx, v->args[i]);
    ir_value *q =
        ir_tile_adj_op(h, IR_B_I_TILE_GRAD_ACCUM, ir_t_void(h->T), args, n);
    q->aux = v->aux;
    q->ival = v->ival;
    return;
  }
  case IR_B_TILE_RESHAPE: /* the same elements in t's shape */
    ir_tile_adj_acc(
        h, v->args[0],
        ir_tile_adj_op(h, IR_B_TILE_RESHAPE, v->args[0]->type, &g, 1));
    return;
  case IR_B_TILE_FULL: ir_tile_adj_acc(h, v->args[0], sum(h, g)); return;
  case IR_B_TILE_SUM: { /* g spread over what was summed */
    const ir_type *t = v->args[0]->type;
    if (v->aux == 1 && t->ndim == 2) { /* (rows,) -> (rows, 1), then along
                                          the rows */
      g = ir_tile_adj_op(h, IR_B_TILE_RESHAPE,
                         ir_t_tile(h->T, t->elem, 2, t->rows, 1), &g, 1);
    } else if (v->aux >= 0 && t->ndim > 2) { /* the axis back as extent 1 */
      int d[IR_TILE_MAX_NDIM];
      for (int i = 0; i < t->ndim; i++)
        d[i] = i == v->aux ? 1 : t->tdims[i];
      g = ir_tile_adj_op(h, IR_B_TILE_RESHAPE,
                         ir_t_tile_nd(h->T, t->elem, t->ndim, d), &g, 1);
    }
    ir_tile_adj_acc(h, v->args[0],
                    ir_tile_adj_op(h, IR_B_TILE_BROADCAST, t, &g, 1));
    return;
  }
  case IR_B_TILE_BROADCAST: /* summed over the broadcast extents */
    if (v->type->ndim > 2 || v->args[0]->type->ndim > 2)
      ir_tile_adj_acc(
          h, v->args[0],
          ir_tile_adj_op(h, IR_B_I_TILE_UNBROADCAST, v->args[0]->type, &g, 1));
    else
      ir_tile_adj_acc(h, v->args[0], unbroadcast(h, g, v->args[0]->type));
    return;
  case IR_B_I_TILE_UNBROADCAST: /* (b +) the sums of g's copies: tile_axpy
                                   onto a broadcast of b */
    ir_tile_adj_acc(
        h, v->args[0],
        ir_tile_adj_op(h, IR_B_TILE_BROADCAST, v->args[0]->type, &g, 1));
    if (v->nargs > 1)
      ir_tile_adj_acc(h, v->args[1], g);
    return;
  case IR_B_TILE_MIN:
  case IR_B_TILE_MAX: { /* g to the (first) extreme element */
    const ir_type *t = v->args[0]->type;
    ir_value *ft = h->fwd(h->ctx, v->args[0]);
    ir_value *arg = ir_tile_adj_op(
        h,
        v->builtin->id == IR_B_TILE_MIN ? IR_B_TILE_ARGMIN : IR_B_TILE_ARGMAX,
        ir_t_tile(h->T, ir_t_int32(h->T), 1, 1, 1), &ft, 1);
    arg->aux = -1;
    ir_value *set[3] = {h->emit(h->ctx, IR_ZERO, t, NULL, 0),
                        first(h, arg, ir_t_int32(h->T)), first(h, g, t->elem)};
    ir_tile_adj_acc(h, v->args[0],
                    ir_tile_adj_op(h, IR_B_I_TILE_SET, t, set, 3));
    return;
  }
  case IR_B_TILE_TRANSPOSE:
    ir_tile_adj_acc(
        h, v->args[0],
        ir_tile_adj_op(h, IR_B_TILE_TRANSPOSE, v->args[0]->type, &g, 1));
    return;
  case IR_B_TILE_EXTRACT: { /* adj(t)[i, j] += g */
    const ir_type *t = v->args[0]->type;
    ir_value *z = h->emit(h->ctx, IR_ZERO, t, NULL, 0);
    ir_value *flat = h->fwd(h->ctx, v->args[1]);
    for (int i = 2; i < n; i++) { /* row-major: flat * d + index */
      ir_value *k = h->emit(h->ctx, IR_CONST, ir_t_int32(h->T), NULL, 0);
      k->ival = t->tdims[i - 1];
      ir_value *m[2] = {flat, k};
      ir_value *p = h->emit(h->ctx, IR_BUILTIN, ir_t_int32(h->T), m, 2);
      p->builtin = ir_builtin_get(IR_B_MUL);
      ir_value *s[2] = {p, h->fwd(h->ctx, v->args[i])};
      flat = h->emit(h->ctx, IR_BUILTIN, ir_t_int32(h->T), s, 2);
      flat->builtin = ir_builtin_get(IR_B_ADD);
    }
    ir_value *set[3] = {z, flat, g};
    ir_tile_adj_acc(h, v->args[0],
                    ir_tile_adj_op(h, IR_B_I_TILE_SET, t, set, 3));
    return;
  }
  case IR_B_TILE_MAP: map_adjoint(h, v, g); return;
  case IR_B_TILE_MATMUL: matmul_adjoint(h, v, g); return;
  case IR_B_TILE_ASTYPE: ir_tile_astype_adjoint(h, v, g); return;
  case IR_B_TILE: /* adj(x) += this thread's part of g */
    ir_tile_adj_acc(h, v->args[0],
                    ir_tile_adj_op(h, IR_B_UNTILE, v->args[0]->type, &g, 1));
    return;
  case IR_B_UNTILE: { /* adj(t) += every thread's g, as wp.tile makes it */
    const ir_type *t = v->args[0]->type;
    ir_value *r = ir_tile_adj_op(h, IR_B_TILE, t, &g, 1);
    r->aux = t->elem->kind != IR_T_SCALAR; /* preserve_type */
    ir_tile_adj_acc(h, v->args[0], r);
    return;
  }
  case IR_B_TILE_SCATTER_ADD:
  case IR_B_TILE_SCATTER_MASKED: { /* adj(value) += g[i]; adj(a) += g (the
                                      masked form: without the elements
                                      written) */
    int nd = v->args[0]->type->ndim;
    args[0] = g;
    for (int i = 1; i < n; i++)
      args[i] = h->fwd(h->ctx, v->args[i]);
    ir_tile_adj_acc(
        h, v->args[nd + 1],
        ir_tile_adj_op(h, IR_B_I_TILE_PICK, v->args[nd + 1]->type, args, n));
    if (v->builtin->id == IR_B_TILE_SCATTER_MASKED) {
      args[nd + 1] = h->emit(h->ctx, IR_ZERO, v->args[nd + 1]->type, NULL, 0);
      g = ir_tile_adj_op(h, IR_B_TILE_SCATTER_MASKED, g->type, args, n);
    }
    ir_tile_adj_acc(h, v->args[0], g);
    return;
  }
  default: /* views and writes: adjoint_tile_view.c; tile_arange:
              constants; tile_from_thread: none, as in Warp */
    ir_tile_view_adjoint(h, v, g);
    return;
  }
}

/* The first tile instruction without an adjoint rule yet (adjoint_tile.c)
 * in f or a func it calls, or NULL: kernels with one get no backward
 * kernel (no _backward launcher: man/warpc.1, TILES) rather than zero
 * gradients, and a warning (-Wmissing-backward, cmd/warpc/main.c). */
const ir_value *ir_tile_no_adjoint(const ir_func *f, int depth) {
  for (const ir_block *b = f->entry; b && depth < 64; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next) {
      if (v->op == IR_BUILTIN && v->builtin->id >= IR_B_TILE_ZEROS &&
          v->builtin->id <= IR_B_TILE_MATMUL && !ir_tile_has_adjoint(v))
        return v;
      const ir_value *w;
      if (v->op == IR_CALL && v->callee != f &&
          (w = ir_tile_no_adjoint(v->callee, depth + 1)))
        return w;
    }
  return NULL;
}
