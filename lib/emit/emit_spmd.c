/* emit_spmd.c - the SPMD variant of a CPU kernel: WP_SPMD_W threads of a
 * 1-D launch at once (the ISPC model), for kernels whose control flow is
 * the same in every thread (lib/ir/uniform.c says which, and which values
 * vary between threads).
 *
 * The variant keeps the kernel's blocks and branches, run once for all
 * lanes; in each block the uniform instructions come first, as in the
 * scalar body (they read nothing the lanes write: uniform.c), then one
 * loop over the lanes (WP_SPMD_LANES, 0spmd.h) holds the block's varying
 * instructions, printed by the scalar emitter (emit_value) with their
 * operands as the loop's locals.  A varying value used outside its block's
 * loop (in another block, or passed on an edge) and every varying block
 * argument lives in memory, one array of lanes per component, loaded at
 * the top of the loops that read it and stored at the end of the loop that
 * makes it.  wp.tid() of lane l is the group's first index + l.
 *
 * Why this form, measured on bench/nbody's step (8192 bodies, one thread,
 * against the same step written with AVX2 / AVX-512 intrinsics by hand):
 * lane loops left for clang's loop vectorizer ran 2.6-3.4x slower than the
 * hand-written code (the lane arrays go through memory in every
 * iteration), fully unrolled lane loops over arrays of vec3 structs 2.7-3.2x
 * (the SLP vectorizer pairs x with y), unrolled loops over one array per
 * component 1.04-1.07x; 16 lanes on AVX2 beat 8 (1.07x against 1.1-1.5x).
 *
 * cpu_range (emit_kernel.c) runs groups of WP_SPMD_W threads through it
 * where the launch allows (emit_spmd_dispatch) and the rest through the
 * scalar body: every thread computes the same operations in the same
 * order either way, so the results are the same bits. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "emit_spmd.h"

/* Kernels of more IR instructions keep the scalar code only (the lane
 * loops are unrolled W times: compile time and code size grow with it). */
enum { SPMD_MAX_INSTRS = 400 };

/* A component of a vector or matrix that differs between threads, at an
 * index known only at run time: its lanes stay in memory (no register
 * holds a run-time component), so the variant is slower to compile and no
 * faster to run (ds_lu_solve's 4x4 elimination: 1.7x the compile time). */
static bool dynamic_component(const ir_value *v, const bool *vary) {
  return (v->op == IR_EXTRACT_DYN || v->op == IR_INSERT_DYN) &&
         vary[v->args[0]->id];
}

/* A vector or matrix: one lane array per component. */
static bool split(const ir_type *t) {
  return t->kind == IR_T_VEC || t->kind == IR_T_MAT;
}

static int ncomp(const ir_type *t) {
  return t->rows * t->cols;
}

/* `.c[i]` or `.c[r][c]` of component i of vector/matrix t. */
static void comp(FILE *out, const ir_type *t, int i) {
  if (t->kind == IR_T_MAT)
    fprintf(out, ".c[%d][%d]", i / t->cols, i % t->cols);
  else
    fprintf(out, ".c[%d]", i);
}

/* Storage `v<id>_s` of a value's lanes, declared at the top. */
static void declare_lanes(emit_ctx *e, const ir_value *v, const char *name) {
  const ir_type *t = v->type;
  if (split(t))
    fprintf(e->out, "  %s %s[%d][WP_SPMD_W];\n", emit_ctype(e, t->elem), name,
            ncomp(t));
  else
    fprintf(e->out, "  %s %s[WP_SPMD_W];\n", emit_ctype(e, t), name);
}

/* Inside a lane loop: `dst lane wp_l = C value src;` or the reverse. */
static void lane_store(emit_ctx *e, const ir_type *t, const char *dst,
                       const char *src) {
  if (!split(t)) {
    fprintf(e->out, " %s[wp_l] = %s;", dst, src);
    return;
  }
  for (int i = 0; i < ncomp(t); i++) {
    fprintf(e->out, " %s[%d][wp_l] = %s", dst, i, src);
    comp(e->out, t, i);
    fputc(';', e->out);
  }
}

