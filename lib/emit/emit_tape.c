/* emit_tape.c - the room a backward function reserves on its per-thread
 * tape (prelude 0core.h): one wp_ttape_reserve for a run of pushes, which
 * then push with no check each.  A run starts at a push no reservation
 * covers and goes on to the first pop or the block's end, and through an
 * unconditional branch into a block printed after it whose only
 * predecessor it is (the straight-line code of an inlined function is a
 * chain of such blocks): Warp's example_raymarch's backward checks 11
 * times where it did at each of its 138 pushes, and ptxas takes less than
 * half the time on it. */
#include <stdlib.h>

#include "emit_internal.h"

/* The pushes one reservation covers at most: the sum of their sizes is one
 * C expression, which a compiler parses by recursion (a block of thousands
 * of pushes would make it thousands deep); the pushes after them reserve
 * again. */
enum { TAPE_RUN_MAX = 64 };

static bool is_push(const ir_value *v) {
  return v->op == IR_TAPE_PUSH || v->op == IR_PATH_PUSH;
}

static bool is_pop(const ir_value *v) {
  return v->op == IR_RESTORE || v->op == IR_PATH_POP;
}

static void count_pred(emit_ctx *e, const ir_block *b) {
  if (b)
    e->tape_npreds[b->id]++;
}

void emit_tape_begin(emit_ctx *e, const ir_func *f) {
  e->tape_reserved = 0;
  e->tape_npreds = e->tape_covered = NULL;
  e->tape_done = NULL;
  if (!e->func_tape)
    return;
  int n = 0;
  for (const ir_block *b = f->entry; b; b = b->next)
    n = b->id >= n ? b->id + 1 : n;
  e->tape_npreds = wp_xcalloc((size_t)n + 1, sizeof *e->tape_npreds);
  e->tape_covered = wp_xcalloc((size_t)n + 1, sizeof *e->tape_covered);
  e->tape_done = wp_xcalloc((size_t)n + 1, sizeof *e->tape_done);
  count_pred(e, f->entry); /* the function's entry */
  for (const ir_block *b = f->entry; b; b = b->next) {
    const ir_value *t = b->last;
    if (!t || (t->op != IR_BR && t->op != IR_CBR && t->op != IR_SWITCH))
      continue;
    count_pred(e, t->targets[0]);
    if (t->op == IR_CBR)
      count_pred(e, t->targets[1]);
    if (t->op == IR_SWITCH)
      for (int i = 0; i < t->ncases; i++)
        count_pred(e, t->cases[i]);
  }
}

void emit_tape_block(emit_ctx *e, const ir_block *b) {
  e->tape_reserved = 0;
  if (!e->tape_done)
    return;
  e->tape_done[b->id] = true;
  e->tape_reserved = e->tape_covered[b->id];
}

/* The block an unconditional branch at the end of b leads to, when b is
 * its only predecessor and it is printed after b; else NULL. */
static const ir_block *chained(const emit_ctx *e, const ir_block *b) {
  const ir_value *t = b->last;
  if (!t || t->op != IR_BR)
    return NULL;
  const ir_block *c = t->targets[0];
  return c && c != b && e->tape_npreds[c->id] == 1 && !e->tape_done[c->id]
             ? c
             : NULL;
}

void emit_tape_reserve(emit_ctx *e, const ir_value *v) {
  if (!is_push(v) || !e->tape_done)
    return;
  fputs("  wp_ttape_reserve(&wp_tape, ", e->out);
  int n = 0;
  const ir_block *b = v->block;
  for (const ir_value *w = v; w && n < TAPE_RUN_MAX;) {
    if (is_pop(w))
      break;
    if (is_push(w)) {
      if (n++)
        fputs(" + ", e->out);
      if (w->block != v->block)
        e->tape_covered[w->block->id]++;
      else
        e->tape_reserved++;
      if (w->op == IR_PATH_PUSH)
        fputs("WP_TTAPE_SIZE(sizeof(wp_int32))", e->out);
      else {
        fputs("WP_TTAPE_SIZE(sizeof ", e->out);
        emit_name(e->out, w->args[0]);
        fputc(')', e->out);
      }
    }
    if (w->next) {
      w = w->next;
      continue;
    }
    /* the end of block b: on into the block chained to it */
    b = chained(e, b);
    w = b ? b->first : NULL;
  }
  fputs(");\n", e->out);
}

void emit_tape_end(emit_ctx *e) {
  free(e->tape_npreds);
  free(e->tape_covered);
  free(e->tape_done);
  e->tape_npreds = e->tape_covered = NULL;
  e->tape_done = NULL;
  e->tape_reserved = 0;
}
