/* emit_cpu_restrict.c - the 1-D dense path's loop with `restrict` arrays
 * (issue #13).
 *
 * In the 1-D dense loop (emit_kernel.c, cpu_range) the array strides are
 * constants, but the C compiler must still assume that a store through one
 * array may change what another array holds: a kernel that reads its
 * neighbours at indices that are not affine in the thread (clamped, as
 * example_wave's wave_solve: f[clamp(y) * w + clamp(x)]), or that stores
 * under a branch (wave_displace), keeps its loop scalar ("cannot identify
 * array bounds").  Where the launcher's arguments show it (checked once per
 * range: every array the kernel may write shares no byte with any other
 * array argument, wp_spmd_disjoint of 0spmd.h), the loop runs in a
 * function whose 1-D arrays' data pointers are `restrict` parameters: the
 * same body, the same operations in the same order, so the same results;
 * clang may then vectorize it (masked stores, gathers).  Where arrays
 * overlap, the general loop runs (so the body is compiled twice, not three
 * times: example_fdtd_3d.py compiles in 0.72 s of CPU, 0.57 before the
 * restrict loop; example_wave.py 0.28 s, 0.21).
 *
 * Which kernels (restrict_arrays): forward kernels whose parameters are
 * arrays (not indexed) and scalars, vectors or matrices, none holding
 * 64-bit integers (ids of meshes, grids, volumes: memory the check does
 * not see; nor arrays of them), with no array made from a pointer, no
 * address taken
 * and no array passed between blocks; the arrays it may write are those
 * stored to, updated atomically or passed to a function (through views and
 * slices: their parameter).
 *
 * warp-lang's example_wave.py (bench/examples, one thread, AVX-512 variant,
 * 100 steps): 246 ms of CPU without, 123 ms with (wave_solve and
 * wave_displace both vectorize); 90 ms with 32-bit gathers, the vectorized
 * division by the width and the loops of kernels with branches, calls or
 * more than RESTRICT_SMALL_BODY values interleaved twice in the AVX-512
 * variant (big_body). */
#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

/* More array parameters than this: no restrict form (the checks are
 * pairs of arrays, once per range). */
enum { RESTRICT_MAX_ARRAYS = 16 };

/* The parameter array v is (through views and slices), or -1. */
static int root_param(const ir_value *v) {
  for (int depth = 0; v && depth < 64; depth++) {
    if (v->op == IR_PARAM)
      return v->aux;
    if (v->op != IR_ARRAY_VIEW && v->op != IR_ARRAY_SLICE)
      return -1;
    v = v->args[0];
  }
  return -1;
}

static bool dense_array(const ir_type *t) {
  return t->kind == IR_T_ARRAY && !ir_type_is_indexed(t) && t->ndim == 1;
}

/* Whether a value of type t may hold a 64-bit integer (an id of a mesh,
 * grid or volume whose memory the overlap check does not see): a scalar,
 * vector or matrix of them, or an array or struct with one inside. */
static bool holds_int64(const ir_type *t, int depth) {
  if (!t || depth > 16)
    return true; /* too deep to look: as if it did */
  switch (t->kind) {
  case IR_T_SCALAR:
  case IR_T_VEC:
  case IR_T_MAT:
    return t->scalar == WP_SCALAR_UINT64 || t->scalar == WP_SCALAR_INT64;
  case IR_T_ARRAY: return holds_int64(t->elem, depth + 1);
  case IR_T_STRUCT:
    for (int i = 0; i < t->nmembers; i++)
      if (holds_int64(t->members[i], depth + 1))
        return true;
    return false;
  default: return false;
  }
}

/* The number of array parameters of kernel k, or -1 when its parameters
 * rule out the restrict form: an indexed array (or one of several
 * dimensions when `one_d`), a struct, or anything that may hold a 64-bit
 * integer (ids: the kernel could reach a mesh's points through one while
 * writing them through an array argument). */
int emit_restrict_param_arrays(const ir_func *k, bool one_d) {
  int narrays = 0;
  for (int i = 0; i < k->nparams; i++) {
    const ir_type *t = k->param_types[i];
    if (holds_int64(t, 0))
      return -1;
    if (t->kind == IR_T_ARRAY) {
      if (ir_type_is_indexed(t) || (one_d && t->ndim != 1))
        return -1;
      narrays++;
    } else if (t->kind != IR_T_SCALAR && t->kind != IR_T_VEC &&
               t->kind != IR_T_MAT)
      return -1;
  }
  return narrays;
}

static bool restrict_arrays(const ir_func *k, bool *written) {
  if (k->backward || k->kind != IR_FUNC_KERNEL)
    return false;
  for (int i = 0; i < k->nparams; i++)
    written[i] = false;
  int narrays = emit_restrict_param_arrays(k, false);
  if (narrays < 2 || narrays > RESTRICT_MAX_ARRAYS)
    return false;
  bool any = false;
  for (const ir_block *b = k->entry; b; b = b->next) {
    for (int i = 0; i < b->nparams; i++)
      if (b->params[i]->type->kind == IR_T_ARRAY)
        return false;
    for (const ir_value *v = b->first; v; v = v->next) {
      if (v->op == IR_ARRAY_FROM_PTR || v->op == IR_ARRAY_PTR ||
          v->op == IR_ADDR || emit_tile_handles(v))
        return false;
      if (v->op != IR_STORE && v->op != IR_ATOMIC && v->op != IR_CALL)
        continue;
      for (int i = 0; i < v->nargs; i++) {
        if (v->args[i]->type->kind != IR_T_ARRAY)
          continue;
        int p = root_param(v->args[i]);
        if (p < 0)
          return false;
        written[p] = any = true;
      }
    }
  }
  return any;
}

