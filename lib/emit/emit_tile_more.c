/* emit_tile_more.c - the C of the tile builtins of lib/lower/
 * lower_tile_more.c: conversions, views and reshapes (copies), scans, the
 * diagonal add, the Cholesky factorization and the triangular solves, and
 * element assignment.  Loops over the elements, as emit_tile.c. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

/* The elements of tile value v, "v<id>.v". */
#define EL(v) (v)->id

/* tile_view: result element (wp_i, wp_j) from source element
 * (off0 + wp_i, off1 + wp_j) of a 2-d source, or off0 + wp_i of a 1-d one;
 * a view that removes the leading dimension of a 2-d tile reads row off0. */
static void view(emit_ctx *e, const ir_value *v) {
  const ir_value *t = v->args[0];
  const ir_type *d = v->type, *s = t->type;
  FILE *out = e->out;
  if (s->ndim == 1) {
    fprintf(out,
            "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) v%d.v[wp_i] = "
            "v%d.v[v%d + wp_i];",
            d->rows, EL(v), EL(t), EL(v->args[1]));
    return;
  }
  if (v->aux == 1) { /* row off0 */
    fprintf(out,
            "WP_TLOOP for (int wp_j = 0; wp_j < %d; wp_j++) v%d.v[wp_j] = "
            "v%d.v[v%d * %d + wp_j];",
            d->rows, EL(v), EL(t), EL(v->args[1]), s->cols);
    return;
  }
  fprintf(out,
          "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) WP_TLOOP for (int "
          "wp_j = 0; wp_j < "
          "%d; wp_j++) v%d.v[wp_i * %d + wp_j] = v%d.v[(v%d + wp_i) * %d + "
          "v%d + wp_j];",
          d->rows, d->cols, EL(v), d->cols, EL(t), EL(v->args[1]), s->cols,
          EL(v->args[2]));
}

static void scan(emit_ctx *e, const ir_value *v) {
  const ir_value *t = v->args[0];
  const char *T = emit_ctype(e, v->type->elem);
  int n = ir_tile_count(v->type);
  FILE *out = e->out;
  switch (v->builtin->id) {
  case IR_B_TILE_SCAN_INCLUSIVE:
    fprintf(out,
            "%s wp_acc = 0; WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) { "
            "wp_acc = "
            "wp_acc + v%d.v[wp_i]; v%d.v[wp_i] = wp_acc; }",
            T, n, EL(t), EL(v));
    break;
  case IR_B_TILE_SCAN_EXCLUSIVE:
    fprintf(out,
            "%s wp_acc = 0; WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) { "
            "v%d.v[wp_i] "
            "= wp_acc; wp_acc = wp_acc + v%d.v[wp_i]; }",
            T, n, EL(v), EL(t));
    break;
  default: { /* max/min scans as Warp's (fmax, fmin): a NaN element is
                passed over, a NaN running value replaced */
    const char *cmp =
        v->builtin->id == IR_B_TILE_SCAN_MAX_INCLUSIVE ? ">" : "<";
    fprintf(out,
            "%s wp_acc = v%d.v[0]; WP_TLOOP for (int wp_i = 0; wp_i < %d; "
            "wp_i++) { "
            "if (v%d.v[wp_i] %s wp_acc || wp_acc != wp_acc) wp_acc = "
            "v%d.v[wp_i]; v%d.v[wp_i] = wp_acc; }",
            T, EL(t), n, EL(t), cmp, EL(t), EL(v));
  }
  }
}

/* The Cholesky factor L (lower, zeros above) of (n, n) tile a, from its
 * lower triangle; with aux (fill_mode="upper"), U = L^T from the upper
 * triangle (read as the transpose's lower one). */
