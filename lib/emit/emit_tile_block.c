/* emit_tile_block.c - the C of the tile builtins that span the threads of
 * a block (lib/lower/lower_tile_block.c says what each holds).
 *
 * CPU: a block is one thread (lane 0, width 1, as in Warp's CPU backend):
 * wp.tile(x) is x's components, wp.untile(t) the elements of lane 0 and
 * tile_from_thread the thread's own value (Warp's CPU ignores thread_idx).
 *
 * CUDA: every thread holds the whole tile (emit_tile.c), so the values of
 * the block's threads meet in the module's __shared__ scratch buffer
 * (wp_tile_scratch, emit_tile_scratch): each
 * thread writes its own (wp.tile) or the chosen thread writes (tile_from_
 * thread), a barrier, every thread copies the buffer into its tile, and a
 * barrier before the buffer is written again.  The block is 1-d: the
 * thread's lane is threadIdx.x (the launchers hold blockDim.x to the
 * module's block_dim, which the tile's last extent is). */
#include "emit_internal.h"

/* Component k of value `name` of type t (a scalar: itself). */
static void component(emit_ctx *e, const char *name, const ir_type *t, int k) {
  if (t->kind == IR_T_VEC)
    fprintf(e->out, "%s.c[%d]", name, k);
  else if (t->kind == IR_T_MAT)
    fprintf(e->out, "%s.c[%d][%d]", name, k / t->cols, k % t->cols);
  else
    fputs(name, e->out);
}

/* The number of tile elements one thread's value of type x fills (1 with
 * preserve_type). */
static int parts(const ir_value *v) {
  const ir_type *x = v->args[0]->type;
  if (v->aux || x->kind == IR_T_SCALAR)
    return 1;
  return x->kind == IR_T_VEC ? x->rows : x->rows * x->cols;
}

/* wp.tile(x): element (k, lane) of the tile is component k of lane's x. */
static void tile(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_value *x = v->args[0];
  const ir_type *t = v->type;
  int w = t->tdims[t->ndim - 1], n = parts(v);
  char xn[32];
  if (!e->target->cuda) { /* width 1 */
    snprintf(xn, sizeof xn, "v%d", x->id);
    for (int k = 0; k < n; k++) {
      fprintf(out, "v%d.v[%d] = ", v->id, k);
      if (n == 1)
        fputs(xn, out);
      else
        component(e, xn, x->type, k);
      fputs("; ", out);
    }
    return;
  }
  const char *xt = emit_ctype(e, x->type);
  fprintf(out,
          "%s *wp_buf = (%s *)wp_tile_scratch; wp_buf[threadIdx.x] = v%d; "
          "WP_TILE_SYNC(); WP_TLOOP for (int wp_k = 0; wp_k < %d; wp_k++) { ",
          xt, xt, x->id, w);
  for (int k = 0; k < n; k++) {
    fprintf(out, "v%d.v[%d + wp_k] = ", v->id, k * w);
    if (n == 1)
      fputs("wp_buf[wp_k]", out);
    else
      component(e, "wp_buf[wp_k]", x->type, k);
    fputs("; ", out);
  }
  fputs("} WP_TILE_SYNC();", out);
}

/* wp.untile(t): element (k, lane) of t is component k of the result. */
static void untile(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_type *t = v->args[0]->type, *r = v->type;
  int w = t->tdims[t->ndim - 1];
  int n = r->kind == IR_T_VEC   ? r->rows
          : r->kind == IR_T_MAT ? r->rows * r->cols
                                : 1;
  if (t->ndim == 1)
    n = 1; /* a tile of vectors or matrices: the element itself */
  const char *lane = e->target->cuda ? "(int)threadIdx.x" : "0";
  char vn[32];
  snprintf(vn, sizeof vn, "v%d", v->id);
  for (int k = 0; k < n; k++) {
    if (n == 1)
      fputs(vn, out);
    else
      component(e, vn, r, k);
    fprintf(out, " = v%d.v[%d + %s]; ", v->args[0]->id, k * w, lane);
  }
}

/* tile_from_thread(shape, value, thread_idx): every element is the value
 * of lane thread_idx. */
static void from_thread(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_value *x = v->args[0], *idx = v->args[1];
  int n = ir_tile_count(v->type);
  if (!e->target->cuda) {
    fprintf(out,
            "(void)v%d; WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) "
            "v%d.v[wp_i] = "
            "v%d;",
            idx->id, n, v->id, x->id);
    return;
  }
  const char *xt = emit_ctype(e, x->type);
  fprintf(
      out,
      "%s *wp_buf = (%s *)wp_tile_scratch; if ((int)threadIdx.x == v%d) "
      "*wp_buf = v%d; WP_TILE_SYNC(); WP_TLOOP for (int wp_i = 0; wp_i < %d; "
      "wp_i++) v%d.v[wp_i] = *wp_buf; WP_TILE_SYNC();",
      xt, xt, idx->id, x->id, n, v->id);
}

