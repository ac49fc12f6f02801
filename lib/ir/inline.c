/* inline.c - inlining of @wp.func calls: the call's block is split after
 * the call, the callee's blocks are cloned in between (parameters become
 * the arguments, each `ret v` a branch to the continuation passing v as its
 * block argument).  The adjoint pass inlines every call first, so it only
 * ever differentiates builtins and memory operations. */
#include <string.h>

#include "ir.h"

/* Moves the instructions after `at` into a new block; returns it. */
static ir_block *split_after(ir_func *f, ir_value *at) {
  ir_block *b = at->block, *cont = ir_block_new(f);
  cont->sealed = true;
  cont->first = at->next;
  cont->last = at->next ? b->last : NULL;
  if (at->next)
    at->next->prev = NULL;
  for (ir_value *v = cont->first; v; v = v->next)
    v->block = cont;
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
  ir_renumber(g);
  int n = 0;
  for (ir_block *b = g->entry; b; b = b->next) {
    n += b->nparams;
    for (ir_value *v = b->first; v; v = v->next)
      n++;
  }
  ir_value **map = WP_NEW_ARRAY(A, ir_value *, n + 1);
  ir_block **bmap = WP_NEW_ARRAY(A, ir_block *, g->nblocks + 1);
  ir_block *cont = split_after(f, call);
  if (call->type->kind != IR_T_VOID) {
    ir_value *r = ir_block_add_param(cont, call->type);
    r->name = call->name;
    ir_replace_all_uses(f, call, r);
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
      map[v->id] =
          v->op == IR_PARAM ? call->args[v->aux] : copy_value(A, v, nb);
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
  /* the call becomes a jump into the callee's entry */
  call->op = IR_BR;
  call->type = ir_t_void(f->module->types);
  call->nargs = 0;
  call->args = NULL;
  call->callee = NULL;
  call->targets[0] = bmap[g->entry->id];
}

int ir_inline_calls(ir_func *f) {
  int inlined = 0;
  for (bool again = true; again;) {
    again = false;
    for (ir_block *b = f->entry; b && !again; b = b->next)
      for (ir_value *v = b->first; v; v = v->next)
        if (v->op == IR_CALL && !v->callee->custom_grad &&
            !v->callee->backward && !v->callee->native) {
          inline_call(f, v);
          inlined++;
          again = true; /* the block list changed */
          break;
        }
  }
  ir_renumber(f);
  return inlined;
}
