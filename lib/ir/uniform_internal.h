/* uniform_internal.h - what the SPMD analyses of forward kernels
 * (uniform.c) and of backward functions (uniform_adj.c) share
 * (uniform_walk.c).  Internal to lib/ir. */
#ifndef WARPC_IR_UNIFORM_INTERNAL_H
#define WARPC_IR_UNIFORM_INTERNAL_H

#include "ir.h"

/* Why instruction v may not appear in either SPMD form, or NULL when it
 * may: the value operations both forms allow (constants, casts,
 * components, loads, array shapes, wp.tid(), branches, returns, pure
 * builtins); a builtin with side effects or any other operation is
 * refused. */
const char *ir_spmd_refuse_op(const ir_value *v);

/* Checks every value of f (block parameters too) has an id below n
 * (ir_count_values(f)), refuse(v) is NULL for every instruction and every
 * wp.tid() has one dimension; returns the first reason it finds (a static
 * string) or NULL. */
const char *ir_spmd_check_ops(const ir_func *f, int n,
                              const char *(*refuse)(const ir_value *v));

/* One step of the fixpoint at terminator v: marks in vary (by value id)
 * each block parameter that v passes a varying value to; true when it
 * marked one. */
bool ir_spmd_mark_edges(const ir_value *v, bool *vary);

/* Checks, after the fixpoint, that no array value or block parameter of f
 * varies and that no branch or switch is on a varying value; returns the
 * reason (a static string) or NULL. */
const char *ir_spmd_check_uniform(const ir_func *f, const bool *vary);

#endif
