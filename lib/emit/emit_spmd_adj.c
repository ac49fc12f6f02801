/* emit_spmd_adj.c - the SPMD variant of a CPU backward (adjoint) kernel:
 * WP_SPMD_W threads of a 1-D launch at once, as emit_spmd.c does for
 * forward kernels, for backward functions whose control flow is the same
 * in every thread (lib/ir/uniform_adj.c says which, and which variables
 * vary between threads).  Issue #13: bench/adjoint's oscillator (a dynamic
 * loop) ran its forward SPMD and its backward one thread at a time.
 *
 * A backward function is imperative: its values are variables that the
 * replay assigns, the tape saves and restores, and adjoint locals that
 * accumulate.  Here every varying variable holds W lanes (`v<id>_s`,
 * `wp_l<n>_s`: a vector of a 32- or 64-bit number, an array of W values of
 * other types), every uniform one is a scalar; an adjoint local that
 * nothing reads is a scalar of each lane loop, dropped after it.
 * In each block, the uniform instructions run once for all lanes and the
 * varying ones in loops over the lanes (WP_SPMD_LANES, 0spmd.h), each lane
 * loop a run of consecutive varying instructions whose variables are
 * loaded into the loop's locals at its top and stored back at its end, so
 * that the scalar emitter (emit_value) prints the instructions unchanged.
 * A uniform instruction moves to the top of its block unless a varying
 * instruction before it reads the variable it assigns (the order of the
 * uniform instructions among themselves is kept), so runs stay long.
 *
 * The tapes: block numbers and uniform variables go on a scalar tape
 * (wp_ut), varying variables on a lane tape (wp_lt) as W lanes at a time:
 * each lane loop reserves (or takes back) the bytes of all its pushes (or
 * pops) at once and each lane writes (reads) its element, or, where the
 * push comes before the loop assigns the variable (the pop after the loop
 * last touches it), all lanes are copied before (after) the loop: the
 * layout of pushing the lane arrays one after the other.  Since the control
 * flow is uniform, every lane pushes and pops the same sequence, so one
 * stack for all lanes is each lane's tape.  The range function keeps both
 * tapes for all its groups (one allocation per range, not per group).
 *
 * Each lane computes what its thread computes, with the same operations in
 * the same order, and each grad element has one writer (uniform_adj.c), so
 * the results are the same bits as the scalar body's.  The range function
 * runs groups of W threads through it where the launch is 1-D, its grads do
 * not overlap (bounds flags 0), its 1-D arrays are dense and every grad the
 * body writes shares no byte with another array or grad it touches, and
 * the rest through the scalar backward body. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "emit_spmd.h"

/* Backward functions of more IR instructions keep the scalar code only
 * (the lane loops are unrolled W times). */
enum { SPMD_ADJ_MAX_INSTRS = 400 };

typedef struct sa {
  emit_ctx *e;
  const ir_func *k; /* the kernel */
  const ir_func *f; /* its backward function */
  const bool *vary; /* by value id */
  const bool *lvary;
  bool *taped;  /* by value id: saved on a tape (starts zeroed) */
  int *state;   /* scratch per value id: 1 read first, 2 written first */
  int *lstate;  /* the same per local */
  int *hoisted; /* by value id: moved to its block's top */
  bool *lread;  /* by local: some IR_LOCAL_GET reads it */
  bool *whole;  /* by value id: a lane tape op copying all lanes at once */
  int n;
  emit_spmd_flow flow; /* the edges between blocks */
} sa;

/* Whether instruction v runs per lane. */
static bool lane_op(const sa *s, const ir_value *v) {
  switch (v->op) {
  case IR_TAPE_PUSH:
  case IR_RESTORE: return s->vary[v->args[0]->id];
  case IR_PATH_PUSH:
  case IR_PATH_POP: return false;
  case IR_LOCAL_SET:
  case IR_LOCAL_GET: return s->lvary[v->aux];
  case IR_ADJ_BUILTIN:
    for (int i = 0; i < v->aux2; i++)
      if (s->lvary[v->slots[i]])
        return true;
    break;
  default:
    if (emit_spmd_has_value(v))
      return s->vary[v->id];
    break;
  }
  for (int i = 0; i < v->nargs; i++)
    if (s->vary[v->args[i]->id])
      return true;
  return false;
}

