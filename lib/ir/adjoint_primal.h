/* adjoint_primal.h - private to lib/ir: analyses of the primal kernel for
 * the adjoint transform (adjoint_primal.c; used by adjoint.c). */
#ifndef WARPC_ADJOINT_PRIMAL_H
#define WARPC_ADJOINT_PRIMAL_H

#include "ir.h"

/* A private copy of kernel k (not in m's function list) with every
 * @wp.func call inlined. */
ir_func *ir_adj_inlined_copy(ir_module *m, ir_func *k);

/* Sets in_loop[b] (p->nblocks + 1 entries, zeroed) for each block of p
 * that can reach itself; scratch from A.  Linear time. */
void ir_adj_find_loops(ir_func *p, bool *in_loop, wp_arena *A);

/* The array values of p (numbered by ir_preds_build: nvalues of them) that
 * are (views or slices of) arrays made in the function by wp.zeros() or a
 * copy of one, also through block arguments all of whose incoming values
 * are: an array of flags by value id, from A.  Their storage is the
 * frame's, so the backward function has its own, which it must fill
 * again. */
bool *ir_adj_frame_arrays(ir_func *p, int nvalues, wp_arena *A);

/* injective.c: for each IR_LOAD of kernel p (by value id, nvalues of
 * them; frame from ir_adj_frame_arrays), K > 0 when the adjoint of the read
 * has a single writer in every launch of at most K dimensions (its index is
 * injective in the thread and no other access of an array of its dtype can
 * touch the element from another thread), so the grad may be added to
 * without an atomic; 0 otherwise.  An array of ints from A. */
int *ir_single_writer_loads(const ir_func *p, int nvalues, const bool *frame,
                            wp_arena *A);

#endif
