/* adjoint.c - reverse-mode differentiation: the backward function of each
 * kernel.
 *
 * The kernel is first copied with every @wp.func call inlined.  Its
 * backward function then has two parts:
 *
 *   replay   the kernel's blocks again (stores and atomics left out, but
 *            those into arrays made in the kernel, whose storage the
 *            backward function has anew: adjoint_primal.c), each
 *            block pushing its number on a per-thread tape; in blocks that
 *            are part of a loop every assignment first pushes the variable's
 *            old value, and every edge into such a block pushes the old
 *            values of the block's arguments;
 *   reverse  the tape read backwards: for the block on top, its
 *            instructions in reverse order apply their adjoint rules and
 *            restore the values they overwrote; the block's arguments pass
 *            their adjoints to the values the taken edge supplied (the edge
 *            is known from the next block number on the tape).
 *
 * Saves and restores of values the reverse sweep never reads are removed
 * afterwards (adjoint_tape.c).
 *
 * Every reverse step therefore sees exactly the values of the forward
 * execution it undoes, so gradients through dynamic loops are those of the
 * iterations that ran (Warp's own transform does not replay loops).  The
 * cost: time about twice the forward pass; memory one tape entry per block
 * executed plus one per value overwritten inside loops (kept on the thread's
 * stack up to a few kilobytes, then on the heap).  Block numbers are
 * pushed only where the reverse walk needs them: on edges into blocks with
 * several source blocks, and at the return when several blocks return; so
 * a straight-line kernel (a chain of blocks) keeps no tape at all, and the
 * emitter declares none.
 *
 * The adjoint rules of single instructions are adjoint_value.c; the
 * context and helpers both files use, adjoint_internal.h.
 */
#include <string.h>

#include "adjoint_internal.h"
#include "adjoint_primal.h"
#include "ir.h"

/* ---- replay
 * ------------------------------------------------------------------ */

static void push_old(actx *a, ir_value *var) {
  emit(a, IR_TAPE_PUSH, ir_t_void(a->T), &var, 1);
}

/* Whether a value defined in a loop is saved before each redefinition and
 * restored in the reverse sweep: not a constant nor any value the same in
 * every iteration and thread (ir_launch_invariant): the replay recomputes
 * it identically, so its old value is its value.  (A tape entry per
 * iteration each; oscillator's loop saved 2 constants of 11 values.) */
static bool taped(const ir_value *v) {
  return v->type->kind != IR_T_VOID && !ir_launch_invariant(v);
}

/* Pushes the old values of `to`'s arguments when `to` is in a loop. */
static void push_params(actx *a, const ir_block *to) {
  if (!a->in_loop[to->id])
    return;
  for (int i = 0; i < to->nparams; i++)
    push_old(a, fwd(a, to->params[i]));
}

static ir_edge map_edge(actx *a, const ir_edge *e) {
  ir_edge r = {.nargs = e->nargs};
  r.args = WP_NEW_ARRAY(a->A, ir_value *, e->nargs + 1);
  for (int i = 0; i < e->nargs; i++)
    r.args[i] = fwd(a, e->args[i]);
  return r;
}

static ir_value *branch(actx *a, ir_block *to, ir_edge e) {
  ir_value *br = emit(a, IR_BR, ir_t_void(a->T), NULL, 0);
  br->targets[0] = to;
  br->targs[0] = e;
  return br;
}

/* A builtin whose effect is writing arrays (no result). */
static bool writes_arrays(const ir_value *v) {
  return v->op == IR_BUILTIN && !v->builtin->pure && v->type->kind == IR_T_VOID;
}

/* Whether the backward kernel repeats v (terminators aside): not the
 * parameters (the function's own), stores and builtins writing arrays (they
 * happened in the forward kernel; a store into a frame array is repeated:
 * its storage is the backward kernel's own), nor print (the forward kernel
 * printed; warp-lang's backward prints again, with the adjoints, and
 * warpc's does not: test/cli/adjoint_print.sh). */
