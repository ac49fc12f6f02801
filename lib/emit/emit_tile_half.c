/* emit_tile_half.c - the C of tile_matmul with a float16 accumulator (Warp's
 * scalar_matmul in half arithmetic, lib/lower/lower_tile_half.c) and the
 * float16/bfloat16 comparisons of the tile reductions. */
#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

const char *emit_tile_half_to_float(const ir_type *t) {
  if (t->kind != IR_T_SCALAR)
    return NULL;
  switch (t->scalar) {
  case WP_SCALAR_FLOAT16: return "wp_h2f";
  case WP_SCALAR_BFLOAT16: return "wp_bf2f";
  default: return NULL;
  }
}

/* out[i, j] = alpha * s (+ beta * out[i, j] when beta != 0), s = s +
 * a[i, k] * b[k, j] over k from s = 0: every product, sum and scaling
 * rounded to float16, as Warp's muladd<half> (c + a * b) and its store. */
bool emit_tile_matmul_half(emit_ctx *e, const ir_value *v) {
  if (v->type->elem->kind != IR_T_SCALAR ||
      v->type->elem->scalar != WP_SCALAR_FLOAT16)
    return false;
  FILE *out = e->out;
  const ir_value *a = v->args[0], *b = v->args[1];
  int M = a->type->rows, K = a->type->cols, N = b->type->cols;
  fprintf(out,
          "for (int wp_i = 0; wp_i < %d; wp_i++) for (int wp_j = 0; wp_j < "
          "%d; wp_j++) { wp_half wp_s = wp_f2h(0.0f); for (int wp_k = 0; wp_k "
          "< %d; wp_k++) wp_s = wp_f2h(wp_h2f(wp_s) + wp_h2f(wp_f2h(wp_h2f(v%d"
          ".v[wp_i * %d + wp_k]) * wp_h2f(v%d.v[wp_k * %d + wp_j])))); wp_half "
          "wp_r = wp_f2h(wp_h2f(v%d) * wp_h2f(wp_s)); ",
          M, N, K, a->id, K, b->id, N, v->args[v->aux ? 3 : 2]->id);
  if (v->aux) /* Warp reads out only when beta != 0 (BLAS's rule) */
    fprintf(out,
            "if (wp_h2f(v%d) != 0.0f) wp_r = wp_f2h(wp_h2f(wp_r) + "
            "wp_h2f(wp_f2h(wp_h2f(v%d) * wp_h2f(v%d.v[wp_i * %d + wp_j])))); ",
            v->args[4]->id, v->args[4]->id, v->args[2]->id, N);
  fprintf(out, "v%d.v[wp_i * %d + wp_j] = wp_r; }", v->id, N);
  return true;
}
