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
 * The interior of a row (below) runs a third copy of the body, with its
 * @wp.func calls inlined and the clamps of the column dropped.
 *
 * warp-lang's example_wave.py (bench/examples/README.md): one thread,
 * AVX-512 variant, 300 steps: 262 ms of CPU before, 179 with the rows, 66
 * with the interior body (wave_solve's five gathers per 8 threads become
 * vector loads).
 *
 * The interior loop's bounds are masked with 0x3fffffff (rows of at most
 * that many columns have an interior; the mask changes no value): clang
 * then knows that x + c does not wrap for a small c, and sees the loads
 * of the neighbours as consecutive; without it the induction variable,
 * widened to 64 bits, met the 32-bit x + c of the body (-fwrapv) as
 * sext(trunc(x) + c), and the loads stayed gathers (example_fluid's
 * pressure_solve). */
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
  if (e->rows1_ident && e->rows1_ident[v->id]) { /* an interior clamp */
    fprintf(e->out, "v%d", v->args[0]->id);
    return true;
  }
  if (!e->rows1_param || !row_division(v, e->rows1_param - 1))
    return false;
  fprintf(e->out, "((wp_int32)wp_coord[%d])",
          v->builtin->id == IR_B_MOD ? 1 : 2);
  return true;
}

/* Interior clamps: the row body's clamps of the column x plus a constant
 * (wp.clamp(x + c, lo, hi), int32; lo and hi computable before the row:
 * constants, int32 parameters and array parameters' shapes, added or
 * subtracted) are x + c itself
 * for x in [lo - c, hi - c].  A stencil clamping its neighbours' columns
 * to the grid (example_wave's sample: f[clamp(y) * w + clamp(x + 1)])
 * reads them through gathers; in the interior of a row (every such clamp
 * the identity) the addresses are affine in x, so clang loads them as
 * vectors.  The clamps are found in a copy of the kernel with its
 * @wp.func calls inlined (they sit in the functions), and that copy is the
 * interior body: the same operations but the identity clamps, so the same
 * results. */
enum { ROWS1_MAX_CLAMPS = 64, ROWS1_EXPR_DEPTH = 8 };

typedef struct interior_clamp {
  const ir_value *lo, *hi;
  long long c;
} interior_clamp;

struct emit_rows1 {
  const char *body, *inner; /* row body; interior body or NULL */
  int width;                /* W's parameter */
  interior_clamp clamps[ROWS1_MAX_CLAMPS];
  int nclamps;
};

static bool int32_value(const ir_value *v) {
  return v->type->kind == IR_T_SCALAR && v->type->scalar == WP_SCALAR_INT32;
}

static bool add_or_sub(const ir_value *v) {
  return v->op == IR_BUILTIN && v->nargs == 2 && int32_value(v) &&
         (v->builtin->id == IR_B_ADD || v->builtin->id == IR_B_SUB) &&
         int32_value(v->args[0]) && int32_value(v->args[1]);
}

/* An int32 value the row loop computes as the body does: a constant, an
 * int32 parameter, the shape of an array parameter, or a sum or difference
 * of those. */
static bool invariant(const ir_value *v, int depth) {
  if (depth > ROWS1_EXPR_DEPTH || !int32_value(v))
    return false;
  if (v->op == IR_CONST || v->op == IR_PARAM)
    return true;
  if (v->op == IR_ARRAY_SHAPE) /* of an array argument */
    return v->args[0]->op == IR_PARAM && v->args[0]->type->kind == IR_T_ARRAY &&
           !ir_type_is_indexed(v->args[0]->type);
  return add_or_sub(v) && invariant(v->args[0], depth + 1) &&
         invariant(v->args[1], depth + 1);
}

/* It in the row loop (int32 arithmetic wraps there as in the body:
 * -fwrapv). */
static void print_invariant(FILE *out, const ir_value *v) {
  if (v->op == IR_CONST) {
    fprintf(out, "(wp_int32)%lld", (long long)(wp_int32)v->ival);
  } else if (v->op == IR_PARAM) {
    fprintf(out, "a.p%d", v->aux);
  } else if (v->op == IR_ARRAY_SHAPE) {
    fprintf(out, "(wp_int32)a.p%d.shape[%d]", v->args[0]->aux, v->aux);
  } else {
    fputs("(wp_int32)(", out);
    print_invariant(out, v->args[0]);
    fputs(v->builtin->id == IR_B_ADD ? " + " : " - ", out);
    print_invariant(out, v->args[1]);
    fputc(')', out);
  }
}