/* The value variable uniform instruction v assigns, or NULL. */
static const ir_value *assigned(const ir_value *v) {
  if (v->op == IR_RESTORE)
    return v->args[0];
  return emit_spmd_has_value(v) ? v : NULL;
}

/* Whether the lanes of type t are held as a vector (clang's and GCC's
 * vector_size, WP_SPMD_VEC): 32- and 64-bit numbers.  Phis of whole
 * vectors between the blocks, where arrays of lanes became one scalar per
 * lane, which the SLP vectorizer left partly scalar (bench/adjoint's
 * oscillator, one thread: 17.3 -> 16.6 ms on x86-64, 23 -> 10.7 ms on
 * x86-64-v4). */
static bool lane_vec(const ir_type *t) {
  return t->kind == IR_T_SCALAR && t->scalar != WP_SCALAR_BOOL &&
         (ir_type_size(t) == 4 || ir_type_size(t) == 8);
}

static void declare(sa *s, const ir_type *t, const char *name, bool wide,
                    bool zero) {
  const char *ct = emit_ctype(s->e, t);
  if (wide && lane_vec(t))
    fprintf(s->e->out, "  %s WP_SPMD_VEC(%s) %s_s%s;\n", ct, ct, name,
            zero ? " = WP_ZERO_INIT" : "");
  else
    fprintf(s->e->out, "  %s %s%s%s;\n", ct, name, wide ? "_s[WP_SPMD_W]" : "",
            zero ? " = WP_ZERO_INIT" : "");
}

static void declarations(sa *s) {
  emit_ctx *e = s->e;
  const ir_func *f = s->f;
  wp_arena *A = e->m->arena;
  for (const ir_block *b = f->entry; b; b = b->next) {
    for (const ir_value *v = b->first; v; v = v->next)
      if ((v->op == IR_TAPE_PUSH || v->op == IR_RESTORE) && v->nargs)
        s->taped[v->args[0]->id] = true;
  }
  for (const ir_block *b = f->entry; b; b = b->next) {
    for (int i = 0; i < b->nparams; i++) {
      const ir_value *p = b->params[i];
      declare(s, p->type, wp_arena_printf(A, "v%d", p->id), s->vary[p->id],
              s->taped[p->id]);
    }
    for (const ir_value *v = b->first; v; v = v->next)
      if (emit_spmd_has_value(v))
        declare(s, v->type, wp_arena_printf(A, "v%d", v->id), s->vary[v->id],
                s->taped[v->id]);
  }
  for (int i = 0; i < f->nlocals; i++)
    if (!s->lvary[i] || s->lread[i])
      declare(s, f->locals[i], wp_arena_printf(A, "wp_l%d", i), s->lvary[i],
              true);
  fputs("  wp_ut->top = 0;\n  wp_lt->top = 0;\n", e->out);
}

/* Records the variables lane instruction v reads, then those it writes
 * (state 1: read before written in the loop, 2: written first). */
static void note(sa *s, const ir_value *v) {
  if (s->whole[v->id])
    return; /* a copy before or after the loop */
  for (int i = 0; i < v->nargs; i++)
    if (s->vary[v->args[i]->id] && !s->state[v->args[i]->id])
      s->state[v->args[i]->id] = 1;
  if (v->op == IR_LOCAL_GET && !s->lstate[v->aux])
    s->lstate[v->aux] = 1;
  if (v->op == IR_ADJ_BUILTIN)
    for (int i = 0; i < v->aux2; i++)
      if (!s->lstate[v->slots[i]])
        s->lstate[v->slots[i]] = 1;
  if (v->op == IR_LOCAL_SET && !s->lstate[v->aux])
    s->lstate[v->aux] = 2;
  const ir_value *w = assigned(v);
  if (w && w->op != IR_PATH_POP && !s->state[w->id])
    s->state[w->id] = 2;
}

static bool is_push(const ir_value *v) {
  return v->op == IR_TAPE_PUSH;
}

/* Whether tape op vs[i] of a lane loop copies the variable's lanes at
 * once: a push before the loop where the loop assigns the variable only
 * after it, a pop after the loop where nothing after it in the loop reads
 * or assigns the variable (then the loop leaves it alone). */
static bool whole_op(const ir_value *const *vs, int n, int i) {
  const ir_value *x = vs[i]->args[0];
  if (vs[i]->op == IR_TAPE_PUSH) {
    for (int j = 0; j < i; j++)
      if (assigned(vs[j]) == x)
        return false;
    return true;
  }
  for (int j = i + 1; j < n; j++) {
    if (assigned(vs[j]) == x)
      return false;
    for (int a = 0; a < vs[j]->nargs; a++)
      if (vs[j]->args[a] == x)
        return false;
  }
  return true;
}

