/* adjoint_tile_linalg.c - the adjoint rules of the tile linear algebra
 * (adjoint_tile.h), written with tile instructions, for an (n, n) matrix
 * tile and right-hand sides of shape (n,) or (n, m) (taken as (n, 1)
 * columns below):
 *
 *   L = tile_cholesky(A)       Warp's rule (its adj_tile_cholesky_impl;
 *                              Murray, "Differentiation of the Cholesky
 *                              decomposition", arXiv:1602.07527, 2016):
 *                              S = sym(L^T Lbar) (the lower triangle
 *                              mirrored), B = L^-T S L^-1, adj(A) +=
 *                              lower(B) with the diagonal halved (the
 *                              forward reads the lower triangle only);
 *                              fill_mode="upper": the same on the
 *                              transposes
 *   z = tile_lower_solve(L, y) W = L^-T g; adj(y) += W;
 *                              adj(L) -= lower(W z^T)       (as Warp)
 *   x = tile_upper_solve(U, z) W = U^-T g; adj(z) += W;
 *                              adj(U) -= upper(W x^T)
 *   x = tile_cholesky_solve(L, y)  (A = L L^T) W = A^-1 g; adj(y) += W;
 *                              adj(L) += lower(-(W x^T + x W^T) L);
 *                              fill_mode="upper" (A = U^T U):
 *                              adj(U) += upper(-U (W x^T + x W^T))
 *   tile_diag_add(a, d)        adj(a) += g, adj(d) += diag(g)
 *   tile_scan_inclusive(x)     adj(x)_j = sum_(i >= j) g_i
 *                              = sum(g) - exclusive_scan(g)_j
 *   tile_scan_exclusive(x)     adj(x)_j = sum(g) - inclusive_scan(g)_j
 *   tile_fft(x), tile_ifft(x)  (unnormalized, along the last axis, complex
 *                              numbers as vec2) adj(x) += ifft(g), fft(g):
 *                              the conjugate transposes, as Warp's
 *
 * Warp 1.19 differentiates tile_cholesky, tile_lower_solve and the FFTs; its
 * tape gives tile_upper_solve, tile_cholesky_solve, tile_diag_add and the
 * scans (is_differentiable=False) no gradient at all, where these rules
 * give the derivative (test/grad/tile_linalg.py: warp_wrong). */
#include "adjoint_tile.h"

static ir_value *cst(const ir_adj_hooks *h, const ir_type *el, double x) {
  ir_value *c = h->emit(h->ctx, IR_CONST, el, NULL, 0);
  c->fval = x;
  return c;
}

static ir_value *tr(const ir_adj_hooks *h, ir_value *x) {
  const ir_type *t = x->type;
  return ir_tile_adj_op(h, IR_B_TILE_TRANSPOSE,
                        ir_t_tile(h->T, t->elem, 2, t->cols, t->rows), &x, 1);
}

/* alpha a b */
static ir_value *mm(const ir_adj_hooks *h, ir_value *a, ir_value *b,
                    double alpha) {
  const ir_type *el = a->type->elem;
  ir_value *args[3] = {a, b, cst(h, el, alpha)};
  return ir_tile_adj_op(h, IR_B_TILE_MATMUL,
                        ir_t_tile(h->T, el, 2, a->type->rows, b->type->cols),
                        args, 3);
}

/* _tile_tri (lib/ir/builtins.def) of (n, n) tile x */
static ir_value *tri(const ir_adj_hooks *h, ir_value *x, int mode) {
  const ir_type *t = x->type;
  ir_value *r = ir_tile_adj_op(
      h, IR_B_I_TILE_TRI,
      mode == 3 ? ir_t_tile(h->T, t->elem, 1, t->rows, 1) : t, &x, 1);
  r->aux = mode;
  return r;
}

/* the upper triangle of x (zeros below) */
static ir_value *upper(const ir_adj_hooks *h, ir_value *x) {
  return tr(h, tri(h, tr(h, x), 0));
}

static ir_value *solve(const ir_adj_hooks *h, ir_builtin_id id, ir_value *m,
                       ir_value *rhs, int aux) {
  ir_value *args[2] = {m, rhs};
  ir_value *r = ir_tile_adj_op(h, id, rhs->type, args, 2);
  r->aux = aux;
  return r;
}

/* a right-hand side as a 2-d tile: (n,) -> (n, 1) */
static ir_value *col(const ir_adj_hooks *h, ir_value *x) {
  const ir_type *t = x->type;
  if (t->ndim == 2)
    return x;
  return ir_tile_adj_op(h, IR_B_TILE_RESHAPE,
                        ir_t_tile(h->T, t->elem, 2, t->rows, 1), &x, 1);
}

static ir_value *map2(const ir_adj_hooks *h, ir_builtin_id op, ir_value *x,
                      ir_value *y) {
  ir_value *args[2] = {x, y};
  ir_value *r = ir_tile_adj_op(h, IR_B_TILE_MAP, x->type, args, y ? 2 : 1);
  r->aux = op;
  return r;
}

