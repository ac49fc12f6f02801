/* adjoint_tile.h - private to lib/ir: the adjoint rules of the tile
 * builtins (adjoint_tile.c), called by the reverse sweep (adjoint.c,
 * adjoint_value.c) through these hooks into its context. */
#ifndef WARPC_IR_ADJOINT_TILE_H
#define WARPC_IR_ADJOINT_TILE_H

#include "ir.h"

typedef struct ir_adj_hooks {
  void *ctx;
  ir_types *T;
  /* the replayed value of primal value v */
  ir_value *(*fwd)(void *ctx, const ir_value *v);
  /* adj(u) += c */
  void (*accum)(void *ctx, const ir_value *u, ir_value *c);
  /* a new instruction of the backward function, where the sweep is */
  ir_value *(*emit)(void *ctx, ir_op op, const ir_type *t, ir_value **args,
                    int n);
  ir_module *m; /* where the vector-Jacobian products of funcs go */
} ir_adj_hooks;

/* Whether tile instruction v has an adjoint rule here (then
 * ir_tile_adjoint handles it); kernels using tile builtins without one get
 * no backward kernel. */
bool ir_tile_has_adjoint(const ir_value *v);
/* The adjoint of tile instruction v, whose result's adjoint is g (NULL for
 * tile_store). */
void ir_tile_adjoint(const ir_adj_hooks *h, const ir_value *v, ir_value *g);

/* adjoint_tile_half.c: whether a float16/bfloat16 tile is among v's
 * result and tile operands; then whether v has an adjoint rule; the rule
 * of tile_astype. */
bool ir_tile_half_involved(const ir_value *v);
bool ir_tile_half_has_adjoint(const ir_value *v);
void ir_tile_astype_adjoint(const ir_adj_hooks *h, const ir_value *v,
                            ir_value *g);

/* adjoint_tile.c's helpers: a tile instruction of the backward function;
 * adj(u) += c, c made u's tile type (views) first. */
ir_value *ir_tile_adj_op(const ir_adj_hooks *h, ir_builtin_id id,
                         const ir_type *t, ir_value **args, int n);
void ir_tile_adj_acc(const ir_adj_hooks *h, const ir_value *u, ir_value *c);

/* adjoint_tile_linalg.c: whether v is one of the linear-algebra tile
 * builtins (Cholesky, the solves, tile_diag_add) or a sum scan, whose
 * adjoints it has; that adjoint. */
bool ir_tile_linalg_handles(const ir_value *v);
void ir_tile_linalg_adjoint(const ir_adj_hooks *h, const ir_value *v,
                            ir_value *g);

/* adjoint_tile_struct.c: whether a tile of @wp.struct elements is among
 * v's result and tile operands; then whether v has an adjoint rule. */
bool ir_tile_struct_involved(const ir_value *v);
bool ir_tile_struct_has_adjoint(const ir_value *v);

/* adjoint_tile_view.c: views, regions and writes of tiles (tile_view,
 * slices, tile_assign, t[i, j] = x, tile_reshape): whether v is one, and
 * its adjoint (false: not one of them). */
bool ir_tile_view_has_adjoint(const ir_value *v);
bool ir_tile_view_adjoint(const ir_adj_hooks *h, const ir_value *v,
                          ir_value *g);

/* ir_tile_no_adjoint (ir.h) with depth: the calls above f. */

#endif