/* The lane tape's bytes for the pushes (pops) among vs[0..n): wp_tp<id>
 * for tape op <id>, and the pushes of whole variables. */
static void tape_setup(sa *s, const ir_value *const *vs, int n) {
  FILE *out = s->e->out;
  bool push = false, any = false;
  for (int i = 0; i < n; i++)
    if (vs[i]->op == IR_TAPE_PUSH || vs[i]->op == IR_RESTORE)
      any = true, push = is_push(vs[i]);
  if (!any)
    return;
  fprintf(out, "  { %sunsigned char *wp_tb = ", push ? "" : "const ");
  fprintf(out, "wp_spmd_tape_%s(wp_lt, (wp_int64)WP_SPMD_W * (0",
          push ? "reserve" : "take");
  for (int i = 0; i < n; i++)
    if (vs[i]->op == IR_TAPE_PUSH || vs[i]->op == IR_RESTORE)
      fprintf(out, " + sizeof v%d_s[0]", vs[i]->args[0]->id);
  fputs("));\n", out);
  /* pushes from the bottom up; pops from the top down */
  fputs("  wp_int64 wp_to = 0;\n", out);
  if (!push)
    fputs("  wp_to = (wp_int64)WP_SPMD_W * (0", out);
  for (int i = 0; i < n && !push; i++)
    if (vs[i]->op == IR_RESTORE)
      fprintf(out, " + sizeof v%d_s[0]", vs[i]->args[0]->id);
  if (!push)
    fputs(");\n", out);
  for (int i = 0; i < n; i++) {
    const ir_value *v = vs[i];
    if (v->op != IR_TAPE_PUSH && v->op != IR_RESTORE)
      continue;
    const char *t = emit_ctype(s->e, v->args[0]->type);
    s->whole[v->id] = whole_op(vs, n, i);
    if (push)
      fprintf(out,
              "  %s *wp_tp%d = (%s *)(wp_tb + wp_to); wp_to += "
              "(wp_int64)WP_SPMD_W * sizeof *wp_tp%d;\n",
              t, v->id, t, v->id);
    else
      fprintf(out,
              "  wp_to -= (wp_int64)WP_SPMD_W * sizeof(%s); "
              "const %s *wp_tp%d = (const %s *)(wp_tb + wp_to);\n",
              t, t, v->id, t);
    if (push && s->whole[v->id])
      fprintf(out, "  __builtin_memcpy(wp_tp%d, &v%d_s, sizeof v%d_s);\n",
              v->id, v->args[0]->id, v->args[0]->id);
  }
}