static void cholesky(emit_ctx *e, const ir_value *v) {
  int n = v->type->rows;
  if (v->aux) {
    fprintf(e->out,
            "%s wp_a = v%d; WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) "
            "WP_TLOOP for (int "
            "wp_j = 0; wp_j < %d; wp_j++) wp_a.v[wp_i * %d + wp_j] = "
            "v%d.v[wp_j * %d + wp_i]; ",
            emit_ctype(e, v->type), EL(v->args[0]), n, n, n, EL(v->args[0]), n);
  }
  const char *T = emit_ctype(e, v->type->elem);
  const char *sq = ir_scalar_name(v->type->elem->scalar);
  const char *src = wp_arena_printf(e->m->arena, "v%d", EL(v->args[0]));
  fprintf(e->out,
          "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) v%d.v[wp_i] = 0; "
          "WP_TLOOP for (int wp_j = 0; wp_j < %d; wp_j++) { %s wp_s = "
          "%s.v[wp_j * %d "
          "+ wp_j]; WP_TLOOP for (int wp_k = 0; wp_k < wp_j; wp_k++) wp_s -= "
          "v%d.v[wp_j * %d + wp_k] * v%d.v[wp_j * %d + wp_k]; %s wp_d = "
          "wp_sqrt_%s(wp_s); v%d.v[wp_j * %d + wp_j] = wp_d; WP_TLOOP for (int "
          "wp_i = "
          "wp_j + 1; wp_i < %d; wp_i++) { %s wp_t = %s.v[wp_i * %d + wp_j]; "
          "WP_TLOOP for (int wp_k = 0; wp_k < wp_j; wp_k++) wp_t -= v%d.v[wp_i "
          "* %d + "
          "wp_k] * v%d.v[wp_j * %d + wp_k]; v%d.v[wp_i * %d + wp_j] = wp_t / "
          "wp_d; } }",
          n * n, EL(v), n, T, v->aux ? "wp_a" : src, n, EL(v), n, EL(v), n, T,
          sq, EL(v), n, n, T, v->aux ? "wp_a" : src, n, EL(v), n, EL(v), n,
          EL(v), n);
  if (v->aux) /* U = L^T */
    fprintf(e->out,
            " WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) WP_TLOOP for (int "
            "wp_j = 0; wp_j "
            "< wp_i; wp_j++) { v%d.v[wp_j * %d + wp_i] = v%d.v[wp_i * %d + "
            "wp_j]; v%d.v[wp_i * %d + wp_j] = 0; }",
            n, EL(v), n, EL(v), n, EL(v), n);
}

/* Triangular solves of (n, n) matrix m for the m columns of right-hand
 * side y: forward (lower: L x = y), backward (upper: U x = y, or L^T x =
 * y with `transposed`).  x may be the result tile already holding y.  A
 * zero pivot is skipped (x_i is the partial sum), as Warp's substitutions
 * do. */
static void solve(emit_ctx *e, int x, int mat, int n, int cols, bool lower,
                  bool transposed) {
  const char *T = "wp_s";
  (void)T;
  /* element (r, c) of the matrix, transposed or not */
  const char *fmt =
      transposed ? "v%d.v[wp_k * %d + wp_i]" : "v%d.v[wp_i * %d + wp_k]";
  const char *dg = "v%d.v[wp_i * %d + wp_i]";
  FILE *out = e->out;
  fprintf(out, "WP_TLOOP for (int wp_c = 0; wp_c < %d; wp_c++) ", cols);
  if (lower)
    fprintf(out, "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) { ", n);
  else
    fprintf(out, "WP_TLOOP for (int wp_i = %d; wp_i >= 0; wp_i--) { ", n - 1);
  fprintf(out, "wp_acc = v%d.v[wp_i * %d + wp_c]; ", x, cols);
  if (lower)
    fputs("WP_TLOOP for (int wp_k = 0; wp_k < wp_i; wp_k++) ", out);
  else
    fprintf(out, "WP_TLOOP for (int wp_k = wp_i + 1; wp_k < %d; wp_k++) ", n);
  fputs("wp_acc -= ", out);
  fprintf(out, fmt, mat, n);
  fprintf(out, " * v%d.v[wp_k * %d + wp_c]; wp_dg = ", x, cols);
  fprintf(out, dg, mat, n);
  fprintf(out,
          "; v%d.v[wp_i * %d + wp_c] = wp_dg != 0 ? wp_acc / wp_dg : "
          "wp_acc; } ",
          x, cols);
}