static bool replayed(const actx *a, const ir_value *v) {
  if (v->op == IR_STORE)
    return a->frame[v->args[0]->id];
  return !(v->op == IR_PARAM || v->op == IR_PRINT || writes_arrays(v));
}

static void path_push(actx *a, int id) {
  ir_value *push = emit(a, IR_PATH_PUSH, ir_t_void(a->T), NULL, 0);
  push->aux = id;
}

/* Each edge records where it came from: the arguments' old values (loops
 * only), then the source block's number; a return records its block. */
static void replay_block(actx *a, ir_block *pb, ir_block *dispatch) {
  a->cur = a->fblk[pb->id];
  bool loop = a->in_loop[pb->id];
  for (ir_value *v = pb->first; v; v = v->next) {
    if (!replayed(a, v))
      continue;
    switch (v->op) {
    case IR_BR:
      push_params(a, v->targets[0]);
      if (a->nsrc[v->targets[0]->id] > 1)
        path_push(a, pb->id);
      branch(a, a->fblk[v->targets[0]->id], map_edge(a, &v->targs[0]));
      continue;
    case IR_CBR: {
      ir_block *tramp[2];
      for (int k = 0; k < 2; k++) {
        tramp[k] = ir_block_new(a->b);
        tramp[k]->sealed = true;
      }
      ir_value *cond = fwd(a, v->args[0]);
      ir_value *cbr = emit(a, IR_CBR, ir_t_void(a->T), &cond, 1);
      cbr->targets[0] = tramp[0];
      cbr->targets[1] = tramp[1];
      for (int k = 0; k < 2; k++) {
        a->cur = tramp[k];
        push_params(a, v->targets[k]);
        if (a->nsrc[v->targets[k]->id] > 1)
          path_push(a, pb->id);
        branch(a, a->fblk[v->targets[k]->id], map_edge(a, &v->targs[k]));
      }
      continue;
    }
    case IR_RET:
      if (a->nrets > 1)
        path_push(a, pb->id);
      branch(a, dispatch, (ir_edge){0});
      continue;
    default: break;
    }
    /* an atomic is not repeated: its result (the old value) reads the
       element instead (except on a frame array: see build()) */
    ir_value *c = a->fwd[v->id]; /* the shell made in build() */
    if (loop && taped(v))
      push_old(a, c);
    int nargs = v->op == IR_ATOMIC && !a->frame[v->args[0]->id]
                    ? 1 + v->args[0]->type->ndim
                    : v->nargs;
    for (int i = 0; i < nargs; i++)
      c->args[i] = fwd(a, v->args[i]);
    c->block = a->cur;
    c->prev = a->cur->last;
    if (a->cur->last)
      a->cur->last->next = c;
    else
      a->cur->first = c;
    a->cur->last = c;
  }
}

/* ---- reverse
 * ------------------------------------------------------------------ */

static void restore(actx *a, ir_value *var) {
  emit(a, IR_RESTORE, ir_t_void(a->T), &var, 1);
}

/* A switch on block number `id` with room for n cases (added with
 * add_case), default `dflt`. */
static ir_value *switch_on(actx *a, ir_value *id, ir_block *dflt, int n) {
  ir_value *sw = emit(a, IR_SWITCH, ir_t_void(a->T), &id, 1);
  sw->targets[0] = dflt;
  sw->cases = WP_NEW_ARRAY(a->A, ir_block *, n + 1);
  sw->case_ids = WP_NEW_ARRAY(a->A, int, n + 1);
  return sw;
}

static void add_case(ir_value *sw, int id, ir_block *to) {
  sw->case_ids[sw->ncases] = id;
  sw->cases[sw->ncases++] = to;
}

