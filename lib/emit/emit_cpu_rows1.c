/* emit_cpu_rows1.c - the restrict loop of a 1-D launch in rows of a
 * width the kernel divides its thread index by (issue #13).
 *
 * Kernels launched in one dimension over a 2-D grid split the index
 * themselves: x = tid % w, y = tid // w with w a kernel argument (Warp's
 * example_wave.py, wave_solve and wave_displace).  In the 1-D restrict loop
 * (emit_cpu_restrict.c) each thread then divides: the prelude's
 * wp_mod_inv / wp_floordiv_inv (a multiply by a reciprocal, vectorized,
 * plus the sign fix-ups of a signed division) were a fifth of
 * example_wave's time.  Where a forward kernel with the restrict loop
 * computes tid % W, tid // W or tid / W (int32, tid = wp.tid() of one
 * component, W an int32 parameter), the restrict loop walks the range in
 * rows of W threads: an inner loop over x with y fixed, and a second copy
 * of the body (<body>_row) in which those instructions read x and y from
 * the coordinates the loop passes (wp_coord[1], wp_coord[2]) instead of
 * dividing.  For tid >= 0 and W > 0 (the launcher checks W > 0 once per
 * range; otherwise the general loop runs) these are the values the
 * division gives, and the rest of the body is the same, so are the
 * results.  The row body replaces the plain one in the restrict loop: the
 * body is still compiled twice.
 *
 * warp-lang's example_wave.py (bench/examples/README.md): one thread,
 * AVX-512 variant, 300 steps: 262 ms of CPU before, 212 after. */
#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

/* Whether v is tid % W, tid // W or tid / W of int32 values with tid the
 * 1-component wp.tid() and W parameter `param` (any int32 parameter when
 * param < 0). */
static bool row_division(const ir_value *v, int param) {
  if (v->op != IR_BUILTIN || v->nargs != 2)
    return false;
  ir_builtin_id id = v->builtin->id;
  if (id != IR_B_MOD && id != IR_B_FLOORDIV && id != IR_B_DIV)
    return false;
  const ir_value *t = v->args[0], *w = v->args[1];
  if (v->type->kind != IR_T_SCALAR || v->type->scalar != WP_SCALAR_INT32 ||
      t->type != v->type || w->type != v->type)
    return false;
  if (t->op != IR_TID || t->aux != 0 || t->aux2 != 1 || w->op != IR_PARAM)
    return false;
  return param < 0 || w->aux == param;
}

int emit_rows1_width(const ir_func *k) {
  if (k->backward || k->kind != IR_FUNC_KERNEL)
    return -1;
  for (const ir_block *b = k->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      if (row_division(v, -1))
        return v->args[1]->aux;
  return -1;
}

bool emit_rows1_coord(emit_ctx *e, const ir_value *v) {
  if (!e->rows1_param || !row_division(v, e->rows1_param - 1))
    return false;
  fprintf(e->out, "((wp_int32)wp_coord[%d])",
          v->builtin->id == IR_B_MOD ? 1 : 2);
  return true;
}

void emit_rows1_body(emit_ctx *e, const ir_func *k, const char *name) {
  FILE *out = e->out;
  fprintf(out,
          "/* the body in rows of width p%d: tid %% p%d is wp_coord[1], "
          "tid // p%d wp_coord[2] (emit_cpu_rows1.c) */\n"
          "WP_FN void %s(const %s *wp_args, const wp_launch_bounds "
          "*wp_bounds, wp_int64 wp_idx, const wp_int64 *wp_coord) {\n"
          "  (void)wp_args; (void)wp_bounds; (void)wp_idx; "
          "(void)wp_coord;\n",
          emit_rows1_width(k), emit_rows1_width(k), emit_rows1_width(k), name,
          emit_isym(e, k, "args"));
  for (int i = 0; i < k->nparams; i++)
    fprintf(out, "  %s v%d = wp_args->p%d;\n", emit_ctype(e, k->param_types[i]),
            k->params[i]->id, i);
  e->rows1_param = emit_rows1_width(k) + 1;
  emit_body(e, k);
  e->rows1_param = 0;
  fputs("}\n\n", out);
}

void emit_rows1_loop(emit_ctx *e, const ir_func *k, const char *body_fn,
                     const char *pragma) {
  /* rows [row, row + w) of the range [begin, end) (0 <= begin, end <
     2^31: the dense path's check); the first and last may be partial */
  fprintf(e->out,
          "  wp_int32 w = a.p%d, i = (wp_int32)begin, e = (wp_int32)end;\n"
          "  wp_int32 y = i / w, x = i - y * w;\n"
          "  while (i < e) {\n"
          "    wp_int32 n = e - i < w - x ? e - i : w - x, row = i - x, "
          "x1 = x + n;\n"
          "%s"
          "    for (wp_int32 j = x; j < x1; j++) {\n"
          "      wp_int64 c[4] = {row + j, j, y, 0};\n"
          "      %s(&a, &b, row + j, c);\n"
          "    }\n"
          "    i += n;\n"
          "    x = 0;\n"
          "    y++;\n"
          "  }\n}\n\n",
          emit_rows1_width(k), pragma, body_fn);
}