static void cholesky(const ir_adj_hooks *h, const ir_value *v, ir_value *g) {
  ir_value *l = h->fwd(h->ctx, v);
  if (v->aux) /* U = L^T: the lower factor's rule on the transposes */
    l = tr(h, l), g = tr(h, g);
  ir_value *lt = tr(h, l);
  ir_value *s = tri(h, mm(h, lt, g, 1.0), 1);
  ir_value *x = solve(h, IR_B_TILE_UPPER_SOLVE, lt, s, 0);
  ir_value *b = solve(h, IR_B_TILE_UPPER_SOLVE, lt, tr(h, x), 0);
  ir_value *a = tri(h, b, 2);
  ir_tile_adj_acc(h, v->args[0], v->aux ? tr(h, a) : a);
}

static void solves(const ir_adj_hooks *h, const ir_value *v, ir_value *g) {
  ir_value *m = h->fwd(h->ctx, v->args[0]), *x = h->fwd(h->ctx, v);
  ir_builtin_id id = v->builtin->id;
  ir_value *w = id == IR_B_TILE_LOWER_SOLVE
                    ? solve(h, IR_B_TILE_UPPER_SOLVE, tr(h, m), g, 0)
                : id == IR_B_TILE_UPPER_SOLVE
                    ? solve(h, IR_B_TILE_LOWER_SOLVE, tr(h, m), g, 0)
                    : solve(h, id, m, g, v->aux);
  ir_tile_adj_acc(h, v->args[1], w);
  ir_value *wx = mm(h, col(h, w), tr(h, col(h, x)), -1.0); /* -W x^T */
  ir_value *dm;
  switch (id) {
  case IR_B_TILE_LOWER_SOLVE: dm = tri(h, wx, 0); break;
  case IR_B_TILE_UPPER_SOLVE: dm = upper(h, wx); break;
  default: { /* Abar + Abar^T = -(W x^T + x W^T) */
    ir_value *s = map2(h, IR_B_ADD, wx, tr(h, wx));
    /* the factor: the triangle the forward read */
    dm = v->aux ? upper(h, mm(h, upper(h, m), s, 1.0))
                : tri(h, mm(h, s, tri(h, m, 0), 1.0), 0);
  }
  }
  ir_tile_adj_acc(h, v->args[0], dm);
}

/* total - scan(g), the other scan of g */
static void scan(const ir_adj_hooks *h, const ir_value *v, ir_value *g) {
  ir_builtin_id other = v->builtin->id == IR_B_TILE_SCAN_INCLUSIVE
                            ? IR_B_TILE_SCAN_EXCLUSIVE
                            : IR_B_TILE_SCAN_INCLUSIVE;
  const ir_type *t = g->type, *el = t->elem;
  ir_value *s =
      ir_tile_adj_op(h, IR_B_TILE_SUM, ir_t_tile(h->T, el, 1, 1, 1), &g, 1);
  s->aux = -1;
  ir_value *zero = h->emit(h->ctx, IR_CONST, ir_t_int32(h->T), NULL, 0);
  zero->ival = 0;
  ir_value *ex[2] = {s, zero};
  ir_value *total = ir_tile_adj_op(h, IR_B_TILE_EXTRACT, el, ex, 2);
  ir_value *p = ir_tile_adj_op(h, other, t, &g, 1);
  ir_tile_adj_acc(h, v->args[0],
                  map2(h, IR_B_NEG, map2(h, IR_B_SUB, p, total), NULL));
}

bool ir_tile_linalg_handles(const ir_value *v) {
  switch (v->builtin->id) {
  case IR_B_TILE_CHOLESKY:
  case IR_B_TILE_CHOLESKY_SOLVE:
  case IR_B_TILE_LOWER_SOLVE:
  case IR_B_TILE_UPPER_SOLVE:
  case IR_B_TILE_DIAG_ADD:
  case IR_B_TILE_SCAN_INCLUSIVE:
  case IR_B_TILE_SCAN_EXCLUSIVE:
  case IR_B_TILE_FFT:
  case IR_B_TILE_IFFT: return true;
  default: return false;
  }
}

void ir_tile_linalg_adjoint(const ir_adj_hooks *h, const ir_value *v,
                            ir_value *g) {
  switch (v->builtin->id) {
  case IR_B_TILE_CHOLESKY: cholesky(h, v, g); return;
  case IR_B_TILE_DIAG_ADD:
    ir_tile_adj_acc(h, v->args[0], g);
    ir_tile_adj_acc(h, v->args[1], tri(h, g, 3));
    return;
  case IR_B_TILE_SCAN_INCLUSIVE:
  case IR_B_TILE_SCAN_EXCLUSIVE: scan(h, v, g); return;
  case IR_B_TILE_FFT:
  case IR_B_TILE_IFFT:
    ir_tile_adj_acc(
        h, v->args[0],
        ir_tile_adj_op(
            h, v->builtin->id == IR_B_TILE_FFT ? IR_B_TILE_IFFT : IR_B_TILE_FFT,
            v->args[0]->type, &g, 1));
    return;
  default: solves(h, v, g); return;
  }
}