static void reverse_block(actx *a, ir_block *pb, ir_block *exit) {
  a->cur = a->rblk[pb->id];
  bool loop = a->in_loop[pb->id];
  if (pb->last->op == IR_RET && pb->last->nargs) { /* d result / d result */
    ir_value *one = a->seed;
    if (!one) {
      one = emit(a, IR_CONST, pb->last->args[0]->type, NULL, 0);
      one->fval = 1.0;
    }
    accum(a, pb->last->args[0], one);
  }
  for (ir_value *v = pb->last; v; v = v->prev) {
    if (ir_is_terminator(v) || v->op == IR_PARAM)
      continue;
    a->user = v;
    ir_adj_value(a, v);
    a->user = NULL;
    if (v->type->kind == IR_T_VOID && v->op != IR_ATOMIC)
      continue;
    if (differentiable(v->type) && a->slot[v->id] >= 0)
      local_set(a, a->slot[v->id], zero(a, v->type)); /* definition undone */
    if (loop && taped(v))
      restore(a, a->fwd[v->id]);
  }
  /* the edge that entered the block: its source is on the tape; then the
     arguments' old values (loops), and their adjoints go to the values the
     edge passed */
  const ir_preds *P = &a->preds;
  int e0 = P->start[pb->id], e1 = P->start[pb->id + 1];
  if (a->nsrc[pb->id] == 0) { /* the entry: the walk is done */
    branch(a, exit, (ir_edge){0});
    return;
  }
  ir_value *sw = NULL; /* a single source is known without the tape */
  if (a->nsrc[pb->id] > 1) {
    ir_value *pred = emit(a, IR_PATH_POP, ir_t_int32(a->T), NULL, 0);
    sw = switch_on(a, pred, exit, e1 - e0);
  }
  for (int e = e0; e < e1; e++) {
    ir_value *t = P->edges[e].term;
    int k = P->edges[e].k;
    if (k == 1 && t->targets[0] == pb)
      continue; /* one case per source block: its first edge to pb */
    ir_block *p = t->block;
    if (sw) {
      ir_block *eb = ir_block_new(a->b);
      eb->sealed = true;
      add_case(sw, p->id, eb);
      a->cur = eb;
    }
    if (loop)
      for (int i = pb->nparams - 1; i >= 0; i--)
        restore(a, fwd(a, pb->params[i]));
    int n = pb->nparams;
    ir_value **adj = WP_NEW_ARRAY(a->A, ir_value *, n + 1);
    for (int i = 0; i < n; i++) {
      adj[i] = adjoint_of(a, pb->params[i]);
      if (adj[i])
        local_set(a, a->slot[pb->params[i]->id], zero(a, pb->params[i]->type));
    }
    for (int i = 0; i < n; i++)
      if (adj[i])
        accum(a, t->targs[k].args[i], adj[i]);
    branch(a, a->rblk[p->id], (ir_edge){0});
  }
}

/* ---- driver
 * ------------------------------------------------------------------ */

/* The backward function of kernel k, or of func k: its gradient (the
 * result's adjoint 1), or with vjp its vector-Jacobian product (the
 * result's adjoint an extra last parameter). */
