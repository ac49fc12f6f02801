/* adjoint_value.c - the adjoint rules of single instructions of the
 * primal function, applied by the reverse walk (adjoint.c) to each
 * instruction of a block in reverse order: builtins (through their
 * prelude rules, the tile rules of adjoint_tile.c, where), calls of funcs
 * with a custom gradient, casts, composition, extraction and insertion,
 * loads, stores and atomics, and the frame arrays' grads.
 *
 * Reads add their adjoints into the grads atomically, or with a plain add
 * where the read's index is injective in the thread (injective.c).
 *
 * Adjoints of values are locals of the backward function (accumulators,
 * zeroed when the reverse walk passes the value's definition).  Builtins'
 * rules live in the prelude next to the primal definitions (wp_adj_<name>);
 * structural operations (compose, extract, insert, casts, memory) are
 * differentiated here.  Warp's array conventions: a read adds its adjoint
 * into the array's grad atomically, a write takes the grad's value, `+=` and
 * atomic_add pass it through.  Adjoints of scalar parameters are dropped.
 */
#include "../../runtime/include/warp/abi.h"
#include "adjoint_internal.h"
#include "adjoint_tile.h"
#include "ir.h"

static ir_value *hook_fwd(void *ctx, const ir_value *v) {
  return fwd(ctx, v);
}
static void hook_accum(void *ctx, const ir_value *u, ir_value *c) {
  accum(ctx, u, c);
}
static ir_value *hook_emit(void *ctx, ir_op op, const ir_type *t,
                           ir_value **args, int n) {
  return emit(ctx, op, t, args, n);
}

static void adjoint_builtin(actx *a, const ir_value *v, ir_value *g) {
  if (v->builtin->id >= IR_B_TILE_ZEROS && v->builtin->id <= IR_B_TILE_MATMUL) {
    ir_adj_hooks h = {a, a->T, hook_fwd, hook_accum, hook_emit, a->m};
    ir_tile_adjoint(&h, v, g);
    return;
  }
  if (v->builtin->id == IR_B_WHERE) {
    ir_value *c = fwd(a, v->args[0]);
    ir_value *z = zero(a, g->type);
    ir_value *t[3] = {c, g, z}, *f[3] = {c, z, g};
    accum(a, v->args[1], builtin(a, IR_B_WHERE, g->type, t, 3));
    accum(a, v->args[2], builtin(a, IR_B_WHERE, g->type, f, 3));
    return;
  }
  if (!v->builtin->adjoint)
    return; /* zero gradient: comparisons, rounding, sign, ... */
  int n = v->nargs;
  ir_value **args = WP_NEW_ARRAY(a->A, ir_value *, n + 2);
  for (int i = 0; i < n; i++)
    args[i] = fwd(a, v->args[i]);
  if (v->type->kind == IR_T_VOID) {
    /* writes arrays (spatial_jacobian, spatial_mass): the rule reads the
       outputs' grads and adds to the inputs' grads itself */
    ir_value *r = emit(a, IR_ADJ_BUILTIN, ir_t_void(a->T), args, n);
    r->builtin = v->builtin;
    r->aux2 = n;
    return;
  }
  args[n] = fwd(a, v);
  args[n + 1] = g;
  ir_value *r = emit(a, IR_ADJ_BUILTIN, ir_t_void(a->T), args, n + 2);
  r->builtin = v->builtin;
  r->aux2 = n;
  r->slots = WP_NEW_ARRAY(a->A, int, n);
  for (int i = 0; i < n; i++)
    r->slots[i] = differentiable(v->args[i]->type) && v->args[i]->op != IR_CONST
                      ? slot_of(a, v->args[i])
                      : ir_add_local(a->b, v->args[i]->type); /* discarded */
}

/* Where the reverse sweep reaches the making of a frame array (wp.zeros, or
 * the copy `c = a`): a copy hands its grad to its source; then the grad
 * storage is zeroed, so that an earlier loop iteration's array starts with
 * none of a later one's adjoints. */
static void adjoint_frame_array(actx *a, const ir_value *v) {
  if (!differentiable(v->type->elem))
    return;
  ir_value *arr = fwd(a, v);
  if (v->op == IR_ARRAY_COPY) {
    ir_value *args[2] = {arr, fwd(a, v->args[0])};
    ir_value *c = emit(a, IR_ARRAY_COPY_ADJ, ir_t_void(a->T), args, 2);
    c->aux = v->aux;
  }
  ir_value *z = emit(a, IR_ARRAY_ZERO_GRAD, ir_t_void(a->T), &arr, 1);
  z->aux = v->aux;
}

