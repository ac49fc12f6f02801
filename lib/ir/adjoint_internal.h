/* adjoint_internal.h - private to lib/ir: the context in which the adjoint
 * transform builds a backward function (adjoint.c: the replay and the
 * reverse walk of blocks; adjoint_value.c: the adjoint rules of single
 * instructions), and the small helpers both use to emit instructions and
 * to keep adjoints in locals of the backward function. */
#ifndef WARPC_IR_ADJOINT_INTERNAL_H
#define WARPC_IR_ADJOINT_INTERNAL_H

#include "../../runtime/include/warp/abi.h"
#include "ir.h"

typedef struct actx {
  ir_module *m;
  ir_types *T;
  wp_arena *A;
  ir_func *p;      /* primal: inlined copy of the kernel */
  ir_func *b;      /* the backward function being built */
  ir_value **fwd;  /* primal value id -> replay value */
  ir_block **fblk; /* primal block id -> replay block */
  ir_block **rblk; /* primal block id -> reverse block */
  int *slot;       /* primal value id -> adjoint local, -1 none */
  bool *in_loop;   /* primal block id -> the block is on a cycle */
  bool *frame;     /* primal value id -> an array over storage of the
                      function's frame (ir_adj_frame_arrays) */
  int *single;     /* primal load id -> K > 0: its grad has a single writer
                      in launches of at most K dimensions (kernels only:
                      ir_single_writer_loads) */
  ir_preds preds;  /* the edges into each primal block */
  int *nsrc;       /* primal block id -> its source blocks (one case each in
                      the reverse walk): the path is recorded only on edges
                      into blocks with more than one */
  int nrets;       /* primal blocks returning: the path records which one
                      only when there are several */
  int nvalues;
  ir_block *cur;        /* where instructions are appended */
  const ir_value *user; /* the primal instruction whose adjoint is being
                           built (NULL: an edge or the return) */
  ir_value *seed;       /* the adjoint of a func's result: its parameter in a
                           vector-Jacobian product (NULL: 1, the gradient) */
} actx;

/* ---- helpers ------------------------------------------------------------ */

/* atomic_add/sub/min/max pass gradients; Warp's adjoints of atomic_cas,
 * atomic_exch and the bit-wise atomics are empty. */
static inline bool atomic_has_grad(ir_builtin_id id) {
  return id == IR_B_ATOMIC_ADD || id == IR_B_ATOMIC_SUB ||
         id == IR_B_ATOMIC_MIN || id == IR_B_ATOMIC_MAX;
}

static inline bool differentiable(const ir_type *t) {
  switch (t->kind) {
  case IR_T_SCALAR: return ir_type_is_float(t);
  case IR_T_VEC:
  case IR_T_MAT: return ir_type_is_float(t->elem);
  case IR_T_TILE: return differentiable(t->elem);
  case IR_T_STRUCT: /* member by member, like tuples */
  case IR_T_TUPLE:
    for (int i = 0; i < t->nmembers; i++)
      if (differentiable(t->members[i]))
        return true;
    return false;
  default: return false;
  }
}

static inline ir_value *emit(actx *a, ir_op op, const ir_type *t,
                             ir_value **args, int n) {
  return ir_append(a->cur, op, t, args, n, (wp_loc){0});
}

static inline ir_value *zero(actx *a, const ir_type *t) {
  return emit(a, IR_ZERO, t, NULL, 0);
}

static inline ir_value *builtin(actx *a, ir_builtin_id id, const ir_type *t,
                                ir_value **args, int n) {
  ir_value *v = emit(a, IR_BUILTIN, t, args, n);
  v->builtin = ir_builtin_get(id);
  return v;
}

static inline ir_value *extract(actx *a, ir_value *agg, int k,
                                const ir_type *t) {
  ir_value *v = emit(a, IR_EXTRACT, t, &agg, 1);
  v->aux = k;
  return v;
}

static inline ir_value *insert(actx *a, ir_value *agg, int k, ir_value *x) {
  ir_value *args[2] = {agg, x};
  ir_value *v = emit(a, IR_INSERT, agg->type, args, 2);
  v->aux = k;
  return v;
}

static inline const ir_type *component_type(actx *a, const ir_type *t, int k) {
  if (t->kind == IR_T_TUPLE || t->kind == IR_T_STRUCT)
    return t->members[k];
  if (t->kind == IR_T_MAT)
    return ir_t_vec(a->T, t->scalar, t->cols);
  return t->elem;
}

/* x + y for any differentiable type (tuples member by member; structs with
 * the emitter's member-wise wp_add_<S>_<S>). */