static void lane_load(emit_ctx *e, const ir_type *t, const char *dst,
                      const char *src) {
  if (!split(t)) {
    fprintf(e->out, " %s = %s[wp_l];", dst, src);
    return;
  }
  for (int i = 0; i < ncomp(t); i++) {
    fprintf(e->out, " %s", dst);
    comp(e->out, t, i);
    fprintf(e->out, " = %s[%d][wp_l];", src, i);
  }
}

typedef struct spmd {
  emit_ctx *e;
  const ir_func *k;
  const bool *vary; /* by value id */
  bool *wide;       /* varying values kept in lane arrays */
  int *seen;        /* scratch: block id + 1 that loaded the value */
  int n;            /* values */
} spmd;

static const char *sname(spmd *s, const ir_value *v) {
  return wp_arena_printf(s->e->m->arena, "v%d_s", v->id);
}

static const char *vname(spmd *s, const ir_value *v) {
  return wp_arena_printf(s->e->m->arena, "v%d", v->id);
}

/* Which varying values live past their block's lane loop. */
static void find_wide(spmd *s) {
  for (const ir_block *b = s->k->entry; b; b = b->next) {
    for (int i = 0; i < b->nparams; i++)
      s->wide[b->params[i]->id] = s->vary[b->params[i]->id];
    for (const ir_value *v = b->first; v; v = v->next) {
      if (ir_is_terminator(v)) {
        for (int t = 0; t < 2; t++)
          for (int i = 0; v->targets[t] && i < v->targs[t].nargs; i++)
            if (s->vary[v->targs[t].args[i]->id])
              s->wide[v->targs[t].args[i]->id] = true;
        continue;
      }
      for (int i = 0; i < v->nargs; i++)
        if (s->vary[v->args[i]->id] && v->args[i]->block != b)
          s->wide[v->args[i]->id] = true;
    }
  }
}

static void declarations(spmd *s) {
  emit_ctx *e = s->e;
  const ir_func *k = s->k;
  for (const ir_block *b = k->entry; b; b = b->next) {
    for (int i = 0; i < b->nparams; i++) {
      const ir_value *p = b->params[i];
      if (s->vary[p->id])
        declare_lanes(e, p, sname(s, p));
      else
        fprintf(e->out, "  %s v%d;\n", emit_ctype(e, p->type), p->id);
    }
    for (const ir_value *v = b->first; v; v = v->next) {
      if (!emit_spmd_has_value(v))
        continue;
      if (!s->vary[v->id])
        fprintf(e->out, "  %s v%d;\n", emit_ctype(e, v->type), v->id);
      else if (s->wide[v->id])
        declare_lanes(e, v, sname(s, v));
    }
  }
}

/* Loads lane wp_l of wide value a, once per block. */
static void load_in(spmd *s, const ir_block *b, const ir_value *a) {
  if (!s->wide[a->id] || s->seen[a->id] == b->id + 1)
    return;
  if (a->block == b && a->op != IR_BLOCK_ARG)
    return; /* made in this loop */
  s->seen[a->id] = b->id + 1;
  fprintf(s->e->out, "    %s v%d;", emit_ctype(s->e, a->type), a->id);
  lane_load(s->e, a->type, vname(s, a), sname(s, a));
  fputc('\n', s->e->out);
}

/* Whether index value x is wp.tid() + u (*u: the uniform u, NULL for
 * none; *neg: tid - u), for an int32 index. */
static bool tid_plus(spmd *s, const ir_value *x, const ir_value **u,
                     bool *neg) {
  *u = NULL, *neg = false;
  if (x->op == IR_TID)
    return true;
  if (x->op != IR_BUILTIN || x->nargs != 2 || x->type->kind != IR_T_SCALAR ||
      x->type->scalar != WP_SCALAR_INT32 || x->args[0]->type != x->type ||
      x->args[1]->type != x->type)
    return false;
  const ir_value *a = x->args[0], *b = x->args[1];
  if (x->builtin->id == IR_B_ADD && b->op == IR_TID && !s->vary[a->id])
    a = x->args[1], b = x->args[0];
  if ((x->builtin->id != IR_B_ADD && x->builtin->id != IR_B_SUB) ||
      a->op != IR_TID || s->vary[b->id])
    return false;
  *u = b, *neg = x->builtin->id == IR_B_SUB;
  return true;
}