/* One lane loop over the varying instructions vs[0..n). */
static void lane_loop(sa *s, const ir_value *const *vs, int n) {
  emit_ctx *e = s->e;
  FILE *out = e->out;
  tape_setup(s, vs, n);
  bool tape = false;
  for (int i = 0; i < n; i++)
    tape |= vs[i]->op == IR_TAPE_PUSH || vs[i]->op == IR_RESTORE;
  memset(s->state, 0, sizeof *s->state * (size_t)(s->n + 1));
  memset(s->lstate, 0, sizeof *s->lstate * (size_t)(s->f->nlocals + 1));
  for (int i = 0; i < n; i++)
    note(s, vs[i]);
  fputs("  WP_SPMD_LANES {\n", out);
  for (int id = 0; id < s->n; id++)
    if (s->state[id]) {
      const ir_value *v = NULL;
      for (int i = 0; i < n && !v; i++) { /* find the value of id */
        const ir_value *x = vs[i];
        const ir_value *w = assigned(x);
        if (w && w->id == id)
          v = w;
        for (int a = 0; a < x->nargs && !v; a++)
          if (x->args[a]->id == id)
            v = x->args[a];
      }
      if (!v)
        continue;
      fprintf(out, "    %s v%d", emit_ctype(e, v->type), id);
      if (s->state[id] == 1)
        fprintf(out, " = v%d_s[wp_l]", id);
      fputs(";\n", out);
    }
  for (int l = 0; l < s->f->nlocals; l++)
    if (s->lstate[l]) {
      fprintf(out, "    %s wp_l%d", emit_ctype(e, s->f->locals[l]), l);
      if (!s->lread[l]) /* an adjoint nothing reads: computed, dropped */
        fputs(" = WP_ZERO_INIT", out);
      else if (s->lstate[l] == 1)
        fprintf(out, " = wp_l%d_s[wp_l]", l);
      fputs(";\n", out);
    }
  for (int i = 0; i < n; i++) {
    const ir_value *v = vs[i];
    if (v->op == IR_TID)
      fprintf(out, "  v%d = (wp_int32)(wp_base + wp_l);\n", v->id);
    else if (s->whole[v->id])
      continue;
    else if (v->op == IR_TAPE_PUSH)
      fprintf(out, "  wp_tp%d[wp_l] = v%d;\n", v->id, v->args[0]->id);
    else if (v->op == IR_RESTORE)
      fprintf(out, "  v%d = wp_tp%d[wp_l];\n", v->args[0]->id, v->id);
    else
      emit_value(e, v);
  }
  /* store back what the loop assigned (note: state 2, or read then
     assigned: every assigned variable) */
  for (int i = 0; i < n; i++) {
    const ir_value *w = s->whole[vs[i]->id] ? NULL : assigned(vs[i]);
    if (w && s->state[w->id] > 0) {
      fprintf(out, "    v%d_s[wp_l] = v%d;\n", w->id, w->id);
      s->state[w->id] = -1; /* once */
    }
  }
  for (int l = 0; l < s->f->nlocals; l++) {
    bool w = false;
    for (int i = 0; i < n && !w; i++) {
      const ir_value *v = vs[i];
      if (v->op == IR_LOCAL_SET && v->aux == l)
        w = true;
      for (int j = 0; v->op == IR_ADJ_BUILTIN && j < v->aux2; j++)
        w |= v->slots[j] == l;
    }
    if (w && s->lread[l])
      fprintf(out, "    wp_l%d_s[wp_l] = wp_l%d;\n", l, l);
  }
  fputs("  }\n", out);
  for (int i = 0; i < n; i++) /* the pops of whole variables */
    if (vs[i]->op == IR_RESTORE && s->whole[vs[i]->id])
      fprintf(out, "  __builtin_memcpy(&v%d_s, wp_tp%d, sizeof v%d_s);\n",
              vs[i]->args[0]->id, vs[i]->id, vs[i]->args[0]->id);
  if (tape)
    fputs("  }\n", out);
}

/* A uniform instruction (not a terminator). */
static void uniform_op(sa *s, const ir_value *v) {
  FILE *out = s->e->out;
  switch (v->op) {
  case IR_TAPE_PUSH:
  case IR_RESTORE:
    fprintf(out, "  wp_ttape_%s(wp_ut, &v%d, sizeof v%d);\n",
            v->op == IR_TAPE_PUSH ? "push" : "pop", v->args[0]->id,
            v->args[0]->id);
    return;
  case IR_PATH_PUSH:
    fprintf(out, "  wp_ttape_push_id(wp_ut, %d);\n", v->aux);
    return;
  case IR_PATH_POP:
    fprintf(out, "  v%d = wp_ttape_pop_id(wp_ut);\n", v->id);
    return;
  default: emit_value(s->e, v); return;
  }
}

/* Temporary t<i> of an edge into varying block parameter p: the lanes of
 * argument a (emit_spmd_flow). */
static void wide_temp(const emit_spmd_flow *fl, const ir_value *p,
                      const ir_value *a, int i) {
  FILE *out = fl->e->out;
  if (fl->vary[a->id])
    fprintf(out,
            "\n  __typeof__(v%d_s) t%d; __builtin_memcpy(&t%d, &v%d_s, "
            "sizeof t%d);",
            p->id, i, i, a->id, i);
  else
    fprintf(out,
            "\n  __typeof__(v%d_s) t%d; WP_SPMD_LANES { t%d[wp_l] = v%d; }",
            p->id, i, i, a->id);
}

/* Block b: hoisted uniform instructions, then the rest in order, runs of
 * varying ones as lane loops. */