static void linsolve(emit_ctx *e, const ir_value *v) {
  const ir_value *m = v->args[0], *y = v->args[1];
  int n = m->type->rows, cols = y->type->ndim == 2 ? y->type->cols : 1;
  fprintf(e->out, "%s wp_acc, wp_dg; v%d = v%d; ", emit_ctype(e, v->type->elem),
          EL(v), EL(y));
  switch (v->builtin->id) {
  case IR_B_TILE_LOWER_SOLVE:
    solve(e, EL(v), EL(m), n, cols, true, false);
    break;
  case IR_B_TILE_UPPER_SOLVE:
    solve(e, EL(v), EL(m), n, cols, false, false);
    break;
  default: /* L L^T x = y, or U^T U x = y (fill_mode="upper") */
    solve(e, EL(v), EL(m), n, cols, true, v->aux);
    solve(e, EL(v), EL(m), n, cols, false, !v->aux);
  }
}

/* _tile_tri(a) (lib/ir/builtins.def): a's lower triangle, zeros above
 * (aux 0) or mirrored above (1) or with the diagonal halved (2); its
 * diagonal (3). */
static void tri(emit_ctx *e, const ir_value *v) {
  int n = v->args[0]->type->rows, a = EL(v->args[0]);
  const char *T = emit_ctype(e, v->args[0]->type->elem);
  if (v->aux == 3) {
    fprintf(e->out,
            "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) v%d.v[wp_i] = "
            "v%d.v[wp_i "
            "* %d + wp_i];",
            n, EL(v), a, n);
    return;
  }
  fprintf(e->out,
          "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) WP_TLOOP for (int "
          "wp_j = 0; wp_j < "
          "%d; wp_j++) v%d.v[wp_i * %d + wp_j] = wp_j > wp_i ? %s : wp_j == "
          "wp_i ? (%s)%s * v%d.v[wp_i * %d + wp_j] : v%d.v[wp_i * %d + "
          "wp_j];",
          n, n, EL(v), n,
          v->aux == 1
              ? wp_arena_printf(e->m->arena, "v%d.v[wp_j * %d + wp_i]", a, n)
              : wp_arena_printf(e->m->arena, "(%s)0", T),
          T, v->aux == 2 ? "0.5" : "1", a, n, a, n);
}

/* tile_sort: heapsort of the keys (result member 0) carrying the values
 * (member 1); not stable, as Warp's (Williams, CACM 7(6), 1964). */
static void sort(emit_ctx *e, const ir_value *v) {
  int n = ir_tile_count(v->args[0]->type);
  const char *K = emit_ctype(e, v->args[0]->type->elem);
  const char *V = emit_ctype(e, v->args[1]->type->elem);
  fprintf(e->out,
          "v%d.m0 = v%d; v%d.m1 = v%d; %s *wp_k = v%d.m0.v; %s *wp_v = "
          "v%d.m1.v; WP_TLOOP for (int wp_end = %d, wp_start = %d / 2; wp_end "
          "> 1;) { "
          "int wp_r; if (wp_start > 0) wp_r = --wp_start; else { wp_end--; "
          "%s wp_tk = wp_k[0]; wp_k[0] = wp_k[wp_end]; wp_k[wp_end] = wp_tk; "
          "%s wp_tv = wp_v[0]; wp_v[0] = wp_v[wp_end]; wp_v[wp_end] = wp_tv; "
          "wp_r = 0; } for (;;) { int wp_c = 2 * wp_r + 1; if (wp_c >= "
          "wp_end) break; if (wp_c + 1 < wp_end && wp_k[wp_c] < wp_k[wp_c + "
          "1]) wp_c++; if (!(wp_k[wp_r] < wp_k[wp_c])) break; %s wp_tk = "
          "wp_k[wp_r]; wp_k[wp_r] = wp_k[wp_c]; wp_k[wp_c] = wp_tk; %s wp_tv "
          "= wp_v[wp_r]; wp_v[wp_r] = wp_v[wp_c]; wp_v[wp_c] = wp_tv; wp_r = "
          "wp_c; } }",
          v->id, v->args[0]->id, v->id, v->args[1]->id, K, v->id, V, v->id, n,
          n, K, V, K, V);
}