/* Whether v is the column: tid % W (W parameter `param`), or with param
 * < 0 the last of the `dims` components of wp.tid() (emit_cpu_rows.c). */
static bool column(const ir_value *v, int param, int dims) {
  if (param < 0)
    return v->op == IR_TID && v->aux == dims - 1 && v->aux2 == dims;
  return row_division(v, param) && v->builtin->id == IR_B_MOD;
}

/* Whether v is the column plus an int32 constant c. */
static bool column_plus(const ir_value *v, int param, int dims, long long *c) {
  if (column(v, param, dims)) {
    *c = 0;
    return true;
  }
  if (!add_or_sub(v))
    return false;
  const ir_value *a = v->args[0], *b = v->args[1];
  if (b->op == IR_CONST && column(a, param, dims)) {
    long long k = (wp_int32)b->ival;
    *c = v->builtin->id == IR_B_ADD ? k : -k;
    return true;
  }
  if (v->builtin->id == IR_B_ADD && a->op == IR_CONST &&
      column(b, param, dims)) {
    *c = (wp_int32)a->ival;
    return true;
  }
  return false;
}

/* Finds the interior clamps of f (ids current), marking them in ident;
 * their number (0: no interior body). */
static int find_clamps(const ir_func *f, int param, int dims, bool *ident,
                       emit_rows1 *r) {
  int n = 0;
  for (const ir_block *b = f->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next) {
      long long c;
      if (v->op != IR_BUILTIN || v->builtin->id != IR_B_CLAMP ||
          v->nargs != 3 || !int32_value(v) ||
          !column_plus(v->args[0], param, dims, &c) ||
          !invariant(v->args[1], 0) || !invariant(v->args[2], 0))
        continue;
      if (n == ROWS1_MAX_CLAMPS)
        return 0; /* more: no interior body (the range check grows) */
      ident[v->id] = true;
      r->clamps[n++] = (interior_clamp){v->args[1], v->args[2], c};
    }
  return n;
}

static void print_body(emit_ctx *e, const ir_func *k, const ir_func *f,
                       const char *name, const char *what) {
  FILE *out = e->out;
  int w = emit_rows1_width(k);
  if (w >= 0)
    fprintf(out,
            "/* the body in rows of width p%d%s: tid %% p%d is wp_coord[1], "
            "tid // p%d wp_coord[2] (emit_cpu_rows1.c) */\n",
            w, what, w, w);
  else
    fprintf(out, "/* the row body%s (emit_cpu_rows1.c) */\n", what);
  fprintf(out,
          "WP_FN void %s(const %s *wp_args, const wp_launch_bounds "
          "*wp_bounds, wp_int64 wp_idx, const wp_int64 *wp_coord) {\n"
          "  (void)wp_args; (void)wp_bounds; (void)wp_idx; "
          "(void)wp_coord;\n",
          name, emit_isym(e, k, "args"));
  for (int i = 0; i < f->nparams; i++)
    fprintf(out, "  %s v%d = wp_args->p%d;\n", emit_ctype(e, f->param_types[i]),
            f->params[i]->id, i);
  e->rows1_param = w + 1;
  emit_body(e, f);
  e->rows1_param = 0;
  e->rows1_ident = NULL;
  fputs("}\n\n", out);
}

/* The interior body `r->body`_in of kernel k when it has interior clamps
 * of the column (param, dims: column()). */