/* A load or store of lane wp_l at index tid + u of a 1-D array parameter,
 * which the range loop has checked is dense: element wp_base + u + wp_l,
 * consecutive across the lanes, so the C compiler loads (stores) all lanes
 * with one vector instruction instead of W address computations.  The
 * same element as the scalar body's wherever that one is inside the array
 * (an int32 tid + u that wraps is negative). */
static bool contiguous(spmd *s, const ir_value *v) {
  if ((v->op != IR_LOAD && v->op != IR_STORE) || v->args[0]->op != IR_PARAM)
    return false;
  const ir_type *t = v->args[0]->type;
  if (ir_type_is_indexed(t) || t->ndim != 1)
    return false;
  const ir_value *u;
  bool neg;
  if (!tid_plus(s, v->args[1], &u, &neg))
    return false;
  FILE *out = s->e->out;
  fputs("  ", out);
  if (v->op == IR_LOAD)
    fprintf(out, "v%d = ", v->id);
  fprintf(out, "((%s *)v%d.data)[wp_base + wp_l", emit_ctype(s->e, t->elem),
          v->args[0]->id);
  if (u)
    fprintf(out, " %c (wp_int64)v%d", neg ? '-' : '+', u->id);
  fputc(']', out);
  if (v->op == IR_STORE)
    fprintf(out, " = v%d", v->args[2]->id);
  fputs(";\n", out);
  return true;
}

/* The lane loop of block b: its varying instructions. */
static void lanes(spmd *s, const ir_block *b) {
  emit_ctx *e = s->e;
  FILE *out = e->out;
  bool any = false;
  for (const ir_value *v = b->first; v && !any; v = v->next)
    any = !ir_is_terminator(v) && s->vary[v->id];
  if (!any)
    return;
  fputs("  WP_SPMD_LANES {\n", out);
  for (const ir_value *v = b->first; v; v = v->next)
    if (!ir_is_terminator(v) && s->vary[v->id])
      for (int i = 0; i < v->nargs; i++)
        load_in(s, b, v->args[i]);
  for (const ir_value *v = b->first; v; v = v->next)
    if (!ir_is_terminator(v) && s->vary[v->id] && emit_spmd_has_value(v))
      fprintf(out, "    %s v%d;\n", emit_ctype(e, v->type), v->id);
  for (const ir_value *v = b->first; v; v = v->next) {
    if (ir_is_terminator(v) || !s->vary[v->id])
      continue;
    if (v->op == IR_TID)
      fprintf(out, "  v%d = (wp_int32)(wp_base + wp_l);\n", v->id);
    else if (!contiguous(s, v))
      emit_value(e, v);
  }
  for (const ir_value *v = b->first; v; v = v->next)
    if (!ir_is_terminator(v) && s->wide[v->id] && emit_spmd_has_value(v)) {
      fputs("   ", out);
      lane_store(e, v->type, sname(s, v), vname(s, v));
      fputc('\n', out);
    }
  fputs("  }\n", out);
}

/* Temporary t<i> of an edge into varying block parameter p: the lanes of
 * argument a (emit_spmd_flow). */
static void wide_temp(const emit_spmd_flow *fl, const ir_value *p,
                      const ir_value *a, int i) {
  spmd *s = fl->ctx;
  emit_ctx *e = s->e;
  FILE *out = e->out;
  const char *t = wp_arena_printf(e->m->arena, "t%d", i);
  fputc('\n', out);
  declare_lanes(e, p, t);
  if (s->vary[a->id])
    fprintf(out, "  __builtin_memcpy(%s, v%d_s, sizeof %s);", t, a->id, t);
  else {
    fputs("  WP_SPMD_LANES {", out);
    lane_store(e, p->type, t, vname(s, a));
    fputs(" }", out);
  }
}