static void block(sa *s, const ir_block *b) {
  int n = 0;
  for (const ir_value *v = b->first; v; v = v->next)
    n++;
  const ir_value **run = WP_NEW_ARRAY(s->e->m->arena, const ir_value *, n + 1);
  bool order_kept = true; /* every uniform instruction so far hoisted */
  for (const ir_value *v = b->first; v; v = v->next) {
    if (ir_is_terminator(v) || lane_op(s, v))
      continue;
    const ir_value *w = assigned(v);
    bool ok = order_kept;
    for (const ir_value *u = b->first; ok && u != v; u = u->next)
      if (lane_op(s, u))
        for (int i = 0; i < u->nargs; i++)
          ok = ok && !(w && u->args[i] == w);
    s->hoisted[v->id] = ok ? b->id + 1 : 0;
    order_kept = ok;
    if (ok)
      uniform_op(s, v);
  }
  int m = 0;
  bool push = false, taped = false; /* the run's tape direction */
  for (const ir_value *v = b->first; v; v = v->next) {
    if (ir_is_terminator(v))
      break;
    if (!lane_op(s, v)) {
      if (s->hoisted[v->id] == b->id + 1)
        continue;
      if (m)
        lane_loop(s, run, m);
      m = 0, taped = false;
      uniform_op(s, v);
      continue;
    }
    if (v->op == IR_TAPE_PUSH || v->op == IR_RESTORE) {
      if (taped && is_push(v) != push) {
        lane_loop(s, run, m); /* pops after pushes: one loop each */
        m = 0, taped = false;
      }
      if (!taped)
        push = is_push(v), taped = true;
    }
    run[m++] = v;
  }
  if (m)
    lane_loop(s, run, m);
  if (b->last && ir_is_terminator(b->last))
    emit_spmd_terminator(&s->flow, b->last);
}

const char *emit_spmd_adj_name(emit_ctx *e, const ir_func *k) {
  return wp_arena_printf(e->m->arena, "%s_spmd", emit_isym(e, k, "adj_body"));
}

/* Whether kernel k has a loop (a branch back to a block not after it). */
static bool has_loop(const ir_func *k) {
  for (const ir_block *b = k->entry; b; b = b->next) {
    const ir_value *t = b->last;
    for (int i = 0; t && ir_is_terminator(t) && i < 2; i++)
      if (t->targets[i] && t->targets[i]->id <= b->id)
        return true;
  }
  return false;
}

/* Lanes of a matrix, struct or long vector: arrays of structs the C
 * compiler splits slowly (test/grad/approx_ops.py's 4x4 inverses: 10x the
 * compile time) for little gain. */
static bool too_big(const ir_type *t) {
  return t->kind == IR_T_MAT || t->kind == IR_T_STRUCT ||
         t->kind == IR_T_TUPLE || (t->kind == IR_T_VEC && t->rows > 4);
}

static const char *refusal(emit_ctx *e, const ir_func *k, ir_spmd_adj *va) {
  memset(va, 0, sizeof *va);
  const char *why = emit_spmd_refusal(e, k, k->adjoint, SPMD_ADJ_MAX_INSTRS);
  if (why)
    return why;
  if (!has_loop(k))
    return "no loop (its backward keeps no tape per iteration)";
  if (!ir_spmd_adj_varying(k->adjoint, e->m->arena, va, &why))
    return why;
  const ir_func *f = k->adjoint;
  bool big = false;
  for (const ir_block *b = f->entry; b && !big; b = b->next) {
    for (int i = 0; i < b->nparams; i++)
      big |= va->vary[b->params[i]->id] && too_big(b->params[i]->type);
    for (const ir_value *v = b->first; v; v = v->next)
      big |= emit_spmd_has_value(v) && va->vary[v->id] && too_big(v->type);
  }
  for (int i = 0; i < f->nlocals; i++)
    big |= va->lvary[i] && too_big(f->locals[i]);
  return big ? "a matrix, a struct or a vector of more than 4 components "
               "that differs between threads"
             : NULL;
}

