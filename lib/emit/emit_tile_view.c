/* emit_tile_view.c - the C of the region instructions of tiles (lib/lower/
 * lower_tile_slice.c, lower_tile_view_assign.c), for tiles of 1 to
 * IR_TILE_MAX_NDIM dimensions:
 *
 *   I_TILE_SLICE      args: tile p, then per dimension k of p its start
 *                     and step (int32) -> the elements of the region
 *   I_TILE_SLICE_SET  args: tile p, tile x, then the starts and steps ->
 *                     p with the region replaced by x (converted to p's
 *                     dtype when both are scalars)
 *   I_TILE_SLICE_SCATTER  args: tile x, the starts and steps -> zeros of
 *                     the result type with x at the region
 *   I_TILE_GATHER, I_TILE_UNGATHER  t[indices] along an axis, its adjoint
 *
 * Copies of whole tiles are loops: nvcc expands a struct assignment of a
 * large tile into one move per element (a (16, 32, 8) tile took minutes).
 *
 * Element c of the region (c_0 .. c_{n-1} over the dimensions of the
 * region, row-major) is element (start_k + step_k * c_{r(k)})_k of p, where
 * a dimension k of step 0 (a compile-time 0: an index) makes no dimension
 * of the region and takes start_k alone.  Both are copies: warpc holds
 * tiles (and views) as values, so x may be a region of p itself
 * (`t[1:] = t[:-1]` reads the old elements, as NumPy's). */
#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

/* Does dimension k of region instruction v make a dimension of the region
 * (a step that is not the constant 0)? */
static bool kept(const ir_value *v, int first, int k) {
  const ir_value *st = v->args[first + 2 * k + 1];
  return st->op != IR_CONST || st->ival != 0;
}

/* Prints the flat index into p of region element wp_i (declared by the
 * caller) of the region of type r: the coordinates of wp_i taken from the
 * last dimension of r backwards. */
static void source_index(emit_ctx *e, const ir_value *v, int first,
                         const ir_type *p, const ir_type *r) {
  FILE *out = e->out;
  int np = p->ndim, nr = 0;
  for (int k = 0; k < np; k++)
    nr += kept(v, first, k);
  /* wp_c<q>: coordinate q of the region */
  fputs("int wp_q = wp_i;", out);
  for (int q = nr - 1; q >= 0; q--) {
    int ext = r->tdims[q] ? r->tdims[q] : 1;
    fprintf(out, " int wp_c%d = wp_q %% %d; wp_q /= %d;", q, ext, ext);
  }
  fputs(" (void)wp_q; int wp_s = 0;", out);
  int q = 0;
  for (int k = 0; k < np; k++) {
    const ir_value *start = v->args[first + 2 * k];
    const ir_value *step = v->args[first + 2 * k + 1];
    fprintf(out, " wp_s = wp_s * %d + (v%d", p->tdims[k], start->id);
    if (kept(v, first, k))
      fprintf(out, " + v%d * wp_c%d", step->id, q++);
    fputs(");", out);
  }
}

/* I_TILE_GATHER (ungather false): element (o, j, q) of the result (o over
 * the dimensions before axis aux, j over the indices, q over those after)
 * is element (o, idx[j], q) of the source; a negative index counts from
 * the end, as Warp's.  I_TILE_UNGATHER: zeros of the source's shape, g's
 * element (o, j, q) added at (o, idx[j], q) (repeated indices add up). */
static void gather(emit_ctx *e, const ir_value *v, bool ungather) {
  const ir_type *big = ungather ? v->type : v->args[0]->type;
  const ir_value *idx = v->args[1];
  int axis = (int)v->aux, n = idx->type->rows, d = big->tdims[axis];
  int outer = 1, inner = 1;
  for (int k = 0; k < big->ndim; k++)
    if (k < axis)
      outer *= big->tdims[k];
    else if (k > axis)
      inner *= big->tdims[k];
  FILE *out = e->out;
  if (ungather)
    fprintf(out,
            "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) v%d.v[wp_i] = "
            "WP_LIT(%s){0}; ",
            ir_tile_count(v->type), v->id, emit_ctype(e, v->type->elem));
  fprintf(out,
          "WP_TLOOP for (int wp_o = 0; wp_o < %d; wp_o++) WP_TLOOP for (int "
          "wp_j = 0; wp_j < "
          "%d; wp_j++) { int wp_r = (int)v%d.v[wp_j]; if (wp_r < 0) wp_r += "
          "%d; WP_TLOOP for (int wp_q = 0; wp_q < %d; wp_q++) ",
          outer, n, idx->id, d, inner);
  if (ungather)
    fprintf(out,
            "v%d.v[(wp_o * %d + wp_r) * %d + wp_q] += v%d.v[(wp_o * %d + "
            "wp_j) * %d + wp_q]; }",
            v->id, d, inner, v->args[0]->id, n, inner);
  else
    fprintf(out,
            "v%d.v[(wp_o * %d + wp_j) * %d + wp_q] = v%d.v[(wp_o * %d + "
            "wp_r) * %d + wp_q]; }",
            v->id, n, inner, v->args[0]->id, d, inner);
}

bool emit_tile_view(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  switch (v->builtin->id) {
  case IR_B_I_TILE_GATHER: gather(e, v, false); return true;
  case IR_B_I_TILE_UNGATHER: gather(e, v, true); return true;
  case IR_B_I_TILE_SLICE: {
    const ir_value *p = v->args[0];
    fprintf(out, "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) { ",
            ir_tile_count(v->type));
    source_index(e, v, 1, p->type, v->type);
    fprintf(out, " v%d.v[wp_i] = v%d.v[wp_s]; }", v->id, p->id);
    return true;
  }
  case IR_B_I_TILE_SLICE_SET: {
    const ir_value *p = v->args[0], *x = v->args[1];
    const ir_type *pe = p->type->elem, *xe = x->type->elem;
    const char *cast =
        pe != xe && pe->kind == IR_T_SCALAR && xe->kind == IR_T_SCALAR
            ? wp_arena_printf(e->m->arena, "(%s)", emit_ctype(e, pe))
            : "";
    /* the copy of p as a loop: nvcc expands a struct assignment of a
       large tile into one move per element (minutes to compile) */
    fprintf(out,
            "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) v%d.v[wp_i] = "
            "v%d.v[wp_i]; "
            "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) { ",
            ir_tile_count(p->type), v->id, p->id, ir_tile_count(x->type));
    source_index(e, v, 2, p->type, x->type);
    fprintf(out, " v%d.v[wp_s] = %sv%d.v[wp_i]; }", v->id, cast, x->id);
    return true;
  }
  case IR_B_I_TILE_SLICE_SCATTER: { /* zeros, x at the region */
    const ir_value *x = v->args[0];
    fprintf(out,
            "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) v%d.v[wp_i] = "
            "WP_LIT(%s){0}; "
            "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) { ",
            ir_tile_count(v->type), v->id, emit_ctype(e, v->type->elem),
            ir_tile_count(x->type));
    source_index(e, v, 1, v->type, x->type);
    fprintf(out, " v%d.v[wp_s] = v%d.v[wp_i]; }", v->id, x->id);
    return true;
  }
  default: return false;
  }
}