/* The condition that thread's scatter applies (has_value, every index in
 * range) and its flat index, as `int wp_on = ...; int wp_f = ...;` for
 * scatter/pick v (the tile args[0], indices, value, has_value). */
static void target(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_type *t = v->args[0]->type;
  int nd = t->ndim;
  fprintf(out, "int wp_on = v%d", v->args[nd + 2]->id);
  for (int k = 0; k < nd; k++)
    fprintf(out, " && v%d >= 0 && v%d < %d", v->args[1 + k]->id,
            v->args[1 + k]->id, t->tdims[k]);
  fputs("; int wp_f = wp_on ? ", out);
  for (int k = 1; k < nd; k++) /* row-major */
    fputc('(', out);
  fprintf(out, "v%d", v->args[1]->id);
  for (int k = 1; k < nd; k++)
    fprintf(out, " * %d + v%d)", t->tdims[k], v->args[1 + k]->id);
  fputs(" : 0; ", out);
}

/* tile_scatter_add / tile_scatter_masked: on CUDA the threads' values
 * meet in a __shared__ copy of the tile (atomic adds; one writer per
 * element for the masked form, as Warp requires). */
static void scatter(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_value *t = v->args[0];
  const ir_type *el = t->type->elem;
  int n = ir_tile_count(t->type), nd = t->type->ndim;
  bool add = v->builtin->id == IR_B_TILE_SCATTER_ADD;
  int val = v->args[1 + nd]->id;
  target(e, v);
  if (!e->target->cuda) {
    fprintf(out, "v%d = v%d; if (wp_on) ", v->id, t->id);
    if (add && el->kind == IR_T_STRUCT) /* emit_tile_struct.c */
      fprintf(out, "v%d.v[wp_f] = wp_tile_add_%s(v%d.v[wp_f], v%d);", v->id,
              emit_ctype(e, el), v->id, val);
    else if (add && el->kind == IR_T_SCALAR)
      fprintf(out, "v%d.v[wp_f] += v%d;", v->id, val);
    else if (add)
      fprintf(out, "v%d.v[wp_f] = wp_add_%s_%s(v%d.v[wp_f], v%d);", v->id,
              el->name, el->name, v->id, val);
    else
      fprintf(out, "v%d.v[wp_f] = v%d;", v->id, val);
    return;
  }
  const char *et = emit_ctype(e, el);
  fprintf(out,
          "%s *wp_buf = (%s *)wp_tile_scratch; if (WP_TILE_LEADER()) WP_TLOOP "
          "WP_TLOOP for (int "
          "wp_i = 0; wp_i < %d; wp_i++) wp_buf[wp_i] = v%d.v[wp_i]; "
          "WP_TILE_SYNC(); if (wp_on) ",
          et, et, n, t->id);
  if (add && el->kind == IR_T_STRUCT)
    fprintf(out, "wp_tile_atomic_add_%s(&wp_buf[wp_f], v%d);",
            emit_ctype(e, el), val);
  else if (add)
    fprintf(out, "wp_atomic_add_%s%s(&wp_buf[wp_f], v%d);",
            el->kind == IR_T_SCALAR ? "" : "v_", el->name, val);
  else
    fprintf(out, "wp_buf[wp_f] = v%d;", val);
  fprintf(out,
          " WP_TILE_SYNC(); WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) "
          "v%d.v[wp_i] "
          "= wp_buf[wp_i]; WP_TILE_SYNC();",
          n, v->id);
}

/* _tile_pick(g, indices, value, has_value): this thread's element of g,
 * or zero. */
static void pick(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  target(e, v);
  if (v->type->kind == IR_T_SCALAR)
    fprintf(out, "v%d = wp_on ? v%d.v[wp_f] : (%s)0;", v->id, v->args[0]->id,
            emit_ctype(e, v->type));
  else
    fprintf(out, "v%d = wp_on ? v%d.v[wp_f] : WP_LIT(%s){0};", v->id,
            v->args[0]->id, emit_ctype(e, v->type));
}

/* tile_randi / tile_randf as Warp's: lane t of a block of B threads
 * (B = 1 on the CPU) starts its generator at pcg(t + rng) and draws the
 * elements t, t + B, t + 2B, ... (row-major) in turn; on CUDA every thread
 * computes every lane's draws. */