static void interior(emit_ctx *e, const ir_func *k, int param, int dims,
                     emit_rows1 *r) {
  /* a copy of k with its calls inlined */
  ir_func *f = ir_adj_inlined_copy(e->m, (ir_func *)k);
  ir_renumber(f);
  int nvalues = 0;
  for (const ir_block *b = f->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      nvalues = v->id + 1 > nvalues ? v->id + 1 : nvalues;
  for (int i = 0; i < f->nparams; i++)
    nvalues = f->params[i]->id + 1 > nvalues ? f->params[i]->id + 1 : nvalues;
  bool *ident = WP_NEW_ARRAY(e->m->arena, bool, nvalues + 1);
  r->nclamps = find_clamps(f, param, dims, ident, r);
  if (!r->nclamps)
    return;
  r->inner = wp_arena_printf(e->m->arena, "%s_in", r->body);
  e->rows1_ident = ident;
  print_body(e, k, f, r->inner,
             ", interior: its column clamps are the identity");
}

emit_rows1 *emit_rows1_body(emit_ctx *e, const ir_func *k, const char *name) {
  emit_rows1 *r = WP_NEW(e->m->arena, emit_rows1);
  r->body = name;
  r->width = emit_rows1_width(k);
  print_body(e, k, k, name, "");
  interior(e, k, r->width, 1, r);
  return r;
}

const char *emit_rows_interior(emit_ctx *e, const ir_func *k, int dims,
                               const char *body_fn, emit_rows1 **out) {
  emit_rows1 *r = WP_NEW(e->m->arena, emit_rows1);
  r->body = body_fn;
  r->width = -1;
  interior(e, k, -1, dims, r);
  *out = r;
  return r->inner;
}

/* The interior columns [xl, xh] (int64 locals): every interior clamp's
 * lo - c and hi - c. */
static void print_bounds(FILE *out, const emit_rows1 *r, const char *indent) {
  fprintf(out,
          "%swp_int64 xl = -0x7fffffffffffffffLL, xh = "
          "0x7fffffffffffffffLL, t;\n",
          indent);
  for (int k = 0; k < r->nclamps; k++) {
    fprintf(out, "%st = (wp_int64)", indent);
    print_invariant(out, r->clamps[k].lo);
    fprintf(out, " - (%lldLL);\n%sxl = t > xl ? t : xl;\n%st = (wp_int64)",
            r->clamps[k].c, indent, indent);
    print_invariant(out, r->clamps[k].hi);
    fprintf(out, " - (%lldLL);\n%sxh = t < xh ? t : xh;\n", r->clamps[k].c,
            indent);
  }
}

void emit_rows_interior_bounds(emit_ctx *e, const emit_rows1 *r,
                               const char *indent) {
  print_bounds(e->out, r, indent);
}

/* The loop over j in [from, to) of row `row` through body fn. */
static void inner_loop(FILE *out, const char *fn, const char *from,
                       const char *to, const char *pragma, const char *indent) {
  fprintf(out,
          "%s"
          "%sfor (wp_int32 j = %s; j < %s; j++) {\n"
          "%s  wp_int64 c[4] = {row + j, j, y, 0};\n"
          "%s  %s(&a, &b, row + j, c);\n"
          "%s}\n",
          pragma, indent, from, to, indent, indent, fn, indent);
}

void emit_rows1_loop(emit_ctx *e, const emit_rows1 *r, const char *pragma) {
  FILE *out = e->out;
  /* rows [row, row + w) of the range [begin, end) (0 <= begin, end <
     2^31: the dense path's check); the first and last may be partial */
  fprintf(out,
          "  wp_int32 w = a.p%d, i = (wp_int32)begin, e = (wp_int32)end;\n"
          "  wp_int32 y = i / w, x = i - y * w;\n",
          r->width);
  if (r->inner)
    print_bounds(out, r, "  ");
  fputs("  while (i < e) {\n"
        "    wp_int32 n = e - i < w - x ? e - i : w - x, row = i - x, "
        "x1 = x + n;\n",
        out);
  if (!r->inner) {
    inner_loop(out, r->body, "x", "x1", pragma, "    ");
  } else {
    /* the interior part [m0, m1) of [x, x1), the rest through the row
       body; the threads in order, [x, m0), [m0, m1), [m1, x1): where their
       order shows (a thread stores what another reads or stores: an
       element updated at a clamped column), the results of one thread */
    fputs("    wp_int32 m0 = x1, m1 = x1;\n"
          "    if (xl <= xh && xl < x1 && xh >= x && x1 <= 0x3fffffff) {\n"
          "      m0 = (wp_int32)(xl > x ? xl : x);\n"
          "      m1 = (wp_int32)(xh + 1 < x1 ? xh + 1 : x1);\n"
          "    }\n"
          "    for (int s = 0; s < 2; s++) {\n"
          "      wp_int32 from = s ? m1 : x, to = s ? x1 : m0;\n",
          out);
    /* a column or two at each end in a stencil: scalar (compiled once) */
    inner_loop(out, r->body, "from", "to",
               "#if defined(__clang__)\n"
               "#pragma clang loop vectorize(disable)\n"
               "#endif\n",
               "      ");
    fputs("      if (s)\n"
          "        break;\n",
          out);
    inner_loop(out, r->inner, "m0 & 0x3fffffff", "(m1 & 0x3fffffff)", pragma,
               "      ");
    fputs("    }\n", out);
  }
  fputs("    i += n;\n"
        "    x = 0;\n"
        "    y++;\n"
        "  }\n}\n\n",
        out);
}
