/* inline.c - inlining of @wp.func calls: the call's block is split after
 * the call, the callee's blocks are cloned in between (parameters become
 * the arguments, each `ret v` a branch to the continuation passing v as its
 * block argument).  The adjoint pass inlines every call first, so it only
 * ever differentiates builtins and memory operations.
 *
 * Linear in the size of the result: the call's value itself becomes the
 * continuation's block argument (a new branch takes its place), so its uses
 * are not rewritten; and one walk of the block list finds every call, since
 * the blocks inlining makes are appended to it. */
#include <string.h>

#include "ir.h"

/* Moves the instructions after `at` into a new block; returns it.  Their
 * `block` is set by ir_inline_calls' walk when it gets there (once per
 * instruction: a block with k calls is split k times). */
static ir_block *split_after(ir_func *f, ir_value *at) {
  ir_block *b = at->block, *cont = ir_block_new(f);
  cont->sealed = true;
  cont->first = at->next;
  cont->last = at->next ? b->last : NULL;
  if (at->next)
    at->next->prev = NULL;
  at->next = NULL;
  b->last = at;
  return cont;
}

static ir_value *copy_value(wp_arena *A, const ir_value *v, ir_block *into) {
  ir_value *c = WP_NEW(A, ir_value);
  *c = *v;
  c->block = into;
  c->next = c->prev = NULL;
  if (v->nargs)
    c->args = WP_NEW_ARRAY(A, ir_value *, v->nargs);
  for (int k = 0; k < 2; k++)
    if (v->targs[k].nargs)
      c->targs[k].args = WP_NEW_ARRAY(A, ir_value *, v->targs[k].nargs);
  return c;
}

static void append(ir_block *b, ir_value *v) {
  v->block = b;
  v->prev = b->last;
  if (b->last)
    b->last->next = v;
  else
    b->first = v;
  b->last = v;
}

/* Inlines the call `call` (in f); returns the block where lowering goes on
 * (the continuation). */
static void inline_call(ir_func *f, ir_value *call) {
  wp_arena *A = f->module->arena;
  ir_func *g = call->callee;
  ir_value **cargs = call->args;
  ir_renumber(g);
  int n = ir_count_values(g);
  ir_value **map = WP_NEW_ARRAY(A, ir_value *, n + 1);
  ir_block **bmap = WP_NEW_ARRAY(A, ir_block *, g->nblocks + 1);
  ir_block *cont = split_after(f, call);
  /* a jump into the callee's entry replaces the call, whose value becomes
     the continuation's argument */
  ir_value *jump = WP_NEW(A, ir_value);
  jump->op = IR_BR;
  jump->type = ir_t_void(f->module->types);
  jump->loc = call->loc;
  jump->block = call->block;
  jump->prev = call->prev;
  if (call->prev)
    call->prev->next = jump;
  else
    call->block->first = jump;
  call->block->last = jump;
  if (call->type->kind != IR_T_VOID) {
    *call =
        (ir_value){.op = IR_BLOCK_ARG, .type = call->type, .name = call->name};
    ir_block_append_param(cont, call);
  }
  /* pass 1: blocks, block arguments and value shells */
  for (ir_block *b = g->entry; b; b = b->next) {
    ir_block *nb = ir_block_new(f);
    nb->sealed = true;
    bmap[b->id] = nb;
    for (int i = 0; i < b->nparams; i++) {
      ir_value *p = ir_block_add_param(nb, b->params[i]->type);
      p->name = b->params[i]->name;
      map[b->params[i]->id] = p;
    }
    for (ir_value *v = b->first; v; v = v->next)
      map[v->id] = v->op == IR_PARAM ? cargs[v->aux] : copy_value(A, v, nb);
  }
  /* pass 2: operands, targets, and the returns */
  for (ir_block *b = g->entry; b; b = b->next)
    for (ir_value *v = b->first; v; v = v->next) {
      if (v->op == IR_PARAM)
        continue;
      ir_value *c = map[v->id];
      for (int i = 0; i < v->nargs; i++)
        c->args[i] = map[v->args[i]->id];
      for (int k = 0; k < 2; k++) {
        if (v->targets[k])
          c->targets[k] = bmap[v->targets[k]->id];
        for (int i = 0; i < v->targs[k].nargs; i++)
          c->targs[k].args[i] = map[v->targs[k].args[i]->id];
      }
      if (v->op == IR_RET) {
        c->op = IR_BR;
        c->type = ir_t_void(f->module->types);
        c->targets[0] = cont;
        c->targs[0].args = c->nargs ? c->args : NULL;
        c->targs[0].nargs = c->nargs;
        c->args = NULL;
        c->nargs = 0;
      }
      append(bmap[b->id], c);
    }
  jump->targets[0] = bmap[g->entry->id];
}

int ir_inline_calls(ir_func *f) {
  int inlined = 0;
  /* the rest of a block with a call, and the callee's blocks, are appended
     to the list: the walk goes on into them */
  for (ir_block *b = f->entry; b; b = b->next)
    for (ir_value *v = b->first; v; v = v->next) {
      v->block = b; /* it may have been moved here by split_after */
      if (v->op == IR_CALL && !v->callee->custom_grad && !v->callee->backward &&
          !v->callee->native) {
        inline_call(f, v);
        inlined++;
        break; /* v now ends b */
      }
    }
  ir_renumber(f);
  return inlined;
}