bool emit_restrict_written(const ir_func *k, bool *written) {
  return restrict_arrays(k, written);
}

/* Whether parameter i gets a restrict data pointer: 1-D arrays, or every
 * array when `all` (the row loop: emit_cpu_rows.c). */
static bool restrict_param(const ir_func *k, int i, bool all) {
  const ir_type *t = k->param_types[i];
  return all ? t->kind == IR_T_ARRAY : dense_array(t);
}

static void params(emit_ctx *e, const ir_func *k, const bool *written,
                   bool all) {
  for (int i = 0; i < k->nparams; i++)
    if (restrict_param(k, i, all))
      fprintf(e->out, ", %s%s *restrict d%d", written[i] ? "" : "const ",
              emit_ctype(e, k->param_types[i]->elem), i);
}

void emit_restrict_params(emit_ctx *e, const ir_func *k, const bool *written) {
  params(e, k, written, true);
}

/* `    if (<cond> && <no written array overlaps another>) { name(a, b,
 * begin, end, <data pointers>); return; }` */
static void dispatch(emit_ctx *e, const ir_func *k, const bool *written,
                     const char *name, const char *cond, bool all) {
  FILE *out = e->out;
  fprintf(out, "    if (%s", cond);
  for (int i = 0; i < k->nparams; i++) {
    if (!written[i])
      continue;
    for (int j = 0; j < k->nparams; j++)
      if (j != i && k->param_types[j]->kind == IR_T_ARRAY &&
          (!written[j] || j > i))
        fprintf(out,
                " &&\n        wp_spmd_disjoint(&a.p%d, sizeof(%s), &a.p%d, "
                "sizeof(%s))",
                i, emit_ctype(e, k->param_types[i]->elem), j,
                emit_ctype(e, k->param_types[j]->elem));
  }
  fprintf(out, ") {\n      %s(a, b, begin, end", name);
  for (int i = 0; i < k->nparams; i++)
    if (restrict_param(k, i, all))
      fprintf(out, ", (%s%s *)a.p%d.data", written[i] ? "" : "const ",
              emit_ctype(e, k->param_types[i]->elem), i);
  fputs(");\n      return;\n    }\n", out);
}

void emit_restrict_dispatch(emit_ctx *e, const ir_func *k, const bool *written,
                            const char *name) {
  dispatch(e, k, written, name, "1", true);
}

/* A body clang would not interleave on its own: a branch, a call or more
 * values than a small loop has (clang interleaves loops whose cost is under
 * 20 by itself, and a pragma would cap those at 2). */
enum { RESTRICT_SMALL_BODY = 16 };

static bool big_body(const ir_func *k) {
  if (k->entry && k->entry->next)
    return true;
  int n = 0;
  for (const ir_block *b = k->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      if (v->op == IR_CALL || ++n > RESTRICT_SMALL_BODY)
        return true;
  return false;
}

void emit_cpu_restrict_fn(emit_ctx *e, const ir_func *k, const char *body_fn,
                          const char *name) {
  bool *written = WP_NEW_ARRAY(e->m->arena, bool, k->nparams + 1);
  if (!restrict_arrays(k, written))
    return;
  FILE *out = e->out;
  /* rows of a width: emit_cpu_rows1.c */
  emit_rows1 *rows = NULL;
  if (emit_rows1_width(k) >= 0)
    rows =
        emit_rows1_body(e, k, wp_arena_printf(e->m->arena, "%s_row", body_fn));
  fprintf(out,
          "/* the dense loop with restrict arrays (emit_cpu_restrict.c) */\n"
          "WP_FN void %s(%s a, wp_launch_bounds b, wp_int64 begin, wp_int64 "
          "end",
          name, emit_isym(e, k, "args"));
  params(e, k, written, false);
  fputs(") {\n", out);
  for (int i = 0; i < k->nparams; i++)
    if (dense_array(k->param_types[i]))
      fprintf(out, "  a.p%d.data = (void *)d%d;\n", i, i);
  /* AVX-512 gathers and masked stores are long-latency: two vector
     iterations interleaved overlap them (example_wave, one thread: 103 ->
     90 ms of CPU per 100 steps); AVX2 code gathers lane by lane (no
     gain), and small bodies clang interleaves itself */
  const char *pragma = big_body(k) ? "#if defined(__clang__) && "
                                     "defined(__AVX512F__)\n"
                                     "#pragma clang loop interleave_count(2)\n"
                                     "#endif\n"
                                   : "";
  if (rows) {
    emit_rows1_loop(e, rows, pragma);
    return;
  }
  fputs(pragma, out);
  fprintf(out,
          "  for (wp_int32 i = (wp_int32)begin; i < (wp_int32)end; i++) {\n"
          "    wp_int64 c[4] = {i, 0, 0, 0};\n"
          "    %s(&a, &b, i, c);\n"
          "  }\n}\n\n",
          body_fn);
}

bool emit_cpu_restrict_call(emit_ctx *e, const ir_func *k, const char *name) {
  bool *written = WP_NEW_ARRAY(e->m->arena, bool, k->nparams + 1);
  if (!restrict_arrays(k, written))
    return false;
  /* rows of a width: the width > 0 (emit_cpu_rows1.c) */
  int rows = emit_rows1_width(k);
  dispatch(e, k, written, name,
           rows >= 0 ? wp_arena_printf(e->m->arena, "a.p%d > 0", rows) : "1",
           false);
  return true;
}