static ir_func *build(ir_module *m, ir_func *k, bool vjp) {
  actx a = {.m = m, .T = m->types, .A = m->arena};
  a.p = ir_adj_inlined_copy(m, k);
  ir_func *p = a.p;
  ir_preds_build(p, &a.preds); /* renumbers p */
  ir_count_uses(p);
  for (ir_block *b = p->entry; b; b = b->next) {
    a.nvalues += b->nparams;
    for (ir_value *v = b->first; v; v = v->next)
      a.nvalues++;
  }
  a.fwd = WP_NEW_ARRAY(a.A, ir_value *, a.nvalues + 1);
  a.slot = WP_NEW_ARRAY(a.A, int, a.nvalues + 1);
  for (int i = 0; i <= a.nvalues; i++)
    a.slot[i] = -1;
  a.fblk = WP_NEW_ARRAY(a.A, ir_block *, p->nblocks + 1);
  a.rblk = WP_NEW_ARRAY(a.A, ir_block *, p->nblocks + 1);
  a.in_loop = WP_NEW_ARRAY(a.A, bool, p->nblocks + 1);
  ir_adj_find_loops(p, a.in_loop, a.A);
  a.frame = ir_adj_frame_arrays(p, a.nvalues, a.A);
  a.nsrc = WP_NEW_ARRAY(a.A, int, p->nblocks + 1);
  for (ir_block *pb = p->entry; pb; pb = pb->next) {
    for (int e = a.preds.start[pb->id]; e < a.preds.start[pb->id + 1]; e++) {
      const ir_value *t = a.preds.edges[e].term;
      a.nsrc[pb->id] += !(a.preds.edges[e].k == 1 && t->targets[0] == pb);
    }
    a.nrets += pb->last->op == IR_RET;
  }
  if (k->kind == IR_FUNC_KERNEL)
    a.single = ir_single_writer_loads(p, a.nvalues, a.frame, a.A);

  /* the backward function of a kernel: a kernel outside the module's list;
     the gradient of a func: a func of the module returning the tuple of
     the partial derivatives */
  bool kernel = k->kind == IR_FUNC_KERNEL;
  ir_func *last = m->last_func;
  ir_func *b = ir_func_new(m, k->kind, k->name);
  if (kernel) {
    if (last)
      last->next = NULL;
    else
      m->funcs = NULL;
    m->last_func = last;
    m->nkernels--;
  } else
    b->ret = ir_t_tuple(m->types, k->param_types, k->nparams);
  a.b = b;
  b->backward = true;
  b->primal = k;
  /* <cname>_adj (not a C symbol: the emitter names kernel bodies), or
     <cname>_grad, with '_' appended while another func has the name (a
     func named f_grad beside f) */
  b->cname = wp_arena_printf(a.A, "%s_%s", k->cname,
                             kernel ? "adj"
                             : vjp  ? "vjp"
                                    : "grad");
  for (const ir_func *g = m->funcs; g && !kernel;)
    if (g != b && g->cname && !strcmp(g->cname, b->cname)) {
      b->cname = wp_arena_printf(a.A, "%s_", b->cname);
      g = m->funcs;
    } else
      g = g->next;
  b->loc = k->loc;
  b->options = k->options;
  b->nparams = k->nparams;
  b->param_types = k->param_types;
  b->param_names = k->param_names;
  b->param_locs = k->param_locs;
  if (vjp) { /* f's parameters, then the adjoint of its result */
    b->nparams = k->nparams + 1;
    b->param_types = WP_NEW_ARRAY(a.A, const ir_type *, k->nparams + 1);
    b->param_names = WP_NEW_ARRAY(a.A, const char *, k->nparams + 1);
    b->param_locs = WP_NEW_ARRAY(a.A, wp_loc, k->nparams + 1);
    for (int i = 0; i < k->nparams; i++) {
      b->param_types[i] = k->param_types[i];
      b->param_names[i] = k->param_names[i];
      b->param_locs[i] = k->param_locs[i];
    }
    b->param_types[k->nparams] = k->ret;
    b->param_names[k->nparams] = "wp_adj_ret";
  }
  b->params = WP_NEW_ARRAY(a.A, ir_value *, k->nparams + 1);
  ir_block *entry = ir_block_new(b);
  entry->sealed = true;
  for (int i = 0; i < k->nparams; i++) {
    ir_value *v =
        ir_append(entry, IR_PARAM, k->param_types[i], NULL, 0, (wp_loc){0});
    v->aux = i;
    v->name = k->param_names[i];
    b->params[i] = v;
    a.fwd[p->params[i]->id] = v;
  }
  if (vjp) {
    a.seed = ir_append(entry, IR_PARAM, k->ret, NULL, 0, (wp_loc){0});
    a.seed->aux = k->nparams;
    a.seed->name = b->param_names[k->nparams];
    b->params[k->nparams] = a.seed;
  }
  /* shells for every primal value, so uses can precede definitions in
     layout order */
  for (ir_block *pb = p->entry; pb; pb = pb->next) {
    a.fblk[pb->id] = ir_block_new(b);
    a.fblk[pb->id]->sealed = true;
    for (int i = 0; i < pb->nparams; i++) {
      ir_value *c = ir_block_add_param(a.fblk[pb->id], pb->params[i]->type);
      c->name = pb->params[i]->name;
      a.fwd[pb->params[i]->id] = c;
    }
    for (ir_value *v = pb->first; v; v = v->next) {
      if (!replayed(&a, v) || ir_is_terminator(v))
        continue;
      ir_value *c = WP_NEW(a.A, ir_value);
      *c = *v;
      c->next = c->prev = NULL;
      if (v->nargs)
        c->args = WP_NEW_ARRAY(a.A, ir_value *, v->nargs);
      if (v->op == IR_ATOMIC && !a.frame[v->args[0]->id]) {
        /* replayed as the load of the element (an atomic on a frame array
           runs again: its storage is the backward kernel's own) */
        c->op = IR_LOAD;
        c->nargs = 1 + v->args[0]->type->ndim;
        c->builtin = NULL;
      }
      a.fwd[v->id] = c;
    }
  }
  ir_block *dispatch = ir_block_new(b), *exit = ir_block_new(b);
  dispatch->sealed = exit->sealed = true;
  for (ir_block *pb = p->entry; pb; pb = pb->next) {
    a.rblk[pb->id] = ir_block_new(b);
    a.rblk[pb->id]->sealed = true;
  }
  a.cur = entry;
  branch(&a, a.fblk[p->entry->id], (ir_edge){0});
  for (ir_block *pb = p->entry; pb; pb = pb->next)
    replay_block(&a, pb, dispatch);
  a.cur = dispatch;
  if (a.nrets != 1) {
    ir_value *id = emit(&a, IR_PATH_POP, ir_t_int32(a.T), NULL, 0);
    ir_value *sw = switch_on(&a, id, exit, p->nblocks);
    for (ir_block *pb = p->entry; pb; pb = pb->next)
      add_case(sw, pb->id, a.rblk[pb->id]);
  } else /* the one returning block */
    for (ir_block *pb = p->entry; pb; pb = pb->next)
      if (pb->last->op == IR_RET)
        branch(&a, a.rblk[pb->id], (ir_edge){0});
  for (ir_block *pb = p->entry; pb; pb = pb->next)
    reverse_block(&a, pb, exit);
  a.cur = exit;
  if (kernel)
    emit(&a, IR_RET, ir_t_void(a.T), NULL, 0);
  else {
    ir_value **parts = WP_NEW_ARRAY(a.A, ir_value *, k->nparams + 1);
    for (int i = 0; i < k->nparams; i++) {
      parts[i] = adjoint_of(&a, p->params[i]);
      if (!parts[i])
        parts[i] = zero(&a, k->param_types[i]);
    }
    ir_value *t = emit(&a, IR_COMPOSE, b->ret, parts, k->nparams);
    emit(&a, IR_RET, b->ret, &t, 1);
  }
  ir_preds_free(&a.preds);
  ir_adj_prune_tape(b, dispatch, a.A); /* renumbers b */
  return b;
}

ir_func *ir_build_func_gradient(ir_module *m, ir_func *f) {
  if (!f->gradient)
    f->gradient = build(m, f, false);
  return f->gradient;
}

ir_func *ir_build_func_vjp(ir_module *m, ir_func *f) {
  if (!f->vjp)
    f->vjp = build(m, f, true);
  return f->vjp;
}

int ir_build_adjoints(ir_module *m) {
  int built = 0;
  for (ir_func *f = m->funcs; f; f = f->next)
    if (f->kind == IR_FUNC_KERNEL && !f->backward &&
        f->options.enable_backward && !ir_tile_no_adjoint(f, 0)) {
      f->adjoint = build(m, f, false);
      built++;
    }
  return built;
}
