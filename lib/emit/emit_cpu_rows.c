/* emit_cpu_rows.c - the row form of a CPU range loop for straight-line
 * kernels launched in 2-4 dimensions (issue #13).
 *
 * The general range loop (emit_kernel.c, cpu_range) calls the body once
 * per thread and steps the launch coordinates with wp_launch_next, a carry
 * over run-time shapes, and addresses every element as base + i s0 + j s1
 * with run-time strides.  For a kernel whose wp.tid() has K >= 2
 * components, the row form runs where the launch has K dimensions and
 * every K-dimensional array parameter's innermost stride is its element
 * size (checked once per range): an inner loop over the last launch
 * dimension (a 32-bit induction variable) with the outer coordinates
 * fixed, the carry once per row, and those innermost strides constants the
 * C compiler sees, so the inner addresses are affine (base_row + 4 j) and
 * the loop may vectorize.  The outer strides stay run-time values (arrays
 * sliced along an outer dimension keep the form); any other launch runs
 * the general loop.  (Checking each array on its own and keeping run-time
 * strides for the others: 0.30 s below instead of 0.20.)  The body is the
 * same as the general loop's, so are the results, for any range
 * [begin, end) the pool hands out (ranges start and end mid-row).
 *
 * warp-lang's example_fluid.py (pressure_solve, 256 x 128, one thread):
 * 0.58 s of CPU for 20 steps with the general loop, 0.20 s with this form
 * (bench/examples).
 */
#include "emit_internal.h"

/* Like the 1-D dense path: straight-line kernels (one block) of at most
 * this many IR instructions (the body is compiled once more). */
enum { ROWS_MAX_INSTRS = 400 };

/* K, the number of wp.tid() components of straight-line kernel k, when it
 * is 2..4 and every wp.tid() of k agrees; 0 when k gets no row form. */
static int rows_dims(const ir_func *k) {
  if (k->nblocks != 1 || emit_uses_tiles(k))
    return 0;
  int n = 0, dims = 0;
  for (const ir_value *v = k->entry->first; v; v = v->next) {
    if (++n > ROWS_MAX_INSTRS)
      return 0;
    if (v->op == IR_TID) {
      if (dims && v->aux2 != dims)
        return 0;
      dims = v->aux2;
    }
  }
  return dims >= 2 && dims <= 4 ? dims : 0;
}

/* Whether parameter i of k is a K-dimensional plain array (the row form
 * needs its innermost stride dense and makes it a constant). */
static bool row_array(const ir_func *k, int i, int dims) {
  const ir_type *t = k->param_types[i];
  return t->kind == IR_T_ARRAY && !ir_type_is_indexed(t) && t->ndim == dims;
}

void emit_cpu_rows(emit_ctx *e, const ir_func *k, const char *body_fn) {
  int dims = rows_dims(k);
  if (!dims)
    return;
  FILE *out = e->out;
  int last = dims - 1;
  fprintf(out, "  if (b.ndim == %d && b.shape[%d] <= 0x7fffffff", dims, last);
  for (int i = 0; i < k->nparams; i++)
    if (row_array(k, i, dims))
      fprintf(out, " &&\n      a.p%d.strides[%d] == sizeof(%s)", i, last,
              emit_ctype(e, k->param_types[i]->elem));
  fputs(") {\n", out);
  for (int i = 0; i < k->nparams; i++)
    if (row_array(k, i, dims))
      fprintf(out, "    a.p%d.strides[%d] = sizeof(%s);\n", i, last,
              emit_ctype(e, k->param_types[i]->elem));
  /* the coordinates of `begin`; per row: threads [i, i + j1 - j0) are
     coordinates (c[0..last), j0 .. j1) */
  fprintf(out,
          "    b.ndim = %d;\n"
          "    wp_int64 c[4];\n"
          "    wp_launch_coords(begin, &b, c);\n"
          "    wp_int32 n = (wp_int32)b.shape[%d];\n"
          "    for (wp_int64 i = begin; i < end;) {\n"
          "      wp_int32 j0 = (wp_int32)c[%d];\n"
          "      wp_int32 j1 = end - i < (wp_int64)(n - j0) ? "
          "j0 + (wp_int32)(end - i) : n;\n"
          "      for (wp_int32 j = j0; j < j1; j++) {\n"
          "        wp_int64 cj[4] = {",
          dims, last, last);
  for (int d = 0; d < 4; d++)
    fprintf(out, "%s%s", d ? ", " : "",
            d < last    ? (const char *[]){"c[0]", "c[1]", "c[2]"}[d]
            : d == last ? "j"
                        : "0");
  fprintf(out,
          "};\n"
          "        %s(&a, &b, i + (j - j0), cj);\n"
          "      }\n"
          "      i += j1 - j0;\n"
          "      c[%d] = j1 - 1;\n"
          "      wp_launch_next(&b, c);\n"
          "    }\n"
          "    return;\n  }\n",
          body_fn, last);
}
