/* emit_cpu_restrict_adj.c - the backward (adjoint) 1-D dense loop with
 * `restrict` arrays and grads (issue #13).
 *
 * The backward body of a straight-line kernel reads and writes the grads of
 * its arrays: it loads (and zeroes) the grad of an array it stored to, and
 * adds into the grads of the arrays it read, a plain add where the index is
 * injective in the thread (lib/ir/injective.c), guarded per element by
 * tests that do not depend on the thread: `if (x.grad)`, `if (!(x.flags &
 * WP_ARRAY_RETAIN_GRAD))`, `if (launch 1-D && !bounds.flags)`.  And every
 * grad may alias every other grad and array, so clang keeps the 1-D dense
 * loop scalar (saxpy's backward: 5-10x its forward).
 *
 * Where the launcher's arguments show it, checked once per range (every
 * grad the body touches is allocated, the arrays whose grads it zeroes do
 * not retain them, the launch's grads do not overlap (bounds flags 0), and
 * every array or grad the body may write shares no byte with any other
 * array or grad it touches: wp_spmd_disjoint of 0spmd.h), the loop runs in
 * a function whose 1-D arrays' data and grad pointers are `restrict`
 * parameters and whose tests are constants there: the same body, the same
 * operations in the same order, so the same results, and clang vectorizes
 * it.  Otherwise the plain dense loop runs (as before).
 *
 * Which kernels (adj_arrays): those whose parameters are 1-D arrays (not
 * indexed) and scalars, vectors or matrices other than 64-bit integers,
 * whose backward function uses arrays only in loads, stores, shapes,
 * views, slices, grad loads and single-writer grad accumulations (no
 * atomics: a compare-and-swap loop keeps the loop scalar anyway, and the
 * body, compiled a third time, may be large: bench/adjoint's
 * spring_forces; no calls with arrays, no array made from a pointer, no
 * address taken, no array between blocks).
 *
 * bench/adjoint (2^22 floats, 3 runs, its README): saxpy's backward /
 * forward time 3.4 -> 1.2 on one thread, 5.0 -> 1.1 with the pool; the
 * gradients are the same bits (test/cli/cpu_restrict_adj.sh compares them
 * with a C loop on every path). */
#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

/* More array parameters than this: no restrict form (the checks are
 * pairs of regions, once per range). */
enum { RESTRICT_ADJ_MAX_ARRAYS = 8 };

/* What the backward body does with parameter array p. */
enum {
  USE_DATA_W = 1, /* stores or atomics into its data */
  USE_GRAD_R = 2, /* reads its grad */
  USE_GRAD_W = 4, /* writes its grad */
  USE_GRAD_Z = 8, /* zeroes grad slots unless it retains its grad */
};

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

/* Fills use[] (nparams) for kernel k's backward function; false when k
 * gets no backward restrict loop. */
static bool adj_arrays(const ir_func *k, int *use) {
  const ir_func *adj = k->adjoint;
  if (!adj || k->kind != IR_FUNC_KERNEL || adj->nparams != k->nparams)
    return false;
  for (int i = 0; i < k->nparams; i++)
    use[i] = 0;
  int narrays = emit_restrict_param_arrays(k, true);
  if (narrays < 1 || narrays > RESTRICT_ADJ_MAX_ARRAYS)
    return false;
  bool grads = false;
  for (const ir_block *b = adj->entry; b; b = b->next) {
    for (int i = 0; i < b->nparams; i++)
      if (b->params[i]->type->kind == IR_T_ARRAY)
        return false;
    for (const ir_value *v = b->first; v; v = v->next) {
      if (v->op == IR_ARRAY_FROM_PTR || v->op == IR_ARRAY_PTR ||
          v->op == IR_ADDR || v->op == IR_ARRAY_GRAD || emit_tile_handles(v))
        return false;
      int flag = 0;
      switch (v->op) {
      case IR_STORE: flag = USE_DATA_W; break;
      case IR_ATOMIC: return false;
      case IR_GRAD_ACCUM:
        if (v->aux <= 0)
          return false; /* an atomic add: the loop stays scalar */
        flag = USE_GRAD_R | USE_GRAD_W;
        break;
      case IR_GRAD_LOAD:
        flag = USE_GRAD_R | (v->aux ? USE_GRAD_W | USE_GRAD_Z : 0);
        break;
      case IR_LOAD:
      case IR_ARRAY_SHAPE:
      case IR_ARRAY_VALID:
      case IR_ARRAY_VIEW:
      case IR_ARRAY_SLICE:
      case IR_PARAM: break;
      default:
        if (v->type && v->type->kind == IR_T_ARRAY)
          return false;
        for (int i = 0; i < v->nargs; i++)
          if (v->args[i]->type->kind == IR_T_ARRAY)
            return false;
        continue;
      }
      if (v->op == IR_PARAM)
        continue;
      if (v->op == IR_ARRAY_VIEW || v->op == IR_ARRAY_SLICE) {
        if (root_param(v) < 0)
          return false;
        continue;
      }
      int p = root_param(v->args[0]);
      if (p < 0)
        return false;
      use[p] |= flag;
      grads |= (flag & USE_GRAD_R) != 0;
    }
  }
  return grads;
}