void ir_adj_value(actx *a, const ir_value *v) {
  ir_value *g = NULL;
  if (v->op == IR_ARRAY_LOCAL || v->op == IR_ARRAY_COPY) {
    adjoint_frame_array(a, v);
    return;
  }
  if (v->type->kind != IR_T_VOID && v->op != IR_ATOMIC) {
    g = adjoint_of(a, v);
    if (!g)
      return;
  }
  switch (v->op) {
  case IR_BUILTIN: adjoint_builtin(a, v, g); return;
  case IR_CALL: { /* a func with a @wp.func_grad (others are inlined) */
    ir_func *cg = v->callee->custom_grad;
    if (!cg)
      return; /* a wp.grad() function: no second derivatives */
    int n = v->nargs;
    ir_value **args = WP_NEW_ARRAY(a->A, ir_value *, n + 1);
    for (int i = 0; i < n; i++)
      args[i] = fwd(a, v->args[i]);
    args[n] = g;
    if (cg->param_types[n] != g->type) /* a Python func's wp.ref[T] rule:
                                          the result's own adjoint */
      args[n] = extract(a, g, 0, cg->param_types[n]);
    ir_value *r = emit(a, IR_CALL, cg->ret, args, n + 1);
    r->callee = cg;
    for (int i = 0; i < n; i++)
      if (differentiable(v->args[i]->type))
        accum(a, v->args[i], extract(a, r, i, v->args[i]->type));
    return;
  }
  case IR_CAST:
    if (differentiable(v->args[0]->type))
      accum(a, v->args[0],
            v->args[0]->type == g->type
                ? g
                : emit(a, IR_CAST, v->args[0]->type, &g, 1));
    return;
  case IR_COMPOSE:
    for (int k = 0; k < v->nargs; k++) {
      ir_value *c;
      if (v->type->kind == IR_T_MAT && v->args[k]->type->kind == IR_T_SCALAR) {
        int cols = v->type->cols;
        ir_value *row = extract(a, g, k / cols, component_type(a, v->type, 0));
        c = extract(a, row, k % cols, v->type->elem);
      } else
        c = extract(a, g, k, component_type(a, v->type, k));
      accum(a, v->args[k], c);
    }
    return;
  case IR_EXTRACT:
    if (v->args[0]->type->kind == IR_T_STRUCT ||
        v->args[0]->type->kind == IR_T_TUPLE)
      accum_member(a, v->args[0], v->aux, g);
    else
      accum(a, v->args[0], insert(a, zero(a, v->args[0]->type), v->aux, g));
    return;
  case IR_EXTRACT_DYN: {
    ir_value *args[3] = {zero(a, v->args[0]->type), fwd(a, v->args[1]), g};
    accum(a, v->args[0], emit(a, IR_INSERT_DYN, v->args[0]->type, args, 3));
    return;
  }
  case IR_INSERT:
    accum(a, v->args[1], extract(a, g, v->aux, v->args[1]->type));
    accum(a, v->args[0], insert(a, g, v->aux, zero(a, v->args[1]->type)));
    return;
  case IR_INSERT_DYN: {
    ir_value *ix = fwd(a, v->args[1]);
    ir_value *e[2] = {g, ix};
    accum(a, v->args[2], emit(a, IR_EXTRACT_DYN, v->args[2]->type, e, 2));
    ir_value *i3[3] = {g, ix, zero(a, v->args[2]->type)};
    accum(a, v->args[0], emit(a, IR_INSERT_DYN, v->type, i3, 3));
    return;
  }
  case IR_LOAD: {
    ir_value **args = WP_NEW_ARRAY(a->A, ir_value *, v->nargs + 1);
    for (int i = 0; i < v->nargs; i++)
      args[i] = fwd(a, v->args[i]);
    args[v->nargs] = g;
    ir_value *ga = emit(a, IR_GRAD_ACCUM, ir_t_void(a->T), args, v->nargs + 1);
    ga->aux = a->single ? a->single[v->id] : 0; /* plain add: injective.c */
    return;
  }
  case IR_STORE:
  case IR_ATOMIC: {
    if (v->op == IR_ATOMIC && !atomic_has_grad(v->builtin->id))
      return; /* cas, exch, and, or, xor: no gradient, as in Warp */
    const ir_value *val = v->args[v->nargs - 1];
    if (!differentiable(val->type))
      return;
    ir_value **args = WP_NEW_ARRAY(a->A, ir_value *, v->nargs);
    for (int i = 0; i + 1 < v->nargs; i++)
      args[i] = fwd(a, v->args[i]);
    ir_value *gl = emit(a, IR_GRAD_LOAD, val->type, args, v->nargs - 1);
    gl->aux = v->op == IR_STORE; /* a write consumes the slot's adjoint */
    ir_builtin_id n = v->op == IR_ATOMIC ? v->builtin->id : IR_B_NONE;
    if (n == IR_B_ATOMIC_SUB && ir_type_has_half(gl->type)) {
      const ir_type *w = ir_t_rescalar(a->T, gl->type, WP_SCALAR_FLOAT32);
      ir_value *x = emit(a, IR_CAST, w, &gl, 1);
      x = builtin(a, IR_B_NEG, w, &x, 1);
      gl = emit(a, IR_CAST, gl->type, &x, 1);
    } else if (n == IR_B_ATOMIC_SUB)
      gl = builtin(a, IR_B_NEG, gl->type, &gl, 1);
    else if (n == IR_B_ATOMIC_MIN || n == IR_B_ATOMIC_MAX) {
      /* the value reaches the grad only if it is what the array holds */
      ir_value *cur = emit(a, IR_LOAD, val->type, args, v->nargs - 1);
      ir_value *eq[2] = {fwd(a, val), cur};
      if (ir_type_has_half(val->type)) /* Warp's == on halves: in float32 */
        for (int k = 0; k < 2; k++)
          eq[k] = emit(a, IR_CAST,
                       ir_t_rescalar(a->T, val->type, WP_SCALAR_FLOAT32),
                       &eq[k], 1);
      ir_value *w[3] = {builtin(a, IR_B_EQ, ir_t_bool(a->T), eq, 2), gl,
                        zero(a, gl->type)};
      gl = builtin(a, IR_B_WHERE, gl->type, w, 3);
    }
    accum(a, val, gl);
    return;
  }
  default: return;
  }
}