static inline ir_value *add(actx *a, ir_value *x, ir_value *y) {
  if (ir_type_has_half(x->type)) { /* in float32, rounded back (Warp's +=) */
    const ir_type *w = ir_t_rescalar(a->T, x->type, WP_SCALAR_FLOAT32);
    ir_value *args[2] = {emit(a, IR_CAST, w, &x, 1),
                         emit(a, IR_CAST, w, &y, 1)};
    ir_value *s = builtin(a, IR_B_ADD, w, args, 2);
    return emit(a, IR_CAST, x->type, &s, 1);
  }
  if (x->type->kind == IR_T_TILE) { /* element-wise */
    ir_value *args[2] = {x, y};
    ir_value *v = builtin(a, IR_B_TILE_MAP, x->type, args, 2);
    v->aux = IR_B_ADD;
    return v;
  }
  if (x->type->kind != IR_T_TUPLE) {
    ir_value *args[2] = {x, y};
    return builtin(a, IR_B_ADD, x->type, args, 2);
  }
  ir_value *r = x;
  for (int i = 0; i < x->type->nmembers; i++) {
    const ir_type *mt = x->type->members[i];
    if (!differentiable(mt))
      continue;
    r = insert(a, r, i, add(a, extract(a, x, i, mt), extract(a, y, i, mt)));
  }
  return r;
}

static inline int slot_of(actx *a, const ir_value *v) {
  if (a->slot[v->id] < 0)
    a->slot[v->id] = ir_add_local(a->b, v->type);
  return a->slot[v->id];
}

static inline ir_value *local_get(actx *a, int slot) {
  ir_value *v = emit(a, IR_LOCAL_GET, a->b->locals[slot], NULL, 0);
  v->aux = slot;
  return v;
}

static inline void local_set(actx *a, int slot, ir_value *x) {
  ir_value *v = emit(a, IR_LOCAL_SET, ir_t_void(a->T), &x, 1);
  v->aux = slot;
}

/* The adjoint of primal value v so far, or NULL when it has none (its type
 * is not differentiable).  Every differentiable value gets its local: the
 * reverse blocks are built in layout order, so a use that accumulates into
 * it may be built after its definition's block. */
static inline ir_value *adjoint_of(actx *a, const ir_value *v) {
  if (!differentiable(v->type) || v->op == IR_CONST || v->op == IR_ZERO)
    return NULL;
  return local_get(a, slot_of(a, v));
}

/* Whether the adjoint of u is still zero when its use a->user is
 * processed: u's only use, in u's own block (each run of the block defines u
 * and uses it once, and the definition's reverse zeroes the slot), so the
 * contribution can be stored instead of added. */
static inline bool first_contribution(const actx *a, const ir_value *u) {
  return a->user && u->uses == 1 && u->op != IR_BLOCK_ARG &&
         u->op != IR_PARAM && u->block == a->user->block;
}

/* adj(u) += contribution. */
static inline void accum(actx *a, const ir_value *u, ir_value *c) {
  if (!differentiable(u->type) || u->op == IR_CONST || u->op == IR_ZERO)
    return;
  int s = slot_of(a, u);
  local_set(a, s, first_contribution(a, u) ? c : add(a, local_get(a, s), c));
}

/* adj(u).member k += c for a tuple or struct u: only that member is
 * touched. */
static inline void accum_member(actx *a, const ir_value *u, int k,
                                ir_value *c) {
  if (!differentiable(u->type) || u->op == IR_CONST || u->op == IR_ZERO ||
      !differentiable(u->type->members[k]))
    return;
  int s = slot_of(a, u);
  if (first_contribution(a, u)) {
    local_set(a, s, insert(a, zero(a, u->type), k, c));
    return;
  }
  ir_value *cur = local_get(a, s);
  ir_value *m = extract(a, cur, k, u->type->members[k]);
  local_set(a, s, insert(a, cur, k, add(a, m, c)));
}

static inline ir_value *fwd(actx *a, const ir_value *v) {
  return a->fwd[v->id];
}

/* adjoint_value.c: the adjoint rule of primal instruction v (a->user),
 * emitted where the reverse walk is (a->cur): contributions to the adjoints
 * of its operands; the making of a frame array zeroes its grad. */
void ir_adj_value(actx *a, const ir_value *v);

/* adjoint_tape.c: removes from backward function b the saves and restores
 * (IR_TAPE_PUSH, IR_RESTORE) of values that no instruction of the reverse
 * sweep (the blocks reachable from `reverse`) reads; renumbers b.  Returns
 * how many instructions went. */
int ir_adj_prune_tape(ir_func *b, ir_block *reverse, wp_arena *A);

#endif