static void random_tile(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  int n = ir_tile_count(v->type);
  int b = e->target->cuda ? e->m->block_dim : 1;
  fprintf(out,
          "WP_TLOOP for (wp_uint32 wp_t = 0; wp_t < %du; wp_t++) { wp_uint32 "
          "wp_s = "
          "wp__pcg(wp_t + v%d); WP_TLOOP for (int wp_i = (int)wp_t; wp_i < %d; "
          "wp_i += "
          "%d) v%d.v[wp_i] = ",
          b, v->args[0]->id, n, b, v->id);
  if (v->builtin->id == IR_B_TILE_RANDF)
    fprintf(
        out,
        v->nargs == 3 ? "wp__randf_range(&wp_s, v%d, v%d)" : "wp__randf(&wp_s)",
        v->nargs == 3 ? v->args[1]->id : 0, v->nargs == 3 ? v->args[2]->id : 0);
  else if (v->nargs == 3) /* Warp: state % (max - min) + min, in uint32 */
    fprintf(out,
            "(wp_int32)(wp__draw(&wp_s) %% (wp_uint32)(v%d - v%d) + "
            "(wp_uint32)v%d)",
            v->args[2]->id, v->args[1]->id, v->args[1]->id);
  else
    fputs("(wp_int32)wp__draw(&wp_s)", out);
  fputs("; }", out);
}

bool emit_tile_block(emit_ctx *e, const ir_value *v) {
  switch (v->builtin->id) {
  case IR_B_TILE_RANDI:
  case IR_B_TILE_RANDF: random_tile(e, v); return true;
  case IR_B_TILE_SCATTER_ADD:
  case IR_B_TILE_SCATTER_MASKED: scatter(e, v); return true;
  case IR_B_I_TILE_PICK: pick(e, v); return true;
  case IR_B_TILE: tile(e, v); return true;
  case IR_B_UNTILE: untile(e, v); return true;
  case IR_B_TILE_FROM_THREAD: from_thread(e, v); return true;
  default: return false;
  }
}

int emit_tile_scratch_bytes(const ir_value *v) {
  if (v->op != IR_BUILTIN || !v->builtin)
    return 0;
  const ir_type *t;
  switch (v->builtin->id) {
  case IR_B_TILE:
    t = v->type;
    return t->tdims[t->ndim - 1] * ir_type_size(v->args[0]->type);
  case IR_B_TILE_FROM_THREAD: return ir_type_size(v->args[0]->type);
  case IR_B_TILE_SCATTER_ADD:
  case IR_B_TILE_SCATTER_MASKED:
  case IR_B_TILE_ATOMIC_ADD:
    t = v->args[v->builtin->id == IR_B_TILE_ATOMIC_ADD]->type;
    return ir_tile_count(t) * ir_type_size(t->elem);
  case IR_B_TILE_STACK_PUSH:
    t = v->args[0]->type;
    return EMIT_SCRATCH_COUNT_AT(t->tdims[0] * ir_type_size(t->elem)) + 4;
  case IR_B_TILE_STACK_POP: return 4;
  default: return 0;
  }
}

static int func_scratch(const ir_func *f) {
  int n = 0;
  for (const ir_block *b = f ? f->entry : NULL; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next) {
      int k = emit_tile_scratch_bytes(v);
      n = k > n ? k : n;
    }
  return n;
}

void emit_tile_scratch(emit_ctx *e) {
  int n = 0;
  for (const ir_func *f = e->m->funcs; f; f = f->next) {
    int a = func_scratch(f), b = func_scratch(f->adjoint);
    n = a > n ? a : n;
    n = b > n ? b : n;
  }
  if (e->target->cuda && n)
    fprintf(e->out,
            "\n/* where a block's threads meet (wp.tile, scatters, stacks, "
            "...) */\n__shared__ __align__(16) unsigned char "
            "wp_tile_scratch[%d];\n",
            n);
}

/* Whether f, or a function it calls, uses the block width (wp.tile,
 * wp.untile); depth bounds the walk through calls. */
static bool uses_width(const ir_func *f, int depth) {
  if (!f || depth > 64)
    return false;
  for (const ir_block *b = f->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next) {
      if (v->op == IR_BUILTIN && v->builtin &&
          (v->builtin->id == IR_B_TILE || v->builtin->id == IR_B_UNTILE ||
           v->builtin->id == IR_B_TILE_RANDI ||
           v->builtin->id == IR_B_TILE_RANDF))
        return true;
      if (v->op == IR_CALL && v->callee && uses_width(v->callee, depth + 1))
        return true;
    }
  return false;
}

bool emit_uses_block_width(const ir_func *f) {
  return uses_width(f, 0) || (f->adjoint && uses_width(f->adjoint, 0));
}
