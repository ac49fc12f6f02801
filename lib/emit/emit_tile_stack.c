/* emit_tile_stack.c - the C of Warp's tile stacks (lib/lower/
 * lower_tile_stack.c says what each instruction holds; a stack's C type
 * has its elements v[] and its count).
 *
 * CPU: a block is one thread: push puts the value on top (when has_value
 * and there is room), pop takes the top.
 *
 * CUDA: every thread holds a copy of the stack (as of every tile); a push
 * or a pop meets the block's threads in __shared__ memory: thread 0 copies
 * the count (and, for a push, the elements) there, each thread takes a
 * slot with an atomic add on the count (a push with has_value: the next
 * free slot, a pop: the top), a barrier, then every thread copies the
 * shared stack back, the count clamped to 0..capacity as Warp's, and a
 * barrier before the shared copy is used again. */
#include "emit_internal.h"

static void zero(emit_ctx *e, const ir_type *t) {
  if (t->kind == IR_T_SCALAR)
    fprintf(e->out, "(%s)0", emit_ctype(e, t));
  else
    fprintf(e->out, "WP_LIT(%s){0}", emit_ctype(e, t));
}

static void push(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_value *s = v->args[0];
  int cap = s->type->tdims[0], val = v->args[1]->id, has = v->args[2]->id;
  if (!e->target->cuda) {
    fprintf(out,
            "v%d.m0 = v%d; v%d.m1 = -1; if (v%d && v%d.m0.count < %d) { "
            "v%d.m1 = v%d.m0.count; v%d.m0.v[v%d.m0.count++] = v%d; }",
            v->id, s->id, v->id, has, v->id, cap, v->id, v->id, v->id, v->id,
            val);
    return;
  }
  const char *et = emit_ctype(e, s->type->elem);
  fprintf(out,
          "%s *wp_buf = (%s *)wp_tile_scratch; wp_int32 *wp_cnt = (wp_int32 "
          "*)(wp_tile_scratch + %d); if (WP_TILE_LEADER()) { *wp_cnt = "
          "v%d.count; WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) "
          "wp_buf[wp_i] = "
          "v%d.v[wp_i]; } WP_TILE_SYNC(); v%d.m1 = -1; if (v%d) { wp_int32 "
          "wp_o = wp_atomic_add_int32(wp_cnt, 1); if (wp_o < %d) { "
          "wp_buf[wp_o] = v%d; v%d.m1 = wp_o; } } WP_TILE_SYNC(); WP_TLOOP for "
          "(int "
          "wp_i = 0; wp_i < %d; wp_i++) v%d.m0.v[wp_i] = wp_buf[wp_i]; "
          "v%d.m0.count = *wp_cnt < %d ? *wp_cnt : %d; WP_TILE_SYNC();",
          et, et, EMIT_SCRATCH_COUNT_AT(cap * ir_type_size(s->type->elem)),
          s->id, cap, s->id, v->id, has, cap, val, v->id, cap, v->id, v->id,
          cap, cap);
}

static void pop(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_value *s = v->args[0];
  int cap = s->type->tdims[0];
  fprintf(out, "v%d.m0 = v%d; v%d.m1 = ", v->id, s->id, v->id);
  zero(e, s->type->elem);
  fprintf(out, "; v%d.m2 = -1; ", v->id);
  if (!e->target->cuda) {
    fprintf(out,
            "if (v%d.m0.count > 0) { v%d.m2 = --v%d.m0.count; v%d.m1 = "
            "v%d.m0.v[v%d.m2]; }",
            v->id, v->id, v->id, v->id, v->id, v->id);
    return;
  }
  fprintf(out,
          "wp_int32 *wp_cnt = (wp_int32 *)wp_tile_scratch; if "
          "(WP_TILE_LEADER()) *wp_cnt = v%d.count; WP_TILE_SYNC(); { wp_int32 "
          "wp_s = wp_atomic_add_int32(wp_cnt, -1) - 1; if (wp_s >= 0 && wp_s < "
          "%d) { v%d.m2 = wp_s; v%d.m1 = v%d.v[wp_s]; } } WP_TILE_SYNC(); "
          "v%d.m0.count = *wp_cnt < 0 ? 0 : *wp_cnt; WP_TILE_SYNC();",
          s->id, cap, v->id, v->id, s->id, v->id);
}

bool emit_tile_stack(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  switch (v->builtin->id) {
  case IR_B_TILE_STACK: /* empty, its elements zero (Warp's T{}) */
    fprintf(out, "v%d = ", v->id);
    zero(e, v->type);
    fputc(';', out);
    return true;
  case IR_B_TILE_STACK_PUSH: push(e, v); return true;
  case IR_B_TILE_STACK_POP: pop(e, v); return true;
  case IR_B_TILE_STACK_CLEAR:
    fprintf(out, "v%d = v%d; v%d.count = 0;", v->id, v->args[0]->id, v->id);
    return true;
  case IR_B_TILE_STACK_COUNT:
    fprintf(out, "v%d = v%d.count;", v->id, v->args[0]->id);
    return true;
  default: return false;
  }
}