bool emit_tile_more(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  int n = v->type->kind == IR_T_TILE ? ir_tile_count(v->type) : 0;
  switch (v->builtin->id) {
  case IR_B_TILE_ASTYPE: {
    /* float16 / bfloat16 through float32, as the scalar casts */
    int from = v->args[0]->type->elem->scalar, to = v->type->elem->scalar;
    const char *in = from == WP_SCALAR_FLOAT16    ? "wp_h2f"
                     : from == WP_SCALAR_BFLOAT16 ? "wp_bf2f"
                                                  : "";
    const char *conv = to == WP_SCALAR_FLOAT16    ? "wp_f2h((float)"
                       : to == WP_SCALAR_BFLOAT16 ? "wp_f2bf((float)"
                                                  : NULL;
    fprintf(out,
            "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) v%d.v[wp_i] = ", n,
            EL(v));
    if (conv)
      fprintf(out, "%s%s(v%d.v[wp_i]));", conv, in, EL(v->args[0]));
    else
      fprintf(out, "(%s)%s(v%d.v[wp_i]);", emit_ctype(e, v->type->elem), in,
              EL(v->args[0]));
    return true;
  }
  case IR_B_TILE_RESHAPE: /* the same elements, row-major */
    fprintf(out,
            "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) v%d.v[wp_i] = "
            "v%d.v[wp_i];",
            n, EL(v), EL(v->args[0]));
    return true;
  case IR_B_TILE_VIEW: view(e, v); return true;
  case IR_B_TILE_SCAN_INCLUSIVE:
  case IR_B_TILE_SCAN_EXCLUSIVE:
  case IR_B_TILE_SCAN_MAX_INCLUSIVE:
  case IR_B_TILE_SCAN_MIN_INCLUSIVE: scan(e, v); return true;
  case IR_B_TILE_DIAG_ADD:
    fprintf(out,
            "v%d = v%d; WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) "
            "v%d.v[wp_i * "
            "%d + wp_i] = v%d.v[wp_i * %d + wp_i] + v%d.v[wp_i];",
            EL(v), EL(v->args[0]), v->type->rows, EL(v), v->type->cols, EL(v),
            v->type->cols, EL(v->args[1]));
    return true;
  case IR_B_TILE_CHOLESKY: cholesky(e, v); return true;
  case IR_B_I_TILE_TRI: tri(e, v); return true;
  case IR_B_TILE_CHOLESKY_SOLVE:
  case IR_B_TILE_LOWER_SOLVE:
  case IR_B_TILE_UPPER_SOLVE: linsolve(e, v); return true;
  case IR_B_TILE_ASSIGN: {
    const ir_type *d = v->type, *st = v->args[1]->type;
    fprintf(out,
            "v%d = v%d; WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) "
            "WP_TLOOP for (int wp_j = "
            "0; wp_j < %d; wp_j++) v%d.v[(v%d + wp_i) * %d + %s%s wp_j] = "
            "%sv%d.v[wp_i * %d + wp_j];",
            EL(v), EL(v->args[0]), st->rows, st->cols, EL(v), EL(v->args[2]),
            d->cols,
            d->ndim == 2 ? wp_arena_printf(e->m->arena, "v%d", EL(v->args[3]))
                         : "",
            d->ndim == 2 ? " +" : "",
            d->elem->kind == IR_T_SCALAR
                ? wp_arena_printf(e->m->arena, "(%s)", emit_ctype(e, d->elem))
                : "",
            EL(v->args[1]), st->cols);
    return true;
  }
  case IR_B_TILE_FFT:
  case IR_B_TILE_IFFT:
    fprintf(out,
            "WP_TLOOP for (int wp_r = 0; wp_r < %d; wp_r++) "
            "wp_tile_fft_%s(v%d.v[wp_r * "
            "%d].c, v%d.v[wp_r * %d].c, %d, %d);",
            v->type->rows, ir_scalar_name(v->type->elem->scalar),
            EL(v->args[0]), v->type->cols, EL(v), v->type->cols, v->type->cols,
            v->builtin->id == IR_B_TILE_IFFT);
    return true;
  case IR_B_TILE_SORT: sort(e, v); return true;
  case IR_B_I_TILE_SET:
    fprintf(out, "v%d = v%d; v%d.v[v%d] = v%d;", EL(v), EL(v->args[0]), EL(v),
            EL(v->args[1]), EL(v->args[2]));
    return true;
  default: return false;
  }
}