bool emit_spmd_adj_kernel(emit_ctx *e, const ir_func *k) {
  if (!k->adjoint)
    return false;
  FILE *out = e->out;
  ir_spmd_adj va;
  const char *why = refusal(e, k, &va);
  emit_spmd_verdict(out, "SPMD backward", k, why);
  if (why)
    return false;
  const ir_func *f = k->adjoint;
  wp_arena *A = e->m->arena;
  sa s = {.e = e, .k = k, .f = f, .vary = va.vary, .lvary = va.lvary};
  s.n = ir_count_values(f);
  s.taped = WP_NEW_ARRAY(A, bool, s.n + 1);
  s.state = WP_NEW_ARRAY(A, int, s.n + 1);
  s.hoisted = WP_NEW_ARRAY(A, int, s.n + 1);
  s.lstate = WP_NEW_ARRAY(A, int, f->nlocals + 1);
  s.lread = WP_NEW_ARRAY(A, bool, f->nlocals + 1);
  s.whole = WP_NEW_ARRAY(A, bool, s.n + 1);
  s.flow = (emit_spmd_flow){
      .e = e, .vary = va.vary, .wide_temp = wide_temp, .addr = "&"};
  for (const ir_block *b = f->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      if (v->op == IR_LOCAL_GET)
        s.lread[v->aux] = true;
  emit_spmd_open(e, k, f, emit_spmd_adj_name(e, k),
                 ", wp_ttape *wp_ut, wp_ttape *wp_lt");
  declarations(&s);
  e->func_backward = true;
  e->func_tape = false;
  e->last_line = 0;
  for (const ir_block *b = f->entry; b; b = b->next) {
    fprintf(out, "b%d:;\n", b->id);
    block(&s, b);
  }
  fputs("}\n\n", out);
  return true;
}

/* What the backward body does with parameter p's data and grad. */
enum { DATA_R = 1, GRAD_R = 2, GRAD_W = 4 };

static void uses(const ir_func *f, int *use) {
  for (const ir_block *b = f->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next) {
      int flag = v->op == IR_LOAD         ? DATA_R
                 : v->op == IR_GRAD_ACCUM ? GRAD_R | GRAD_W
                 : v->op == IR_GRAD_LOAD  ? GRAD_R | (v->aux ? GRAD_W : 0)
                                          : 0;
      if (flag && v->args[0]->op == IR_PARAM)
        use[v->args[0]->aux] |= flag;
    }
}

void emit_spmd_adj_dispatch(emit_ctx *e, const ir_func *k) {
  FILE *out = e->out;
  int *use = WP_NEW_ARRAY(e->m->arena, int, k->nparams + 1);
  uses(k->adjoint, use);
  for (int i = 0; i < k->nparams; i++)
    if (use[i] & GRAD_R)
      fprintf(out, "  wp_array g%d = a.p%d;\n  g%d.data = a.p%d.grad;\n", i, i,
              i, i);
  fputs("  if (b.ndim == 1 && !b.flags && end <= 0x7fffffff", out);
  emit_spmd_dense_checks(e, k);
  /* a written grad shares no byte with another region the body touches */
  for (int p = 0; p < k->nparams; p++) {
    if (!(use[p] & GRAD_W))
      continue;
    const char *tp = emit_ctype(e, k->param_types[p]->elem);
    for (int q = 0; q < k->nparams; q++) {
      const char *tq = k->param_types[q]->kind == IR_T_ARRAY
                           ? emit_ctype(e, k->param_types[q]->elem)
                           : NULL;
      if (use[q] & DATA_R)
        fprintf(out,
                " &&\n      wp_spmd_disjoint(&g%d, sizeof(%s), &a.p%d, "
                "sizeof(%s))",
                p, tp, q, tq);
      if (q != p && (use[q] & GRAD_R) && !(q < p && (use[q] & GRAD_W)))
        fprintf(out,
                " &&\n      wp_spmd_disjoint(&g%d, sizeof(%s), &g%d, "
                "sizeof(%s))",
                p, tp, q, tq);
    }
  }
  fputs(") {\n", out);
  emit_spmd_dense_strides(e, k);
  fprintf(out,
          "    wp_int64 wp_ut_local[WP_TTAPE_LOCAL / 8];\n"
          "    wp_int64 wp_lt_local[WP_TTAPE_LOCAL / 8];\n"
          "    wp_ttape wp_ut, wp_lt;\n"
          "    wp_ttape_init(&wp_ut, wp_ut_local);\n"
          "    wp_ttape_init(&wp_lt, wp_lt_local);\n"
          "    wp_int64 i = begin;\n"
          "    for (; end - i >= WP_SPMD_W; i += WP_SPMD_W)\n"
          "      %s(&a, &b, i, &wp_ut, &wp_lt);\n"
          "    wp_ttape_free(&wp_ut);\n"
          "    wp_ttape_free(&wp_lt);\n"
          "    for (; i < end; i++) {\n"
          "      wp_int64 c[4] = {i, 0, 0, 0};\n"
          "      %s(&a, &b, i, c);\n"
          "    }\n"
          "    return;\n  }\n",
          emit_spmd_adj_name(e, k), emit_isym(e, k, "adj_body"));
}