void emit_cpu_restrict_adj_fn(emit_ctx *e, const ir_func *k,
                              const char *body_fn, const char *name) {
  int *use = WP_NEW_ARRAY(e->m->arena, int, k->nparams + 1);
  if (!adj_arrays(k, use))
    return;
  FILE *out = e->out;
  fprintf(out,
          "/* the backward dense loop with restrict arrays and grads "
          "(emit_cpu_restrict_adj.c) */\n"
          "WP_FN void %s(%s a, wp_launch_bounds b, wp_int64 begin, wp_int64 "
          "end",
          name, emit_isym(e, k, "args"));
  for (int i = 0; i < k->nparams; i++) {
    if (k->param_types[i]->kind != IR_T_ARRAY)
      continue;
    const char *ct = emit_ctype(e, k->param_types[i]->elem);
    fprintf(out, ", %s%s *restrict d%d", use[i] & USE_DATA_W ? "" : "const ",
            ct, i);
    if (use[i] & USE_GRAD_R)
      fprintf(out, ", %s%s *restrict g%d", use[i] & USE_GRAD_W ? "" : "const ",
              ct, i);
  }
  fputs(") {\n  b.ndim = 1;\n  b.flags = 0;\n", out);
  for (int i = 0; i < k->nparams; i++) {
    if (k->param_types[i]->kind != IR_T_ARRAY)
      continue;
    fprintf(out, "  a.p%d.data = (void *)d%d;\n", i, i);
    if (use[i] & USE_GRAD_R)
      fprintf(out,
              "  if (!g%d)\n    return; /* (the caller checked) */\n"
              "  a.p%d.grad = (void *)g%d;\n",
              i, i, i);
    if (use[i] & USE_GRAD_Z)
      fprintf(out, "  a.p%d.flags &= ~(wp_uint32)WP_ARRAY_RETAIN_GRAD;\n", i);
  }
  fprintf(out,
          "  for (wp_int32 i = (wp_int32)begin; i < (wp_int32)end; i++) {\n"
          "    wp_int64 c[4] = {i, 0, 0, 0};\n"
          "    %s(&a, &b, i, c);\n"
          "  }\n}\n\n",
          body_fn);
}

/* One region the backward body touches: parameter p's data or grad. */
static void region(FILE *out, int p, bool grad) {
  if (grad)
    fprintf(out, "&g%d", p);
  else
    fprintf(out, "&a.p%d", p);
}

bool emit_cpu_restrict_adj_call(emit_ctx *e, const ir_func *k,
                                const char *name) {
  int *use = WP_NEW_ARRAY(e->m->arena, int, k->nparams + 1);
  if (!adj_arrays(k, use))
    return false;
  FILE *out = e->out;
  /* the grads as arrays of their own (same shape and strides) */
  for (int i = 0; i < k->nparams; i++)
    if (use[i] & USE_GRAD_R)
      fprintf(out, "    wp_array g%d = a.p%d;\n    g%d.data = a.p%d.grad;\n", i,
              i, i, i);
  fputs("    if (!b.flags", out);
  for (int i = 0; i < k->nparams; i++) {
    if (use[i] & USE_GRAD_R)
      fprintf(out, " && a.p%d.grad", i);
    if (use[i] & USE_GRAD_Z)
      fprintf(out, " && !(a.p%d.flags & WP_ARRAY_RETAIN_GRAD)", i);
  }
  /* every written region against every other region (a pair once) */
  int n = k->nparams;
  for (int r = 0; r < 2 * n; r++) {
    int p = r / 2;
    bool g = r % 2;
    int ur = use[p];
    if (k->param_types[p]->kind != IR_T_ARRAY ||
        !(g ? ur & USE_GRAD_W : ur & USE_DATA_W))
      continue;
    for (int s = 0; s < 2 * n; s++) {
      int q = s / 2;
      bool h = s % 2;
      int us = use[q];
      if (s == r || k->param_types[q]->kind != IR_T_ARRAY ||
          (h && !(us & USE_GRAD_R)))
        continue;
      bool s_written = h ? us & USE_GRAD_W : us & USE_DATA_W;
      if (s_written && s < r)
        continue; /* checked as (s, r) */
      fputs(" &&\n        wp_spmd_disjoint(", out);
      region(out, p, g);
      fprintf(out, ", sizeof(%s), ", emit_ctype(e, k->param_types[p]->elem));
      region(out, q, h);
      fprintf(out, ", sizeof(%s))", emit_ctype(e, k->param_types[q]->elem));
    }
  }
  fprintf(out, ") {\n      %s(a, b, begin, end", name);
  for (int i = 0; i < k->nparams; i++) {
    if (k->param_types[i]->kind != IR_T_ARRAY)
      continue;
    const char *ct = emit_ctype(e, k->param_types[i]->elem);
    fprintf(out, ", (%s%s *)a.p%d.data", use[i] & USE_DATA_W ? "" : "const ",
            ct, i);
    if (use[i] & USE_GRAD_R)
      fprintf(out, ", (%s%s *)a.p%d.grad", use[i] & USE_GRAD_W ? "" : "const ",
              ct, i);
  }
  fputs(");\n      return;\n    }\n", out);
  return true;
}
