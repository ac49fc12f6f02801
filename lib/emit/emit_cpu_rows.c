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

/* The loop over j in [from, to) of the row at threads i .. (j0 at i). */
static void inner_loop(FILE *out, const char *body_fn, int last,
                       const char *from, const char *to, const char *pragma,
                       const char *indent) {
  fprintf(out,
          "%s%sfor (wp_int32 j = %s; j < %s; j++) {\n%s  wp_int64 cj[4] = {",
          pragma, indent, from, to, indent);
  for (int d = 0; d < 4; d++)
    fprintf(out, "%s%s", d ? ", " : "",
            d < last    ? (const char *[]){"c[0]", "c[1]", "c[2]"}[d]
            : d == last ? "j"
                        : "0");
  fprintf(out, "};\n%s  %s(&a, &b, i + (j - j0), cj);\n%s}\n", indent, body_fn,
          indent);
}

/* The row loop (in the range function, or in the restrict function:
 * after locals a, b, begin, end, strides set), ending in `return`; with
 * an interior body (emit_cpu_rows1.c), the interior columns of each row
 * through it and the rest through body_fn, scalar. */
static void row_loop(emit_ctx *e, const char *body_fn, const emit_rows1 *in,
                     const char *inner, int dims, const char *indent) {
  FILE *out = e->out;
  int last = dims - 1;
  if (inner)
    emit_rows_interior_bounds(e, in, indent);
  /* the coordinates of `begin`; per row: threads [i, i + j1 - j0) are
     coordinates (c[0..last), j0 .. j1) */
  fprintf(out,
          "%sb.ndim = %d;\n"
          "%swp_int64 c[4];\n"
          "%swp_launch_coords(begin, &b, c);\n"
          "%swp_int32 n = (wp_int32)b.shape[%d];\n"
          "%sfor (wp_int64 i = begin; i < end;) {\n"
          "%s  wp_int32 j0 = (wp_int32)c[%d];\n"
          "%s  wp_int32 j1 = end - i < (wp_int64)(n - j0) ? "
          "j0 + (wp_int32)(end - i) : n;\n",
          indent, dims, indent, indent, indent, last, indent, indent, last,
          indent);
  const char *in2 = wp_arena_printf(e->m->arena, "%s  ", indent);
  if (!inner) {
    inner_loop(out, body_fn, last, "j0", "j1", "", in2);
  } else {
    const char *in4 = wp_arena_printf(e->m->arena, "%s    ", indent);
    fprintf(out,
            "%s  wp_int32 m0 = j1, m1 = j1;\n"
            "%s  if (xl <= xh && xl < j1 && xh >= j0 && j1 <= 0x3fffffff) {\n"
            "%s    m0 = (wp_int32)(xl > j0 ? xl : j0);\n"
            "%s    m1 = (wp_int32)(xh + 1 < j1 ? xh + 1 : j1);\n"
            "%s  }\n"
            "%s  for (int s = 0; s < 2; s++) {\n"
            "%s    wp_int32 from = s ? m1 : j0, to = s ? j1 : m0;\n",
            indent, indent, indent, indent, indent, indent, indent);
    /* the threads in order (emit_rows1_loop): [j0, m0), the interior
       [m0, m1), [m1, j1) */
    inner_loop(out, body_fn, last, "from", "to",
               "#if defined(__clang__)\n"
               "#pragma clang loop vectorize(disable)\n"
               "#endif\n",
               in4);
    fprintf(out, "%s    if (s)\n%s      break;\n", indent, indent);
    inner_loop(out, inner, last, "m0 & 0x3fffffff", "(m1 & 0x3fffffff)", "",
               in4);
    fprintf(out, "%s  }\n", indent);
  }
  fprintf(out,
          "%s  i += j1 - j0;\n"
          "%s  c[%d] = j1 - 1;\n"
          "%s  wp_launch_next(&b, c);\n"
          "%s}\n"
          "%sreturn;\n",
          indent, indent, last, indent, indent, indent);
}

/* Restrict arrays (emit_cpu_restrict.c's rule: forward kernels, every
 * written array checked against every other array argument once per
 * range): the row loop in its own function whose arrays' data pointers
 * are `restrict` parameters, and where the kernel clamps its column (the
 * last coordinate) to bounds known before the row, the interior columns
 * of each row through a body without those clamps (emit_cpu_rows1.c), so
 * that clang loads the neighbours as vectors: example_fluid's
 * pressure_solve reads p0[i, clamp(j +- 1)] and writes p1.  Only kernels
 * with such clamps: restrict alone, without the interior, made
 * pressure_solve's gathers slower than its scalar loop (221 ms of CPU for
 * 20 steps against 206).  The same operations, so the same results; where
 * arrays overlap, the row loop of emit_cpu_rows.  Returns whether it
 * printed the function. */
bool emit_cpu_rows_fn(emit_ctx *e, const ir_func *k, const char *body_fn,
                      const char *name) {
  int dims = rows_dims(k);
  bool *written = WP_NEW_ARRAY(e->m->arena, bool, k->nparams + 1);
  if (!dims || !emit_restrict_written(k, written))
    return false;
  emit_rows1 *in;
  const char *inner = emit_rows_interior(e, k, dims, body_fn, &in);
  if (!inner)
    return false;
  FILE *out = e->out;
  fprintf(out,
          "/* the row loop with restrict arrays (emit_cpu_rows.c) */\n"
          "WP_FN void %s(%s a, wp_launch_bounds b, wp_int64 begin, wp_int64 "
          "end",
          name, emit_isym(e, k, "args"));
  emit_restrict_params(e, k, written);
  fputs(") {\n", out);
  for (int i = 0; i < k->nparams; i++)
    if (k->param_types[i]->kind == IR_T_ARRAY)
      fprintf(out, "  a.p%d.data = (void *)d%d;\n", i, i);
  /* the caller checked them (constants here also where it is not
     inlined) */
  for (int i = 0; i < k->nparams; i++)
    if (row_array(k, i, dims))
      fprintf(out, "  a.p%d.strides[%d] = sizeof(%s);\n", i, dims - 1,
              emit_ctype(e, k->param_types[i]->elem));
  row_loop(e, body_fn, in, inner, dims, "  ");
  fputs("}\n\n", out);
  return true;
}

void emit_cpu_rows(emit_ctx *e, const ir_func *k, const char *body_fn,
                   const char *rx) {
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
  bool *written = WP_NEW_ARRAY(e->m->arena, bool, k->nparams + 1);
  if (rx && emit_restrict_written(k, written))
    emit_restrict_dispatch(e, k, written, rx);
  row_loop(e, body_fn, NULL, NULL, dims, "    ");
  fputs("  }\n", out);
}