const char *emit_spmd_name(emit_ctx *e, const ir_func *k) {
  return wp_arena_printf(e->m->arena, "%s_spmd", emit_isym(e, k, "body"));
}

/* Why kernel k gets no SPMD variant (NULL: it does); *vary its varying
 * values when it does. */
static const char *refusal(emit_ctx *e, const ir_func *k, const bool **vary) {
  *vary = NULL;
  const char *why = emit_spmd_refusal(e, k, k, SPMD_MAX_INSTRS);
  if (why)
    return why;
  *vary = ir_spmd_varying(k, e->m->arena, &why);
  for (const ir_block *b = k->entry; b && *vary; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      if (dynamic_component(v, *vary)) {
        *vary = NULL;
        return "a run-time component index into a vector or matrix that "
               "differs between threads";
      }
  return *vary ? NULL : why;
}

bool emit_spmd_kernel(emit_ctx *e, const ir_func *k) {
  FILE *out = e->out;
  const bool *vary;
  const char *why = refusal(e, k, &vary);
  emit_spmd_verdict(out, "SPMD", k, why);
  if (why)
    return false;
  spmd s = {.e = e, .k = k, .vary = vary, .n = ir_count_values(k)};
  s.wide = WP_NEW_ARRAY(e->m->arena, bool, s.n + 1);
  s.seen = WP_NEW_ARRAY(e->m->arena, int, s.n + 1);
  find_wide(&s);
  emit_spmd_open(e, k, k, emit_spmd_name(e, k), "");
  declarations(&s);
  emit_spmd_flow fl = {
      .e = e, .vary = vary, .ctx = &s, .wide_temp = wide_temp, .addr = ""};
  e->func_backward = false;
  e->func_tape = false;
  e->last_line = 0;
  for (const ir_block *b = k->entry; b; b = b->next) {
    fprintf(out, "b%d:;\n", b->id);
    for (const ir_value *v = b->first; v; v = v->next)
      if (!ir_is_terminator(v) && !s.vary[v->id])
        emit_value(e, v);
    lanes(&s, b);
    if (b->last && ir_is_terminator(b->last))
      emit_spmd_terminator(&fl, b->last);
  }
  fputs("}\n\n", out);
  return true;
}

/* Whether k stores to parameter i. */
static bool stored(const ir_func *k, int i) {
  for (const ir_block *b = k->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      if (v->op == IR_STORE && v->args[0] == k->params[i])
        return true;
  return false;
}

void emit_spmd_dispatch(emit_ctx *e, const ir_func *k) {
  FILE *out = e->out;
  fputs("  if (b.ndim == 1 && end <= 0x7fffffff", out);
  emit_spmd_dense_checks(e, k);
  /* a stored array shares no byte with another array argument */
  for (int i = 0; i < k->nparams; i++) {
    if (!stored(k, i))
      continue;
    for (int j = 0; j < k->nparams; j++)
      if (j != i && k->param_types[j]->kind == IR_T_ARRAY &&
          !ir_type_is_indexed(k->param_types[j]))
        fprintf(out,
                " &&\n      wp_spmd_disjoint(&a.p%d, sizeof(%s), &a.p%d, "
                "sizeof(%s))",
                i, emit_ctype(e, k->param_types[i]->elem), j,
                emit_ctype(e, k->param_types[j]->elem));
  }
  fputs(") {\n", out);
  emit_spmd_dense_strides(e, k);
  fprintf(out,
          "    b.ndim = 1;\n"
          "    wp_int64 i = begin;\n"
          "    for (; end - i >= WP_SPMD_W; i += WP_SPMD_W)\n"
          "      %s(&a, &b, i);\n"
          "    for (; i < end; i++) {\n"
          "      wp_int64 c[4] = {i, 0, 0, 0};\n"
          "      %s(&a, &b, i, c);\n"
          "    }\n"
          "    return;\n  }\n",
          emit_spmd_name(e, k), emit_isym(e, k, "body"));
}
